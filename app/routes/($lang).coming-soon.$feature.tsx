import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { BackLink, TextLink } from "#app/components/ui/text-link.tsx";
import { CONTACTS, mailto } from "#core/pitch/programme.ts";

/** Spec 000 §2 / 001 §2 "/coming-soon/{feature}": named titles, else the slug's words title-cased. */
const TITLES: Record<string, string> = {
  "api-docs": "API Documentation",
  "system-status": "System Status",
  community: "Community Forum",
  enterprise: "Enterprise Solutions",
  cookies: "Cookie Policy",
  gdpr: "GDPR Compliance",
  security: "Security Information",
};

/** Spec 000 §9. */
const EXPECTED_AVAILABILITY = "Q2 2025";
const SUPPORT_EMAIL = CONTACTS.support.email;

const FeatureSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/i)
  .max(64);

function featureTitle(slug: string): string {
  return (
    TITLES[slug.toLowerCase()] ??
    slug
      .split("-")
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
      .join(" ")
  );
}

export function loader({ params }: LoaderFunctionArgs) {
  const slug = FeatureSchema.safeParse(params.feature);
  // Anything that is not a slug is not a feature: the 404 page.
  if (!slug.success) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return json({ title: featureTitle(slug.data) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Coming Soon"} | UK Digital Identity` },
  {
    name: "description",
    content: `${data?.title ?? "This feature"} is under development. Expected availability: ${EXPECTED_AVAILABILITY}.`,
  },
];

export default function ComingSoon() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <BackLink>Back to home</BackLink>
      <Card className="mt-6 p-8">
        <span className="inline-flex items-center gap-2 rounded-sm bg-govuk-yellow px-2 py-1 text-sm font-bold uppercase tracking-wide text-govuk-black">
          <Icon name="settings" className="h-4 w-4" />
          Under development
        </span>
        <h1 className="mt-4 text-4xl font-bold">{title}</h1>
        <p className="mt-4 text-lg">We are still building this part of the service.</p>
        <p className="mt-4 text-lg">
          <strong>Expected availability: {EXPECTED_AVAILABILITY}</strong>
        </p>
        <p className="mt-6 border-s-4 border-govuk-border ps-4 text-govuk-grey dark:border-slate-600 dark:text-slate-400">
          Questions in the meantime? Contact us at <TextLink href={mailto(SUPPORT_EMAIL)}>{SUPPORT_EMAIL}</TextLink>.
        </p>
      </Card>
    </div>
  );
}
