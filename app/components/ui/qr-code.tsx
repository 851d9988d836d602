import { useMemo } from "react";
import { qrRuns } from "#core/qr/qr-code.ts";

/**
 * A QR code drawn as SVG (no canvas, no data URL, so it renders on the server too and needs
 * nothing from the CSP).
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const path = useMemo(() => {
    const { extent, runs } = qrRuns(value);
    return { extent, d: runs.map((r) => `M${r.x} ${r.y}h${r.length}v1h-${r.length}z`).join("") };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="qr-code"
      data-qr-value={value}
      width={size}
      height={size}
      viewBox={`0 0 ${path.extent} ${path.extent}`}
      shapeRendering="crispEdges"
      className="rounded-sm bg-white"
    >
      <rect width={path.extent} height={path.extent} fill="#fff" />
      <path d={path.d} fill="#0b0c0c" />
    </svg>
  );
}
