// The encoder alone: the package's main entry needs Node built-ins (./qrcode-core.d.ts).
import { create } from "qrcode/lib/core/qrcode.js";

/** A QR code's dark modules as horizontal runs, inside a 4-module quiet zone on every side. */
export interface QrRuns {
  /** Modules per side, quiet zone included. */
  extent: number;
  /** Each run of dark modules: its row, first column and length, in quiet-zone coordinates. */
  runs: { x: number; y: number; length: number }[];
}

/**
 * Encodes `value` with error correction M (a phone camera reads it from a screen or a print at a
 * few centimetres) and returns the dark modules as runs, so a renderer draws one rectangle per
 * run: SVG in the browser, PDF rectangles on the server.
 */
export function qrRuns(value: string): QrRuns {
  const { size: n, data } = create(value, { errorCorrectionLevel: "M" }).modules;
  const runs: QrRuns["runs"] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!data[y * n + x]) continue;
      let length = 1;
      while (x + length < n && data[y * n + x + length]) length++;
      runs.push({ x: x + 4, y: y + 4, length });
      x += length - 1;
    }
  }
  return { extent: n + 8, runs };
}
