import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * Error grouping as an issue tracker does it (ADR 020; issue 12): occurrences that differ only in
 * the values they carry (ids, counts, addresses, quoted input) belong to one group, whose key is a
 * hash of the error type, the component and the message with those values masked.
 */

/** The longest normalised message kept (and hashed): enough to tell errors apart, bounded for the index. */
const MAX_NORMALISED_MESSAGE = 300;

const MASKS: [RegExp, string][] = [
  // URLs: keep scheme, host and path, drop the query string and fragment (they carry values).
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi, "$1?<query>"],
  [/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, "<email>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<uuid>"],
  // Quoted values: "…", '…', `…`.
  [/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "<value>"],
  // Hex ids: 0x…, or 8+ hex digits with at least one digit (so plain words stay).
  [/\b0x[0-9a-f]+\b/gi, "<hex>"],
  [/\b(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/gi, "<hex>"],
  // Numbers, also inside words like "line42" or "ERR_503": masked where they stand.
  [/\d+(?:\.\d+)?/g, "<n>"],
];

/** The message with the values it carries masked and whitespace collapsed, so equal errors read equal. */
export function normaliseMessage(message: string): string {
  let text = message;
  for (const [pattern, mask] of MASKS) text = text.replace(pattern, mask);
  return text.replace(/\s+/g, " ").trim().slice(0, MAX_NORMALISED_MESSAGE);
}

/** The group key: the hex SHA-256 of type, component and normalised message (stable across runtimes and releases). */
export function errorFingerprint(errorType: string, component: string, message: string): string {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify([errorType, component, normaliseMessage(message)])))).slice(
    0,
    32,
  );
}

/** An error as it is raised: any part may be missing. */
export interface ErrorOccurrence {
  errorType?: string | null;
  component?: string | null;
  message?: string | null;
}

/**
 * An occurrence as the Errors tab records it: no type reads "Error", no component "unknown", each
 * part bounded as its column is, and the group it belongs to (a fingerprint of what is recorded).
 */
export function recordedError(occurrence: ErrorOccurrence): {
  errorType: string;
  component: string;
  message: string;
  fingerprint: string;
} {
  const errorType = (occurrence.errorType || "Error").slice(0, 100);
  const component = (occurrence.component || "unknown").slice(0, 100);
  const message = (occurrence.message ?? "").slice(0, 2000);
  return { errorType, component, message, fingerprint: errorFingerprint(errorType, component, message) };
}

/**
 * The group an occurrence belongs to, wherever errors are grouped: the analytics Errors tab and
 * Gabriel's recurring-errors agent count the same errors as one (docs/decisions/026).
 */
export const occurrenceFingerprint = (occurrence: ErrorOccurrence): string => recordedError(occurrence).fingerprint;
