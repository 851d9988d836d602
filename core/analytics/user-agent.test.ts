import { describe, expect, it } from "vitest";
import { describeUserAgent, reduceUserAgent } from "./user-agent.ts";

/** Real user agents of the browsers people use most in the UK (as each sends it). */
const AGENTS: [string, string, { browser: string; os: string; device: string }][] = [
  [
    "Chrome on Windows",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    { browser: "Chrome", os: "Windows", device: "desktop" },
  ],
  [
    "Edge on Windows",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    { browser: "Edge", os: "Windows", device: "desktop" },
  ],
  [
    "Safari on a Mac",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    { browser: "Safari", os: "macOS", device: "desktop" },
  ],
  [
    "Safari on an iPhone",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    { browser: "Safari", os: "iOS", device: "mobile" },
  ],
  [
    "Chrome on an iPhone",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
    { browser: "Chrome", os: "iOS", device: "mobile" },
  ],
  [
    "Safari on an iPad",
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    { browser: "Safari", os: "iOS", device: "tablet" },
  ],
  [
    "Samsung Internet on a phone",
    "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
    { browser: "Samsung Internet", os: "Android", device: "mobile" },
  ],
  [
    "Chrome on an Android tablet",
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    { browser: "Chrome", os: "Android", device: "tablet" },
  ],
  [
    "Firefox on Linux",
    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
    { browser: "Firefox", os: "Linux", device: "desktop" },
  ],
  [
    "headless Chromium",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
    { browser: "Chrome", os: "Linux", device: "desktop" },
  ],
  [
    "Opera on ChromeOS",
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
    { browser: "Opera", os: "ChromeOS", device: "desktop" },
  ],
];

describe("reduceUserAgent", () => {
  it.each(AGENTS)("%s: browser, OS and device class only", (_name, ua, expected) => {
    expect(reduceUserAgent(ua)).toEqual(expected);
  });

  it("says Other for what it does not know, and a desktop when nothing says otherwise", () => {
    expect(reduceUserAgent("curl/8.5.0")).toEqual({ browser: "Other", os: "Other", device: "desktop" });
    expect(reduceUserAgent(null)).toEqual({ browser: "Other", os: "Other", device: "desktop" });
    expect(describeUserAgent(reduceUserAgent(AGENTS[3]![1]))).toBe("Safari on iOS (mobile)");
  });
});
