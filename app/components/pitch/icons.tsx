import { Icon, type IconName, LineIcon } from "#app/components/ui/icons.tsx";

/**
 * Line icons only the pitch pages draw, in the shared set's style (24×24, stroke = currentColor,
 * hidden from assistive tech). A name the shared set has is drawn by it: the type refuses a key
 * here that would shadow one of its names.
 */
const PITCH_PATHS = {
  lock: "M5 11h14v10H5zM8 11V7a4 4 0 018 0v4",
  cloud: "M18 19H7a5 5 0 11.9-9.9A6 6 0 0119 11a4 4 0 01-1 8z",
  school: "M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6",
  building: "M3 21h18M5 21V9l7-5 7 5v12M9 21v-5h6v5M9 12h.01M15 12h.01",
  mail: "M4 4h16a2 2 0 012 2v12a2 2 0 01-2 2H4a2 2 0 01-2-2V6a2 2 0 012-2zM22 6l-10 7L2 6",
  arrow: "M5 12h14M13 6l6 6-6 6",
  newTab: "M18 13v6a2 2 0 01-2 2H5a2 2 0 01-2-2V8a2 2 0 012-2h6M15 3h6v6M10 14L21 3",
} as const satisfies Record<string, string> & Partial<Record<IconName, never>>;

export type PitchIconName = IconName | keyof typeof PITCH_PATHS;

/** Icons that point along the line of text, mirrored in a right-to-left page (ADR 036). */
const DIRECTIONAL: ReadonlySet<PitchIconName> = new Set(["arrow", "newTab"]);

const isPitchPath = (name: PitchIconName): name is keyof typeof PITCH_PATHS => Object.hasOwn(PITCH_PATHS, name);

/** An icon of the shared set (ui/icons.tsx) or of the pitch pages' own. */
export function PitchIcon({ name, className = "h-6 w-6" }: { name: PitchIconName; className?: string }) {
  return isPitchPath(name) ? (
    <LineIcon path={PITCH_PATHS[name]} className={className} directional={DIRECTIONAL.has(name)} />
  ) : (
    <Icon name={name} className={className} />
  );
}
