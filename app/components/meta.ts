import type { MetaDescriptor } from "@remix-run/cloudflare";

const SITE_NAME = "UK Digital Identity";

/**
 * Spec 001 §2: every page sets a document title and description, and the social (Open Graph)
 * title and description. One helper so no page forgets the social pair.
 */
export function pageMeta({ title, description }: { title: string; description: string }): MetaDescriptor[] {
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { name: "twitter:card", content: "summary" },
  ];
}
