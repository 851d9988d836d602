import { Icon, type IconName } from "#app/components/ui/icons.tsx";

/** Icons this page needs that the shared set does not have (same 24×24 stroke style). */
const LOCAL_PATHS = {
  lock: "M5 11h14v10H5zM8 11V7a4 4 0 018 0v4",
  download: "M12 3v12M7 10l5 5 5-5M4 21h16",
  key: "M15.5 8.5a3.5 3.5 0 11-7 0 3.5 3.5 0 017 0zM12 12v9M12 17h3M12 20h2",
  cloud: "M18 19H7a5 5 0 11.9-9.9A6 6 0 0119 11a4 4 0 01-1 8z",
  home: "M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10",
  school: "M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6",
} as const;
export type LocalIconName = keyof typeof LOCAL_PATHS;

export function LocalIcon({ name, className }: { name: LocalIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={LOCAL_PATHS[name]} />
    </svg>
  );
}

export function AnyIcon({ name, className }: { name: IconName | LocalIconName; className?: string }) {
  return name in LOCAL_PATHS ? (
    <LocalIcon name={name as LocalIconName} className={className} />
  ) : (
    <Icon name={name as IconName} className={className} />
  );
}
