import { defineMessages, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { responseTimeVariant, type Severity } from "#core/analytics/dashboard.ts";
import { capitalise } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";

type Values = {
  level: { level: string; name: string | number };
  milliseconds: { ms: string | number };
  severity: { severity: string };
  severityLabel: { severity: string; name: string | number };
};
const messages = defineMessages<Values>({
  severity: {
    id: "analytics.badges.severity",
    defaultMessage: "{severity, select, critical {critical} high {high} medium {medium} low {low} other {{severity}}}",
    description: "An error's severity on a badge (shown in capitals).",
  },
  severityLabel: {
    id: "analytics.badges.severityLabel",
    defaultMessage: "{severity, select, critical {Critical} high {High} medium {Medium} low {Low} other {{name}}}",
    description: "An error's severity in a chart's legend and table; {name} is an unknown one as recorded.",
  },
  level: {
    id: "analytics.badges.level",
    defaultMessage: "{level, select, debug {Debug} info {Info} warn {Warn} error {Error} other {{name}}}",
    description: "A log line's level; {name} is an unknown one as recorded.",
  },
  milliseconds: {
    id: "analytics.badges.milliseconds",
    defaultMessage: "{ms} ms",
    description: "A response time in milliseconds; {ms} is a whole number ('1,234').",
  },
});

/** The severities' words: as a badge says them, and as a legend does. */
export function useSeverityWords() {
  const intl = useIntl();
  return {
    badge: (severity: string) => intl.formatMessage(messages.severity, { severity }),
    label: (severity: string) => intl.formatMessage(messages.severityLabel, { severity, name: capitalise(severity) }),
  };
}

/** A log level's word ("Warn"), for its badge and the level filter. */
export function useLevelWord() {
  const intl = useIntl();
  return (level: string) => intl.formatMessage(messages.level, { level, name: capitalise(level) });
}

/**
 * Spec 000 §9's severity colours (critical red, high orange, medium yellow, low blue), the same in
 * badges, legends and chart marks. Whole class names, so Tailwind finds them. Badge text on its
 * background meets WCAG AA in both themes; the word is always written, never the colour alone.
 */
export const SEVERITY_COLOURS: Record<Severity, { badge: string; swatch: string; fill: string }> = {
  critical: {
    badge: "bg-red-700 text-white",
    swatch: "bg-red-700 dark:bg-red-500",
    fill: "fill-red-700 dark:fill-red-500",
  },
  high: {
    badge: "bg-orange-500 text-govuk-black",
    swatch: "bg-orange-500 dark:bg-orange-400",
    fill: "fill-orange-500 dark:fill-orange-400",
  },
  medium: {
    badge: "bg-yellow-300 text-govuk-black",
    swatch: "bg-yellow-400 dark:bg-yellow-300",
    fill: "fill-yellow-400 dark:fill-yellow-300",
  },
  low: {
    badge: "bg-blue-700 text-white",
    swatch: "bg-blue-700 dark:bg-blue-400",
    fill: "fill-blue-700 dark:fill-blue-400",
  },
};

const badgeShape = "inline-flex shrink-0 items-center rounded-sm px-2 py-0.5 text-xs font-bold uppercase tracking-wide";

export function SeverityBadge({ severity }: { severity: Severity }) {
  const words = useSeverityWords();
  return (
    <span
      className={`${badgeShape} ${SEVERITY_COLOURS[severity]?.badge ?? TONE_CLASSES.neutral.badge}`}
      data-severity={severity}
    >
      {words.badge(severity)}
    </span>
  );
}

/**
 * Spec 000 §9's response-time badge in this product's colours: the spec names shadcn's variants
 * (destructive over 1000 ms, default over 500 ms, otherwise secondary); here destructive is solid
 * red, default amber (worth a look) and secondary grey. The figure itself is the badge's text.
 */
const VARIANT_CLASSES: Record<ReturnType<typeof responseTimeVariant>, string> = {
  destructive: TONE_CLASSES.bad.solid,
  default: TONE_CLASSES.warn.solid,
  secondary: TONE_CLASSES.neutral.badge,
};

/** `large` for a headline tile, where the badge is the figure. */
export function ResponseTimeBadge({ ms, large = false }: { ms: number; large?: boolean }) {
  const intl = useIntl();
  const f = useFormats();
  const variant = responseTimeVariant(ms);
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-sm font-bold tabular-nums ${large ? "px-3 py-1 text-3xl" : "px-2 py-0.5 text-xs"} ${VARIANT_CLASSES[variant]}`}
      data-variant={variant}
    >
      {intl.formatMessage(messages.milliseconds, { ms: f.number(Math.round(ms)) })}
    </span>
  );
}

const LEVEL_TONES: Record<string, Tone> = { debug: "neutral", info: "info", warn: "warn", error: "bad" };

export function LevelBadge({ level }: { level: string }) {
  const word = useLevelWord();
  return <StatusBadge tone={LEVEL_TONES[level] ?? "neutral"}>{word(level)}</StatusBadge>;
}
