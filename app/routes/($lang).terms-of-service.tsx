import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages, type NoMessageValues, useIntl } from "react-intl";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { LegalPage } from "#app/components/pitch/legal-body.tsx";
import { DEFAULT_LOCALE, isLocale } from "#core/i18n/locales.ts";
import { DURATION } from "#core/pitch/durations.ts";
import { SERVICE } from "#core/pitch/programme.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { legalDocument } from "#server/legal/documents.ts";

const messages = defineMessages<{ title: NoMessageValues; description: { uptime: string; seconds: string } }>({
  title: { id: "legal.terms.page.title", defaultMessage: "Terms of Service" },
  description: {
    id: "legal.terms.page.description",
    defaultMessage:
      "The terms for using the UK Digital Identity wallet, verifier portal and assisted-digital service: free for citizens, fees for verifiers, {uptime} uptime and verification in under {seconds}.",
  },
});

/**
 * Spec 000 §2 and 001 §2 "Legal": the terms of service, in English and Welsh (issue 21). Reads no
 * session and sets no cookie, so the page stays edge-cached per address.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const locale = isLocale(params.lang) ? params.lang : DEFAULT_LOCALE;
  const intl = serverIntl(locale);
  return json({
    title: intl.formatMessage(messages.title),
    description: intl.formatMessage(messages.description, {
      uptime: SERVICE.uptimePercent.display,
      seconds: intl.formatMessage(DURATION.seconds, { count: SERVICE.verificationSeconds.value }),
    }),
    document: legalDocument("terms-of-service", locale),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(metaIntl(matches), data) : []);

export default function TermsOfService() {
  const { document } = useLoaderData<typeof loader>();
  const intl = useIntl();
  return <LegalPage title={intl.formatMessage(messages.title)} document={document} />;
}
