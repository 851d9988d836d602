import { useCallback, useEffect, useId, useRef, useState } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { untyped } from "./messages.ts";
import type { QrDecoder } from "./qr-decoder.client.ts";

/**
 * The Verifier Portal's QR scan panel (spec 000 §4 "Scanner", §8 "Camera failure"): the rear
 * camera at an ideal 640×480, every frame read for a QR code in the browser (the native
 * BarcodeDetector, else ZXing in WebAssembly: ./qr-decoder.client.ts, loaded only when the camera
 * starts), and Manual Entry for the QR data as text. Real decoding replaces the spec's simulated
 * scan (a placeholder value three seconds after the camera starts).
 *
 * States: inactive → (Start Camera) starting → active → a scan, Stop Camera or `disabled`
 * → inactive; a camera or decoder failure → error, with Retry Camera and Manual Entry. Every
 * change is announced in the status region. The camera is stopped (every track) whenever the
 * scanner leaves the active state and when it unmounts.
 */
interface QrScannerProps {
  /** Called once per scan with the decoded text; the camera is already stopped. */
  onScan(text: string): void;
  /** Called with the text typed at Manual Entry (trimmed; empty or cancelled input is ignored). */
  onManualEntry(text: string): void;
  /** Every button is disabled and a running camera is stopped (e.g. while a scan is verified). */
  disabled?: boolean;
}

type Phase = "inactive" | "starting" | "active" | "error";

/** Spec 000 §9: rear-facing video of ideal size 640×480. */
const CAMERA: MediaStreamConstraints = {
  video: { facingMode: "environment", width: { ideal: 640 }, height: { ideal: 480 } },
  audio: false,
};

/**
 * One frame read every 150 ms, the next scheduled only when the last has been read: a dense code
 * takes under 10 ms to decode, so this keeps a phone cool while still answering within a fraction
 * of a second (requestAnimationFrame would read 60 frames a second for no benefit).
 */
const SCAN_INTERVAL_MS = 150;

/** A decoder that throws on this many frames in a row has failed (one bad frame is skipped). */
const MAX_DECODE_FAILURES = 3;

const STATUS = untyped(
  defineMessages({
    inactive: {
      id: "verifier.scanner.inactive",
      defaultMessage: "Camera off. Start the camera to scan a QR code, or use Manual Entry.",
    },
    starting: { id: "verifier.scanner.starting", defaultMessage: "Starting camera…" },
    active: { id: "verifier.scanner.active", defaultMessage: "Camera active, point it at the QR code" },
    scanned: { id: "verifier.scanner.scanned", defaultMessage: "QR code scanned" },
    stopped: { id: "verifier.scanner.stopped", defaultMessage: "Camera stopped" },
    denied: { id: "verifier.scanner.denied", defaultMessage: "Camera access denied" },
  }),
);

const messages = untyped(
  defineMessages({
    cannotStart: { id: "verifier.scanner.cannotStart", defaultMessage: "The camera could not be started" },
    readerStopped: { id: "verifier.scanner.readerStopped", defaultMessage: "The QR code reader stopped working" },
    noCamera: { id: "verifier.scanner.noCamera", defaultMessage: "This browser cannot use a camera on this page" },
    readerNotLoaded: {
      id: "verifier.scanner.readerNotLoaded",
      defaultMessage: "The QR code reader could not be loaded",
    },
    enterData: { id: "verifier.scanner.enterData", defaultMessage: "Enter the QR code data" },
    retry: { id: "verifier.scanner.retry", defaultMessage: "Retry Camera" },
    stop: { id: "verifier.scanner.stop", defaultMessage: "Stop Camera" },
    start: { id: "verifier.scanner.start", defaultMessage: "Start Camera" },
    heading: { id: "verifier.scanner.heading", defaultMessage: "Scan QR Code" },
    intro: { id: "verifier.scanner.intro", defaultMessage: "Point the camera at the QR code the person shows you." },
    videoLabel: { id: "verifier.scanner.videoLabel", defaultMessage: "Camera view for scanning a QR code" },
    cameraOff: { id: "verifier.scanner.cameraOff", defaultMessage: "Camera off" },
    manualEntry: { id: "verifier.scanner.manualEntry", defaultMessage: "Manual Entry" },
  }),
);

/** The decoder, loaded once per page when a camera first starts (not in the page's bundle). */
let decoderLoad: Promise<QrDecoder> | null = null;
function loadDecoder(): Promise<QrDecoder> {
  decoderLoad ??= import("./qr-decoder.client.ts").then((m) => m.createQrDecoder());
  // A failed load (network, CSP) is tried again on Retry Camera.
  decoderLoad.catch(() => (decoderLoad = null));
  return decoderLoad;
}

class DecoderUnavailableError extends Error {}

/**
 * What the panel says for a failure: spec 000 §8, the error's message or "Camera access denied".
 * Our own errors' messages are already in the page's language; a browser's are its own words.
 */
function cameraErrorMessage(error: unknown, intl: IntlShape): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  // NotAllowedError: the person or the browser's settings refused (PermissionDeniedError: old Chrome).
  if (name === "NotAllowedError" || name === "PermissionDeniedError") return intl.formatMessage(STATUS.denied);
  const message = error instanceof Error || error instanceof DOMException ? error.message.trim() : "";
  return message || intl.formatMessage(messages.cannotStart);
}

/** One camera run: its stream once granted and the pending frame read, all ended by stop. */
interface Session {
  stream: MediaStream | null;
  timer: number | undefined;
  ended: boolean;
}

export function QrScanner({ onScan, onManualEntry, disabled = false }: QrScannerProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const headingId = useId();
  const [phase, setPhase] = useState<Phase>("inactive");
  const [status, setStatus] = useState<string>(() => intl.formatMessage(STATUS.inactive));
  const videoRef = useRef<HTMLVideoElement>(null);
  const session = useRef<Session | null>(null);
  // The latest callbacks, so a parent's re-render never restarts the camera.
  const callbacks = useRef({ onScan, onManualEntry });
  useEffect(() => {
    callbacks.current = { onScan, onManualEntry };
  });

  /** Ends the current run: no more frames read, every track stopped, the preview emptied. */
  const stopCamera = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    current.ended = true;
    window.clearTimeout(current.timer);
    for (const track of current.stream?.getTracks() ?? []) track.stop();
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const fail = useCallback(
    (message: string) => {
      stopCamera();
      setPhase("error");
      setStatus(message);
    },
    [stopCamera],
  );

  const scanFrames = useCallback(
    (run: Session, decoder: QrDecoder) => {
      let failures = 0;
      const readFrame = async () => {
        if (run.ended) return;
        const video = videoRef.current;
        let text: string | null = null;
        try {
          // HAVE_CURRENT_DATA: a frame to read.
          if (video && video.readyState >= 2) text = await decoder.decode(video);
          failures = 0;
        } catch (error) {
          if (++failures >= MAX_DECODE_FAILURES) {
            console.error("QR decoding failed", error);
            if (!run.ended) fail(intl.formatMessage(messages.readerStopped));
            return;
          }
        }
        if (run.ended) return;
        if (text) {
          stopCamera();
          setPhase("inactive");
          setStatus(intl.formatMessage(STATUS.scanned));
          callbacks.current.onScan(text);
          return;
        }
        run.timer = window.setTimeout(readFrame, SCAN_INTERVAL_MS);
      };
      void readFrame();
    },
    [fail, stopCamera, intl],
  );

  const startCamera = useCallback(async () => {
    stopCamera();
    const run: Session = { stream: null, timer: undefined, ended: false };
    session.current = run;
    setPhase("starting");
    setStatus(intl.formatMessage(STATUS.starting));
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error(intl.formatMessage(messages.noCamera));
      // The decoder loads while the person answers the permission prompt.
      const decoder = loadDecoder().catch((error: unknown) => {
        console.error("QR decoder failed to load", error);
        throw new DecoderUnavailableError(intl.formatMessage(messages.readerNotLoaded));
      });
      decoder.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA);
      if (run.ended) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      run.stream = stream;
      const ready = await decoder;
      const video = videoRef.current;
      if (run.ended || !video) return;
      video.srcObject = stream;
      await video.play();
      if (run.ended) return;
      setPhase("active");
      setStatus(intl.formatMessage(STATUS.active));
      scanFrames(run, ready);
    } catch (error) {
      if (run.ended) return;
      fail(cameraErrorMessage(error, intl));
    }
  }, [fail, scanFrames, stopCamera, intl]);

  const stopByPerson = useCallback(() => {
    stopCamera();
    setPhase("inactive");
    setStatus(intl.formatMessage(STATUS.stopped));
  }, [stopCamera, intl]);

  const manualEntry = useCallback(() => {
    const text = window.prompt(intl.formatMessage(messages.enterData))?.trim();
    if (text) callbacks.current.onManualEntry(text);
  }, [intl]);

  // Disabled while running: the camera stops (the parent is busy with what was scanned).
  useEffect(() => {
    if (disabled && session.current) stopByPerson();
  }, [disabled, stopByPerson]);

  // Leaving the page stops the camera.
  useEffect(() => stopCamera, [stopCamera]);

  const running = phase === "starting" || phase === "active";
  const off = !hydrated || disabled;
  // The first button is one element whose action changes (Start → Stop → Retry), so keyboard
  // focus stays on it when the state changes instead of falling back to the page.
  const mainButton =
    phase === "error"
      ? {
          label: intl.formatMessage(messages.retry),
          testId: "button-retry-camera",
          variant: "primary" as const,
          onClick: startCamera,
        }
      : running
        ? {
            label: intl.formatMessage(messages.stop),
            testId: "button-stop-camera",
            variant: "secondary" as const,
            onClick: stopByPerson,
          }
        : {
            label: intl.formatMessage(messages.start),
            testId: "button-start-camera",
            variant: "primary" as const,
            onClick: startCamera,
          };

  return (
    <Card as="section" aria-labelledby={headingId} data-testid="scanner-panel" className="p-5">
      <div className="flex items-center gap-3">
        <span className="text-govuk-blue dark:text-govuk-blue-light">
          <Icon name="scan" />
        </span>
        <h2 id={headingId} className="text-xl font-bold">
          {intl.formatMessage(messages.heading)}
        </h2>
      </div>
      <p className="mt-1 text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.intro)}</p>

      <div
        className={`relative mt-4 aspect-[4/3] w-full max-w-md overflow-hidden rounded-sm ${
          phase === "active"
            ? "bg-govuk-black"
            : "border-2 border-dashed border-govuk-border bg-govuk-grey-light dark:border-slate-600 dark:bg-slate-800"
        }`}
      >
        <video
          ref={videoRef}
          data-testid="scanner-video"
          aria-label={intl.formatMessage(messages.videoLabel)}
          muted
          playsInline
          hidden={phase !== "active"}
          className="h-full w-full object-contain"
        />
        {phase === "active" ? (
          // Where to hold the code (decorative: the whole frame is read), white ringed in black so
          // it shows against any scene.
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-s-1/2 top-1/2 aspect-square h-[92%] -translate-x-1/2 rtl:translate-x-1/2 -translate-y-1/2 rounded-sm border-[3px] border-white/90 shadow-[0_0_0_2px_rgb(0_0_0/0.6)]"
          />
        ) : (
          <div
            aria-hidden="true"
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-govuk-grey dark:text-slate-300"
          >
            <Icon name={phase === "error" ? "alert" : "scan"} className="h-12 w-12" />
            <span className="text-sm">
              {intl.formatMessage(phase === "starting" ? STATUS.starting : messages.cameraOff)}
            </span>
          </div>
        )}
      </div>

      <p
        role="status"
        aria-live="polite"
        data-testid="scanner-status"
        className={
          phase === "error"
            ? "mt-4 border-s-4 border-govuk-red bg-red-50 px-3 py-2 font-semibold text-red-800 dark:bg-red-950/50 dark:text-red-200"
            : "mt-4 text-govuk-black dark:text-slate-100"
        }
      >
        {status}
      </p>

      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          variant={mainButton.variant}
          data-testid={mainButton.testId}
          onClick={mainButton.onClick}
          disabled={off}
        >
          <Icon name={running ? "cross" : "scan"} className="h-5 w-5" />
          {mainButton.label}
        </Button>
        {!running && (
          <Button variant="outline" data-testid="button-manual-entry" onClick={manualEntry} disabled={off}>
            <Icon name="file" className="h-5 w-5" />
            {intl.formatMessage(messages.manualEntry)}
          </Button>
        )}
      </div>
    </Card>
  );
}
