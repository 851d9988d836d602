import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { defineMessages, type MessageTag, type NoMessageValues, useIntl } from "react-intl";
import * as z from "zod";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { BackLink, TextLink } from "#app/components/ui/text-link.tsx";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#core/i18n/locales.ts";
import { CONTACTS, mailto } from "#core/pitch/programme.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

/** Spec 000 §2 / 001 §2 "/coming-soon/{feature}": named titles, else the slug's words title-cased. */
const titles = defineMessages({
  apiDocs: { id: "comingSoon.feature.apiDocs", defaultMessage: "API Documentation" },
  systemStatus: { id: "comingSoon.feature.systemStatus", defaultMessage: "System Status" },
  community: { id: "comingSoon.feature.community", defaultMessage: "Community Forum" },
  enterprise: { id: "comingSoon.feature.enterprise", defaultMessage: "Enterprise Solutions" },
  cookies: { id: "comingSoon.feature.cookies", defaultMessage: "Cookie Policy" },
  gdpr: { id: "comingSoon.feature.gdpr", defaultMessage: "GDPR Compliance" },
  security: { id: "comingSoon.feature.security", defaultMessage: "Security Information" },
});
const TITLES: Record<string, (typeof titles)[keyof typeof titles]> = {
  "api-docs": titles.apiDocs,
  "system-status": titles.systemStatus,
  community: titles.community,
  enterprise: titles.enterprise,
  cookies: titles.cookies,
  gdpr: titles.gdpr,
  security: titles.security,
};

type Values = {
  back: NoMessageValues;
  expected: { when: string | number };
  metaDescription: { feature: string | number; when: string | number };
  questions: { link: MessageTag; email: string | number };
  stillBuilding: NoMessageValues;
  underDevelopment: NoMessageValues;
};
const messages = defineMessages<Values>({
  metaDescription: {
    id: "comingSoon.page.metaDescription",
    defaultMessage: "{feature} is under development. Expected availability: {when}.",
    description: "{feature}: the feature's name; {when}: a quarter of a year, as written ('Q2 2025').",
  },
  back: { id: "comingSoon.page.back", defaultMessage: "Back to home" },
  underDevelopment: {
    id: "comingSoon.page.underDevelopment",
    defaultMessage: "Under development",
    description: "A label above the feature's name (shown in capitals).",
  },
  stillBuilding: {
    id: "comingSoon.page.stillBuilding",
    defaultMessage: "We are still building this part of the service.",
  },
  expected: {
    id: "comingSoon.page.expected",
    defaultMessage: "Expected availability: {when}",
    description: "{when}: a quarter of a year, as written ('Q2 2025').",
  },
  questions: {
    id: "comingSoon.page.questions",
    defaultMessage: "Questions in the meantime? Contact us at <link>{email}</link>.",
    description: "<link> is the support email address, linked.",
  },
});

/** Spec 000 §9. */
const EXPECTED_AVAILABILITY = "Q2 2025";
const SUPPORT_EMAIL = CONTACTS.support.email;

const FeatureSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i)
  .max(64);

/**
 * The feature's name: a named feature's in the page's language, else the address's words
 * title-cased (`fromAddress`: shown as the address has them, in no language of ours).
 */
function featureTitle(slug: string, locale: Locale): { title: string; fromAddress: boolean } {
  const named = TITLES[slug.toLowerCase()];
  if (named) return { title: serverIntl(locale).formatMessage(named), fromAddress: false };
  const title = slug
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
  return { title, fromAddress: true };
}

export function loader({ params }: LoaderFunctionArgs) {
  const locale = isLocale(params.lang) ? params.lang : DEFAULT_LOCALE;
  const slug = FeatureSchema.safeParse(params.feature);
  // Anything that is not a slug is not a feature: the 404 page.
  if (!slug.success) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const { title, fromAddress } = featureTitle(slug.data, locale);
  return json({
    title,
    fromAddress,
    description: serverIntl(locale).formatMessage(messages.metaDescription, {
      feature: title,
      when: EXPECTED_AVAILABILITY,
    }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(metaIntl(matches), data) : []);

export default function ComingSoon() {
  const intl = useIntl();
  const { title, fromAddress } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <BackLink>{intl.formatMessage(messages.back)}</BackLink>
      <Card className="mt-6 p-8">
        <span className="inline-flex items-center gap-2 rounded-sm bg-govuk-yellow px-2 py-1 text-sm font-bold uppercase tracking-wide text-govuk-black">
          <Icon name="settings" className="h-4 w-4" />
          {intl.formatMessage(messages.underDevelopment)}
        </span>
        <h1 className="mt-4 text-4xl font-bold" translate={fromAddress ? "no" : undefined}>
          {title}
        </h1>
        <p className="mt-4 text-lg">{intl.formatMessage(messages.stillBuilding)}</p>
        <p className="mt-4 text-lg">
          <strong>{intl.formatMessage(messages.expected, { when: EXPECTED_AVAILABILITY })}</strong>
        </p>
        <p className="mt-6 border-s-4 border-govuk-border ps-4 text-govuk-grey dark:border-slate-600 dark:text-slate-400">
          {intl.formatMessage(messages.questions, {
            email: SUPPORT_EMAIL,
            link: (chunks) => (
              <TextLink href={mailto(SUPPORT_EMAIL)} dir="ltr" translate="no">
                {chunks}
              </TextLink>
            ),
          })}
        </p>
      </Card>
    </div>
  );
}
