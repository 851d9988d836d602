/**
 * DPoP proofs (RFC 9449), checked where a wallet asks for a token and where it spends one (ADR 045).
 * A proof is a JWT of typ dpop+jwt signed by the public key in its own header, naming the method
 * and URL it was made for, fresh, never seen before, carrying a DPoP-Nonce this server handed out
 * (section 8 at the token endpoint, 9 at the resources; each side's nonces are its own) and, at a
 * resource, the hash of the access token it accompanies. Its key's thumbprint is what a token is
 * bound to.
 */
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { jwkThumbprint, webCrypto } from "#core/credentials/index.ts";
import type { Database } from "#db/client.ts";
import { KEY_PROOF_WINDOW_SECONDS, verifyKeyProof } from "./key-proofs.ts";
import { mintSignedValue, readSignedValue, spendOnce } from "./single-use.ts";

/** How long a DPoP-Nonce is accepted. */
const NONCE_LIFETIME_SECONDS = 300;

export interface DpopCheck {
  db: Database;
  /** The worker secret the nonces are made under. */
  secret: string;
  /** Whose nonces: "as" (the token endpoint) or the resource's issuer id. */
  audience: string;
  method: string;
  /** The endpoint's URL as our metadata publishes it (not request.url, which differs behind routes). */
  url: string;
  /** At a resource: the access token the proof must name (ath). */
  accessToken?: string;
  now: Date;
}

export type DpopResult =
  | { ok: true; jkt: string }
  | { ok: false; error: "invalid_dpop_proof" | "use_dpop_nonce"; description: string };

/** A fresh DPoP-Nonce of `audience`'s, for the next request's proof. */
export function newDpopNonce(secret: string, audience: string, now: Date): Promise<string> {
  return mintSignedValue(secret, `dpop-nonce|${audience}`, NONCE_LIFETIME_SECONDS, now);
}

const refuse = (description: string): DpopResult => ({ ok: false, error: "invalid_dpop_proof", description });

/** Checks the request's DPoP proof; on success, the thumbprint of the key that signed it. */
export async function checkDpopProof(request: Request, check: DpopCheck): Promise<DpopResult> {
  const proof = request.headers.get("DPoP");
  if (proof === null) return refuse("a DPoP proof is required");
  // Several DPoP headers arrive joined by ", ": a compact JWT holds no comma (section 4.3, check 1).
  if (proof.includes(",")) return refuse("exactly one DPoP proof is allowed");

  const checked = await verifyKeyProof(proof, { typ: "dpop+jwt", now: check.now });
  if (!checked.ok) return refuse(`the DPoP proof: ${checked.reason}`);
  const { jti, htm, htu, nonce, ath } = checked.payload;
  if (typeof jti !== "string" || jti.length === 0 || jti.length > 256) return refuse("jti is missing");
  if (htm !== check.method) return refuse("htm does not name this request's method");
  if (typeof htu !== "string" || normaliseHtu(htu) !== normaliseHtu(check.url)) {
    return refuse("htu does not name this endpoint");
  }
  if (check.accessToken !== undefined && ath !== (await sha256Base64url(webCrypto(), check.accessToken))) {
    return refuse("ath does not match the access token");
  }
  // The nonce is asked for after the proof is known to be well made, so a wallet learns it in one round trip.
  if (!(await readSignedValue(check.secret, `dpop-nonce|${check.audience}`, nonce, check.now))) {
    return { ok: false, error: "use_dpop_nonce", description: "a fresh DPoP nonce is required" };
  }
  const jkt = await jwkThumbprint(checked.jwk);
  const expiresAt = new Date((checked.iat + KEY_PROOF_WINDOW_SECONDS) * 1000);
  if (!(await spendOnce(check.db, "dpop-jti", `${jkt}|${normaliseHtu(check.url)}|${jti}`, expiresAt))) {
    return refuse("the DPoP proof was already used");
  }
  return { ok: true, jkt };
}

/** RFC 9449 4.3: the URI without query and fragment, scheme and host compared case-insensitively (the URL parser lower-cases both). */
function normaliseHtu(value: string): string {
  try {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`;
  } catch {
    return "";
  }
}
