/**
 * Asking the device's wallet through the browser's Digital Credentials API (W3C; issue 23,
 * ADR 054): fetch the request's DC API form from the verifier, pass it to
 * navigator.credentials.get({ digital }), and post what the wallet returned back to the verifier,
 * which judges it (the browser puts this page's Origin on the post; the verifier expects it).
 * Browser-only: the page calls it from a click (the API needs a user's gesture).
 */

/** The DigitalCredential the API resolves with (not yet in TypeScript's DOM types). */
interface DigitalCredentialLike {
  protocol: string;
  data: unknown;
}

export type DeviceWalletOutcome =
  | { kind: "shared" }
  | { kind: "refused"; reason: string }
  | { kind: "cancelled" }
  | { kind: "failed" };

/** Whether this browser has the Digital Credentials API (Chrome 141+, Safari 26+). */
export function digitalCredentialsAvailable(): boolean {
  return typeof window !== "undefined" && "DigitalCredential" in window && Boolean(navigator.credentials);
}

export async function shareFromDeviceWallet(dcApiUrl: string): Promise<DeviceWalletOutcome> {
  let request: unknown;
  try {
    const response = await fetch(dcApiUrl, { credentials: "omit", cache: "no-store" });
    if (!response.ok) return { kind: "failed" };
    request = await response.json();
  } catch {
    return { kind: "failed" };
  }
  let credential: DigitalCredentialLike | null;
  try {
    credential = (await navigator.credentials.get({
      digital: { requests: [request] },
    } as CredentialRequestOptions)) as DigitalCredentialLike | null;
  } catch (error) {
    // The person closed the wallet's sheet or refused (NotAllowedError), or it was aborted.
    if (error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError"))
      return { kind: "cancelled" };
    return { kind: "failed" };
  }
  if (!credential) return { kind: "cancelled" };
  try {
    const posted = await fetch(dcApiUrl, {
      method: "POST",
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ protocol: credential.protocol, data: credential.data }),
    });
    if (posted.ok) return { kind: "shared" };
    const body = (await posted.json().catch(() => ({}))) as { reason?: unknown };
    return typeof body.reason === "string" ? { kind: "refused", reason: body.reason } : { kind: "failed" };
  } catch {
    return { kind: "failed" };
  }
}
