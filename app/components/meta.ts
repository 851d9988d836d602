import type { MetaDescriptor } from "@remix-run/cloudflare";
import { defineMessages, type IntlShape, type MessageDescriptor } from "react-intl";
import { metaIntl } from "#app/components/i18n/language.tsx";

/** The site's name and description: the root's own words (said even when its loader failed), so every page has them. */
export const siteMessages = defineMessages({
  name: { id: "shell.root.serviceName", defaultMessage: "UK Digital Identity" },
  description: {
    id: "shell.root.description",
    defaultMessage: "Hold, share and check Right to Work, Right to Rent and DBS credentials.",
    description: "The site's description for search engines",
  },
});

type Matches = Parameters<typeof metaIntl>[0];

/**
 * Spec 001 §2: every page sets a document title and description, and the social (Open Graph)
 * title and description. One helper so no page forgets the social pair; the site's name is said in
 * the page's language (`intl` is the page's: metaIntl(matches)), like the title it ends.
 */
export function pageMeta(
  intl: Pick<IntlShape, "formatMessage">,
  { title, description }: { title: string; description: string },
): MetaDescriptor[] {
  const site = intl.formatMessage(siteMessages.name);
  const fullTitle = title.includes(site) ? title : `${title} | ${site}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site },
    { name: "twitter:card", content: "summary" },
  ];
}

/**
 * A route's `meta` from its own title and description messages, in the page's language (the root
 * sends every matched route's messages): `export const meta: MetaFunction = ({ matches }) =>
 * routeMeta(matches, messages)`. One way for every page, whether or not it has a loader (ADR 039).
 */
export function routeMeta(
  matches: Matches,
  words: { title: MessageDescriptor; description: MessageDescriptor },
): MetaDescriptor[] {
  const intl = metaIntl(matches);
  return pageMeta(intl, { title: intl.formatMessage(words.title), description: intl.formatMessage(words.description) });
}
