import type { ReactNode } from "react";

/**
 * The rich-text tag for words only screen readers say (a message's `<hidden>…</hidden>`): a button
 * that reads "Revoke" on screen is "Revoke the copies of Right to Work sent 3 May" to a screen
 * reader, so every button on a list says which item it acts on (WCAG 2.4.6, 2.5.3 kept: the visible
 * words come first).
 */
export const screenReaderOnly = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;
