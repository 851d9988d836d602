/**
 * A user agent reduced to what usage figures need (issue 12, ADR 020): browser, OS and device
 * class. Shared by the browser (POST /api/session/start sends its own guess, spec 000 §7) and the
 * server, which derives the same from the request's header and keeps its own.
 */
export const DEVICE_CLASSES = ["tablet", "mobile", "desktop"] as const;
type DeviceClass = (typeof DEVICE_CLASSES)[number];

export interface ReducedUserAgent {
  browser: string;
  os: string;
  device: DeviceClass;
}

/** Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** Browser, OS and device class from a user agent; "Other" where it names none we know. */
export function reduceUserAgent(userAgent: string | null | undefined): ReducedUserAgent {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? "Other";
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? "Other";
  // Android tablets leave "Mobile" out of their user agent; iPads that ask for the desktop site
  // look like a Mac and count as desktops (nothing in the header tells them apart).
  const device: DeviceClass = /\biPad\b|\bTablet\b|\bAndroid\b(?!.*\bMobile\b)/.test(ua)
    ? "tablet"
    : /\bMobi|\biPhone\b|\biPod\b/.test(ua)
      ? "mobile"
      : "desktop";
  return { browser, os, device };
}

/** The reduced user agent as one short text, for analytics_events.user_agent: "Chrome on Linux (desktop)". */
export const describeUserAgent = (reduced: ReducedUserAgent): string =>
  `${reduced.browser} on ${reduced.os} (${reduced.device})`;
