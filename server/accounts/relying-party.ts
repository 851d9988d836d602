import * as z from "zod";

/**
 * Who we are to a passkey (WebAuthn's "relying party", ADR 021): the exact origin a ceremony must
 * come from and the RP ID passkeys are scoped to (its host name). Both come from configuration,
 * never from the request, whose Host header the client chooses:
 *
 *  - WEBAUTHN_ORIGIN when set (locally the stack sets http://localhost:PORT);
 *  - else PUBLIC_BASE_URL's origin (production: the one https address the service is reached at);
 *  - else passkeys are not available (the endpoints answer 503 and the pages say so).
 *
 * WebAuthn refuses IP addresses as RP IDs, and outside https only `localhost` is a secure context,
 * so the local stack (which listens on 127.0.0.1) uses http://localhost:PORT for passkeys.
 */
export interface RelyingParty {
  /** The RP ID: the origin's host name, without port. */
  id: string;
  /** The exact origin clientDataJSON must name: scheme, host and port. */
  origin: string;
  /** What authenticators show beside the account. */
  name: string;
}

const RELYING_PARTY_NAME = "UK Digital Identity";

export interface RelyingPartyBindings {
  WEBAUTHN_ORIGIN?: string;
  PUBLIC_BASE_URL?: string;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const isIpAddress = (host: string) => IPV4.test(host) || host.startsWith("[");

/** Why `value` cannot be a relying party's origin, or null when it can. */
export function originProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be a URL";
  }
  if (url.origin === "null" || url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
    return "must be an origin only (scheme, host and port), with no path";
  }
  if (isIpAddress(url.hostname))
    return "must name a host, not an IP address (WebAuthn refuses IP addresses as RP IDs; locally use http://localhost:PORT)";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && url.hostname === "localhost"))
    return "must be https (plain http only for localhost)";
  return null;
}

/** The WEBAUTHN_ORIGIN binding, checked with the worker's other bindings (app/worker/env.ts). */
export const webauthnOriginBinding = z.string().superRefine((value, ctx) => {
  const problem = originProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** The configured relying party, or null when none is configured (or PUBLIC_BASE_URL names an IP address). */
export function relyingPartyFrom(env: RelyingPartyBindings): RelyingParty | null {
  const configured = env.WEBAUTHN_ORIGIN || env.PUBLIC_BASE_URL;
  if (!configured) return null;
  const origin = new URL(configured).origin;
  if (originProblem(origin)) return null;
  return { id: new URL(origin).hostname, origin, name: RELYING_PARTY_NAME };
}
