import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages, type NoMessageValues, useIntl } from "react-intl";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { PrivacySummary } from "#app/components/pitch/legal/privacy-summary.tsx";
import { LegalPage } from "#app/components/pitch/legal-body.tsx";
import { DEFAULT_LOCALE, isLocale } from "#core/i18n/locales.ts";
import { SERVICE } from "#core/pitch/programme.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { legalDocument } from "#server/legal/documents.ts";

const messages = defineMessages<{ title: NoMessageValues; description: { hours: number } }>({
  title: { id: "legal.privacyPolicy.page.title", defaultMessage: "Privacy Policy" },
  description: {
    id: "legal.privacyPolicy.page.description",
    defaultMessage:
      "How UK Digital Identity uses personal data: roles under UK GDPR, lawful bases, selective disclosure, {hours}-hour deletion of raw biometric and document data, retention and your rights.",
  },
});

/**
 * Spec 000 §2 and 001 §2 "Legal": the privacy policy. Offered in every language (issue 21): its
 * summary is in the page's language; its full text is in Welsh and English, and in English on a
 * page in any other language (server/legal/documents.ts). Reads no session and sets no cookie,
 * so the page stays edge-cached per address.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const locale = isLocale(params.lang) ? params.lang : DEFAULT_LOCALE;
  const intl = serverIntl(locale);
  return json({
    title: intl.formatMessage(messages.title),
    description: intl.formatMessage(messages.description, { hours: SERVICE.rawDataDeletionHours.value }),
    document: legalDocument("privacy-policy", locale),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(metaIntl(matches), data) : []);

export default function PrivacyPolicy() {
  const { document } = useLoaderData<typeof loader>();
  const intl = useIntl();
  return <LegalPage title={intl.formatMessage(messages.title)} document={document} summary={<PrivacySummary />} />;
}
