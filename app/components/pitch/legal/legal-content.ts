/**
 * The shape of a legal page's text as content data (privacy policy, terms of service): sections of
 * blocks, each block's text a string or a run of spans. Text stays whole sentences keyed by section
 * (no JSX, no figures glued into markup), so a message catalog can translate it section by section.
 */

/** A piece of running text: plain, bold, or a link (`to` inside the site, `href` anywhere else). */
export type Span = string | { strong: string } | { link: string; to: string } | { link: string; href: string };

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

export interface LegalDocument {
  title: string;
  /** The page's meta description. */
  description: string;
  lastUpdated: { iso: string; text: string };
  sections: readonly LegalSection[];
}

export const paragraph = (text: RichText): LegalBlock => ({ kind: "paragraph", text });
export const list = (...items: RichText[]): LegalBlock => ({ kind: "list", items });
export const address = (...lines: RichText[]): LegalBlock => ({ kind: "address", lines });
