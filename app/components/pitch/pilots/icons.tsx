/** Pilot icons the shared set does not have (same 24×24 stroke style); decorative. */
const svgProps = {
  viewBox: "0 0 24 24",
  className: "h-7 w-7",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function HomeIcon() {
  return (
    <svg aria-hidden="true" {...svgProps}>
      <path d="M3 10.5L12 3l9 7.5V20a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z" />
    </svg>
  );
}

export function SchoolIcon() {
  return (
    <svg aria-hidden="true" {...svgProps}>
      <path d="M22 9L12 4 2 9l10 5 10-5zM6 11v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5M22 9v6" />
    </svg>
  );
}

export function BuildingIcon() {
  return (
    <svg aria-hidden="true" {...svgProps}>
      <path d="M3 21h18M5 21V9l7-5 7 5v12M9 21v-5h6v5M9 12h.01M15 12h.01" />
    </svg>
  );
}
