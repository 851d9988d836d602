import type { IntlShape, MessageDescriptor } from "@formatjs/intl";
import type { RichText, Span } from "#core/pitch/legal-content.ts";

/** Where a message's link tag points: a page of the site (`to`) or any address (`href`). */
export type LinkTarget = { to: string } | { href: string };

type Part = string | Exclude<Span, string>;

/**
 * A legal message formatted as the page draws it: `<b>…</b>` is bold, and each tag named in
 * `links` is a link whose words are the tag's content. Plain text stays a string.
 */
export function richText(
  intl: IntlShape,
  message: MessageDescriptor,
  values: Record<string, string | number> = {},
  links: Record<string, LinkTarget> = {},
): RichText {
  const text = (chunks: Part[]) => chunks.map((chunk) => (typeof chunk === "string" ? chunk : "")).join("");
  const tags: Record<string, (chunks: Part[]) => Part> = {
    b: (chunks) => ({ strong: text(chunks) }),
  };
  for (const [tag, target] of Object.entries(links)) tags[tag] = (chunks) => ({ link: text(chunks), ...target });
  // The legal texts' values vary by message: checked by the catalog tests (placeholders) and the documents' tests.
  const formatted = (intl as IntlShape<Part>).formatMessage({ id: message.id }, { ...values, ...tags });
  if (typeof formatted === "string") return formatted;
  const parts = (Array.isArray(formatted) ? formatted : [formatted]).filter((part) => part !== "");
  return parts.length === 1 && typeof parts[0] === "string" ? parts[0] : parts;
}
