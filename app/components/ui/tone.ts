import type { Tone } from "#core/format/tone.ts";

/**
 * The one mapping from a status tone (core/format/tone.ts) to classes, light and dark. Whole
 * class names, so Tailwind finds them. Every pair meets WCAG 2.2 AA contrast for text (badge
 * text on its background, `text` on the page's white or slate-900 card).
 */
interface ToneClasses {
  /** A small decorative dot beside an event (aria-hidden: the words carry the meaning). */
  dot: string;
  /** Coloured text on a card, e.g. a status row's value. */
  text: string;
  /** A soft badge: tinted background, dark text. */
  badge: string;
  /** A solid badge, for a state that must stand out (spec 000 §4: expired uses the destructive style). */
  solid: string;
}

export const TONE_CLASSES: Record<Tone, ToneClasses> = {
  ok: {
    dot: "bg-govuk-green dark:bg-green-400",
    text: "text-govuk-green dark:text-green-400",
    badge: "bg-green-100 text-govuk-green dark:bg-green-950 dark:text-green-300",
    solid: "bg-govuk-green text-white",
  },
  info: {
    dot: "bg-govuk-blue dark:bg-govuk-blue-light",
    text: "text-govuk-blue dark:text-govuk-blue-light",
    badge: "bg-blue-100 text-govuk-blue-dark dark:bg-blue-950 dark:text-blue-200",
    solid: "bg-govuk-blue text-white",
  },
  warn: {
    dot: "bg-amber-500",
    text: "text-amber-800 dark:text-amber-300",
    badge: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
    solid: "bg-amber-400 text-govuk-black",
  },
  bad: {
    dot: "bg-govuk-red dark:bg-red-400",
    text: "text-govuk-red dark:text-red-400",
    badge: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
    solid: "bg-govuk-red text-white dark:bg-red-800",
  },
  neutral: {
    dot: "bg-slate-500 dark:bg-slate-400",
    text: "",
    badge: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
    solid: "bg-slate-700 text-white dark:bg-slate-300 dark:text-slate-900",
  },
};
