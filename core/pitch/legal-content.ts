/**
 * The shape of a legal page's text as content data (privacy policy, terms of service): sections of
 * blocks, each block's text a string or a run of spans. The server formats it from the message
 * catalogs (server/legal) in the language the page's body is written in; the page draws it.
 */

/**
 * A piece of running text: plain, bold, a link (`to` inside the site, `href` anywhere else), or
 * words shown as written in every language (`asWritten`: a postal address, a proper name).
 */
export type Span =
  | string
  | { strong: string }
  | { link: string; to: string }
  | { link: string; href: string }
  | { asWritten: string };

/** A paragraph's or a list item's text. */
export type RichText = string | readonly Span[];

export type LegalBlock =
  | { kind: "paragraph"; text: RichText }
  | { kind: "list"; items: readonly RichText[] }
  /** A postal address: one line each. */
  | { kind: "address"; lines: readonly RichText[] };

/** A numbered section: its anchor, its heading and its blocks in order. */
export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

/** A legal page's body, formatted in one language (its title and description are the page's own words). */
export interface LegalDocument {
  /** The language the sections are written in (Welsh or English: the full text is offered in those two). */
  locale: "en" | "cy";
  /** The date of the text's last change (YYYY-MM-DD). */
  lastUpdated: string;
  sections: readonly LegalSection[];
}

export const paragraph = (text: RichText): LegalBlock => ({ kind: "paragraph", text });
export const list = (...items: RichText[]): LegalBlock => ({ kind: "list", items });
export const address = (...lines: RichText[]): LegalBlock => ({ kind: "address", lines });
