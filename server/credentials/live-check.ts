/**
 * Whether a stored credential is valid right now, checked as any verifier would: for share links
 * (/verify/{id}) and certificates. Each check is recorded in `presentations` (the audit trail and
 * the holder's verification count).
 */

import { type TrustedIssuer, verifyPresentation } from "#core/credentials/index.ts";
import {
  AUTHORITIES,
  CREDENTIAL_TYPES,
  type CredentialTypeCode,
  ISSUER_IDS,
  type IssuerId,
  isCredentialTypeCode,
  issuerUrl,
  vctUrl,
} from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { presentations } from "#db/schema/index.ts";
import type { CheckingContext } from "./context.ts";
import type { DisplayStatus } from "./credentials.ts";
import { type IssuerTrust, offersHaip } from "./issuer-keys.ts";
import { STATUS_LIST_MAX_INFLATED_BYTES } from "./status-lists.ts";

/** Allowed clock difference with an issuer's `iat`/`exp`. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Our issuers and their credential keys, as a verifier's trust list: every Ed25519 key the
 * authority publishes (two during a rotation; a credential's kid picks one), and, where the
 * platform has a root, HAIP's ES256 credentials whose x5c chain ends at it and whose certificate
 * names the authority (ADR 047). Status-list keys are not in it (ADR 028).
 */
export function trustedIssuers(trust: IssuerTrust, base: string): Map<string, TrustedIssuer> {
  const trusted = new Map<string, TrustedIssuer>();
  const haip = offersHaip(trust);
  for (const id of ISSUER_IDS) {
    const keys = trust.credentialKeys.get(id);
    if (!keys?.length) continue;
    trusted.set(
      issuerUrl(base, id),
      haip
        ? { keys: [...keys], algorithms: ["EdDSA", "ES256"], x509Roots: trust.x509Roots }
        : { keys: [...keys], algorithms: ["EdDSA"] },
    );
  }
  return trusted;
}

/** The keys a status list may be signed with: the authorities' status-list keys only, never a credential key (ADR 028). */
export const trustedStatusListKeys = (trust: IssuerTrust) => [...trust.statusListKeys.values()].flat();

export interface LiveCheck {
  valid: boolean;
  /** valid, or a stable reason code (e.g. REVOKED, EXPIRED, STATUS_UNKNOWN). */
  reason: string;
  message: string;
  checkedAt: string;
  type: string;
  issuer: string;
  issuerId?: IssuerId;
}

/**
 * Whether a stored credential is valid right now, checked as a verifier would: the issuer's
 * signature with its published key, expiry, and the status bit fetched fresh from the status
 * worker (`fetchStatus`), failing closed when status is unavailable. No key binding: this is
 * the issuer's statement alone, for share links and certificates, never a presentation.
 */
export async function checkCredentialNow(
  context: Pick<CheckingContext, "trust" | "base" | "fetchStatus">,
  credential: { vcJwt: string; type: string },
  /**
   * Our own record's status now (effectiveStatus). It can only make the answer stricter (fail
   * closed): a credential we hold as revoked or expired is never reported valid, even while a
   * cached status list has not caught up.
   */
  storedStatus: DisplayStatus,
  now = new Date(),
): Promise<LiveCheck> {
  const issuerId = isCredentialTypeCode(credential.type) ? CREDENTIAL_TYPES[credential.type].issuerId : undefined;
  const issuer = issuerId ? AUTHORITIES[issuerId].name : "Unknown issuer";
  const presentation = credential.vcJwt.endsWith("~") ? credential.vcJwt : `${credential.vcJwt}~`;
  const result = await verifyPresentation(presentation, {
    trustedIssuers: trustedIssuers(context.trust, context.base),
    requireKeyBinding: false,
    // Not used: no key binding is checked here, only the issuer's statement.
    maxKbAgeSeconds: 300,
    clockSkewSeconds: CLOCK_SKEW_SECONDS,
    now: Math.floor(now.getTime() / 1000),
    allowedVcts: Object.keys(CREDENTIAL_TYPES).map((code) => vctUrl(context.base, code as CredentialTypeCode)),
    status: {
      allowedUriPrefixes: [`${context.base}/status/lists/`],
      keys: trustedStatusListKeys(context.trust),
      x509Roots: context.trust.x509Roots,
      maxInflatedBytes: STATUS_LIST_MAX_INFLATED_BYTES,
      timeoutMs: 3000,
      async check(reference, { signal }) {
        const token = await context.fetchStatus(reference.uri, signal).catch(() => undefined);
        return token ? { kind: "token", token } : { kind: "unavailable" };
      },
    },
  });
  const checkedAt = now.toISOString();
  if (result.valid && storedStatus !== "active") {
    const reason = storedStatus === "expired" ? "EXPIRED" : "STATUS_REVOKED";
    return {
      valid: false,
      reason,
      message: `The credential is ${storedStatus}.`,
      checkedAt,
      type: credential.type,
      issuer,
      issuerId,
    };
  }
  if (result.valid)
    return {
      valid: true,
      reason: "valid",
      message: "Valid: signed by the issuer, in date and not revoked",
      checkedAt,
      type: credential.type,
      issuer,
      issuerId,
    };
  return {
    valid: false,
    reason: result.code,
    message: result.message,
    checkedAt,
    type: credential.type,
    issuer,
    issuerId,
  };
}

/** Records a check in `presentations` (the audit trail and the verification count). */
export async function recordCheck(
  db: Database,
  entry: {
    credentialId: string;
    purpose: string;
    requestId?: string;
    result: LiveCheck;
    verifierId?: string | null;
  },
): Promise<void> {
  await db.insert(presentations).values({
    credentialId: entry.credentialId,
    verifierId: entry.verifierId ?? null,
    requestId: entry.requestId ?? null,
    purpose: entry.purpose,
    presentedAttributes: {},
    verificationResult: entry.result.valid ? "valid" : entry.result.reason,
    verifiedAt: new Date(entry.result.checkedAt),
  });
}
