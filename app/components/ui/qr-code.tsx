// The encoder alone: the package's main entry needs Node built-ins (core/qr/qrcode-core.d.ts).
import { create as createQr } from "qrcode/lib/core/qrcode.js";
import { useMemo } from "react";

/**
 * A QR code drawn as SVG from the qrcode library's module matrix (no canvas, no data URL, so
 * it renders on the server too and needs nothing from the CSP). Error correction M: a phone
 * camera reads it from a screen or a print at a few centimetres.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const path = useMemo(() => {
    const qr = createQr(value, { errorCorrectionLevel: "M" });
    const { size: n, data } = qr.modules;
    let d = "";
    // One rectangle per horizontal run of dark modules, inside a 4-module quiet zone.
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (!data[y * n + x]) continue;
        let run = 1;
        while (x + run < n && data[y * n + x + run]) run++;
        d += `M${x + 4} ${y + 4}h${run}v1h-${run}z`;
        x += run - 1;
      }
    }
    return { d, extent: n + 8 };
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
