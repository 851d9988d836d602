import { writeFile } from "node:fs/promises";
import QRCode from "qrcode";

/**
 * A camera for browser tests that shows a real QR code: Chromium's fake capture device plays a
 * Y4M file (`--use-file-for-fake-video-capture`), looping it, so the Verifier Portal's scanner
 * reads the code through getUserMedia exactly as from a webcam. Debian's Chromium has no native
 * BarcodeDetector, so this exercises the scanner's ZXing (WebAssembly) decoder.
 *
 *   await writeQrVideo(text, file);
 *   const browser = await openTestBrowser(1280, 30_000, fakeCameraArgs(file));         // under vitest
 */

/** The fake camera's frame: the 640×480 the scanner asks for. */
const FRAME = { width: 640, height: 480 } as const;

const QUIET_ZONE = 4;

export interface QrVideoOptions {
  /** QR error correction; M by default, as the product's own codes (core/qr/qr-code.ts). */
  errorCorrectionLevel?: "L" | "M" | "Q" | "H";
  /** Side of the code in pixels, quiet zone included (400: most of the frame's height). */
  size?: number;
  /** Identical frames in the file (Chromium loops it). */
  frames?: number;
}

/**
 * Writes `file`: a Y4M video (YUV 4:2:0, 640×480, 10 frames a second) of `text` as a QR code
 * (the qrcode package's module matrix, a quiet zone of 4 modules) drawn black on white in the
 * middle of each frame, `size` pixels a side. Monochrome: the Y plane is 0 (dark module) or 255,
 * the U and V planes are 128 (no colour).
 */
export async function writeQrVideo(text: string, file: string, options: QrVideoOptions = {}): Promise<void> {
  const { errorCorrectionLevel = "M", size = 400, frames = 3 } = options;
  const { width, height } = FRAME;
  if (size > height) throw new Error(`A ${size}px code does not fit a ${width}×${height} frame`);
  const { size: modules, data } = QRCode.create(text, { errorCorrectionLevel }).modules;
  const extent = modules + 2 * QUIET_ZONE;
  const left = Math.floor((width - size) / 2);
  const top = Math.floor((height - size) / 2);
  // The module under each pixel of the code's square (nearest neighbour: `size` need not be a
  // multiple of the module count), quiet zone included.
  const moduleAt = (offset: number) => Math.floor((offset * extent) / size) - QUIET_ZONE;

  const luma = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < size; y++) {
    const row = moduleAt(y);
    if (row < 0 || row >= modules) continue;
    for (let x = 0; x < size; x++) {
      const column = moduleAt(x);
      if (column >= 0 && column < modules && data[row * modules + column]) luma[(top + y) * width + left + x] = 0;
    }
  }
  const chroma = new Uint8Array((width / 2) * (height / 2) * 2).fill(128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/**
 * Chromium flags for a fake camera playing `videoFile`. "grant" (the default) answers the camera
 * prompt yes without showing it (`--use-fake-ui-for-media-stream`); "deny" answers it no, as a
 * person refusing would (getUserMedia rejects with NotAllowedError).
 */
export function fakeCameraArgs(videoFile: string, permission: "grant" | "deny" = "grant"): string[] {
  return [
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-video-capture=${videoFile}`,
    permission === "grant" ? "--use-fake-ui-for-media-stream" : "--deny-permission-prompts",
  ];
}
