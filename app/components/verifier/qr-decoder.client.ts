/**
 * Reads a QR code from the camera's current video frame, in the browser only (the `.client`
 * suffix keeps it out of the worker's server build; qr-scanner.tsx imports it dynamically when
 * the camera starts, so none of it is in a page's initial bundle).
 *
 * The browser's own BarcodeDetector where it reads QR codes (Chrome on Android, macOS and
 * ChromeOS); otherwise ZXing-C++ compiled to WebAssembly (zxing-wasm): Chromium on Linux (Debian's,
 * which the browser tests use) and Windows, Firefox, Safari. Why zxing-wasm: it is actively maintained (ZXing-C++ upstream), reads dense codes
 * (1,500 characters make a version 26–29 symbol) in under 10 ms a 640×480 frame in Chromium, and
 * handles inverted and rotated codes. The `barcode-detector` ponyfill is a wrapper around the same
 * engine, but it pins its own copy of zxing-wasm, so importing that copy's .wasm would rely on npm
 * hoisting a dependency we do not declare. jsQR is pure JavaScript (no CSP change) but has had no
 * release since 2020 and took about 8× as long on the same frames (25–32 ms against 3–5 ms, Node).
 *
 * The .wasm (950 KB, 410 KB gzipped; its glue 36 KB) is served from our own origin: Remix's
 * compiler emits the imported file as a hashed asset under /build/_assets/ and `locateFile` points
 * the module there instead of zxing-wasm's default CDN. Compiling WebAssembly needs
 * `'wasm-unsafe-eval'` in the page's script-src (server/http/security.ts).
 */
import zxingWasmUrl from "zxing-wasm/reader/zxing_reader.wasm";

/** One overrides object, so zxing-wasm (which compares them shallowly) compiles the module once a page. */
const ZXING_OVERRIDES = {
  locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingWasmUrl : prefix + path),
};

/** A decoder for video frames; `engine` says which one this browser got. */
export interface QrDecoder {
  readonly engine: "native" | "zxing-wasm";
  /** The text of a QR code in the video's current frame, or null when there is none (yet). */
  decode(video: HTMLVideoElement): Promise<string | null>;
}

/** The part of the Barcode Detection API used here (not in TypeScript's DOM library). */
interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The decoder this browser should use, ready to decode: for zxing-wasm the WebAssembly module is
 * fetched and compiled here, so a failure (network, CSP) is reported when the camera starts rather
 * than silently on every frame.
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  return (await nativeDecoder()) ?? (await zxingDecoder());
}

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    // Some platforms expose the API with no QR support (or none at all, e.g. Chrome on Linux
    // behind a flag): use ZXing there.
    if (!(await Detector.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Detector({ formats: ["qr_code"] });
    return {
      engine: "native",
      async decode(video) {
        const [code] = await detector.detect(video);
        return code?.rawValue || null;
      },
    };
  } catch {
    return null;
  }
}

async function zxingDecoder(): Promise<QrDecoder> {
  const { prepareZXingModule, readBarcodes } = await import("zxing-wasm/reader");
  await prepareZXingModule({ overrides: ZXING_OVERRIDES, fireImmediately: true });
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("This browser cannot read camera frames");
  return {
    engine: "zxing-wasm",
    async decode(video) {
      const { videoWidth: width, videoHeight: height } = video;
      if (!width || !height) return null;
      if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
      context.drawImage(video, 0, 0, width, height);
      const [code] = await readBarcodes(context.getImageData(0, 0, width, height), {
        formats: ["QRCode"],
        maxNumberOfSymbols: 1,
        // The text exactly as encoded (BarcodeDetector's rawValue), not the "human readable"
        // rendering; byte segments without an ECI are UTF-8, as every QR encoder we use writes them.
        textMode: "Plain",
        characterSet: "UTF8",
      });
      return code?.isValid && code.text ? code.text : null;
    },
  };
}
