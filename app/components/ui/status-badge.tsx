import type { HTMLAttributes, ReactNode } from "react";
import type { Tone } from "#core/format/tone.ts";
import { TONE_CLASSES } from "./tone.ts";

/**
 * The one status badge: a short label in the tone's colours (soft, or solid for a state that
 * must stand out). What a status is called and which tone it takes is the caller's table
 * (credential status, share status, profile section); how it looks is decided here.
 */
export function StatusBadge({
  tone,
  solid = false,
  children,
  className = "",
  ...props
}: { tone: Tone; solid?: boolean; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  const colours = solid ? TONE_CLASSES[tone].solid : TONE_CLASSES[tone].badge;
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-sm px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${colours} ${className}`.trim()}
      {...props}
    >
      {children}
    </span>
  );
}
