/**
 * Judging one presentation (issue 9): the credentials core verifies the SD-JWT VC (every check in
 * SECURITY.md), with the status bit read through a per-isolate cache keyed on the list's version
 * (read fresh, so a revocation is seen at once), then the request's DCQL query is applied. The
 * answer is the spec's `{valid, reason, presentedAttributes, timestamp}` plus what the records
 * and the receipt need.
 */
import { and, count, eq, isNotNull } from "drizzle-orm";
import { sha256Base64url } from "#core/credentials/crypto.ts";
import { base64urlDecode } from "#core/credentials/encoding.ts";
import { type PresentationPolicy, StatusListCache, verifyPresentation, webCrypto } from "#core/credentials/index.ts";
import { AUTHORITIES, CREDENTIAL_TYPE_CODES, vctUrl } from "#core/issuers/registry.ts";
import {
  CHECKS,
  type CheckOutcome,
  type CheckType,
  checkForCredentialType,
  checkForPresentation,
  checkOutcome,
  possibleChecks,
} from "#core/verification/checks.ts";
import {
  assertSatisfiesQuery,
  credentialTypeForVct,
  outsideSdJwtSourceFor,
  presentedAttributes,
  type SdJwtCredentialQuery,
} from "#core/verification/openid4vp.ts";
import {
  type Binding,
  type ReasonCode,
  reasonMessage,
  VerificationError,
  type VerificationReasonCode,
  validMessage,
} from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import { isDatabaseUnavailable } from "#db/errors.ts";
import { credentials, statusLists } from "#db/schema/index.ts";
import type { IssuerTrust } from "#server/credentials/issuer-keys.ts";
import { trustedIssuers, trustedStatusListKeys } from "#server/credentials/live-check.ts";
import { STATUS_LIST_MAX_INFLATED_BYTES } from "#server/credentials/status-lists.ts";
import { issuerClaims, judgeOutsidePresentation } from "./judge-outside.ts";
import { CLOCK_SKEW_SECONDS, consumeOfflineNonce, nonceStatements } from "./offline-nonces.ts";
import { StatusOutage } from "./status-outage.ts";

/** An online presentation is made the moment the citizen consents: 5 minutes is generous. */
export const ONLINE_KB_MAX_AGE_SECONDS = 5 * 60;

/** Verified status lists, kept by this isolate for as long as their version is current. */
const statusCache = new StatusListCache();

export interface JudgeContext {
  db: Database;
  trust: IssuerTrust;
  base: string;
  /** The status list token, fetched from the status worker (only when the cached version is stale). */
  fetchStatus: (uri: string, signal: AbortSignal) => Promise<string | undefined>;
}

export interface JudgeInput {
  presentation: string;
  /**
   * The check asked for: limits the accepted types and names the attributes. Without one (an
   * offline QR code), the check is derived from what was presented (checkForPresentation).
   */
  check?: CheckType;
  /** The DCQL credential query the presentation must satisfy (online requests). */
  query?: SdJwtCredentialQuery;
  /** KB-JWT aud: the request's client_id, or the offline verifier identifier. */
  audience: string;
  /** Online: the request's nonce. */
  expectedNonce?: string;
  /**
   * Offline: the KB-JWT's holder nonce is consumed once (offline-nonces.ts), never before `admits`
   * has said yes: in the same libSQL batch as the status read when `admits` takes every check the
   * credential's type can make (one round trip), otherwise after the check is known and admitted.
   */
  offlineNonce?: boolean;
  /**
   * Whether the caller may make the check the presentation answers (the organisation's
   * registration; null: it answers none). Asked once the credential has verified and before an
   * offline nonce is consumed; a check it refuses is VERIFIER_NOT_REGISTERED, showing nothing.
   */
  admits?: (check: CheckType | null) => boolean | Promise<boolean>;
  /**
   * Accept paper credentials (server/credentials/paper.ts): bound to no key, no KB-JWT. Only for a
   * code scanned in person (validate.ts without a request), never for a wallet's answer. Whether a
   * KB-JWT is needed still follows the credential: one with cnf needs it here too.
   */
  acceptPaper?: boolean;
  /**
   * A list version read in the caller's own round trip (requests.ts reads it with the request):
   * used when the verified credential names that very list, read afresh otherwise.
   */
  knownStatus?: { listId: string; version: string | undefined };
  maxKbAgeSeconds: number;
  now: Date;
}

/**
 * The credential judged, once its issuer's signature verified. An SD-JWT VC names its vct and, when
 * it has one, its status slot; an mdoc (issue 23) has neither: its doctype, and as `iss` the
 * document signer certificate's subject, `issuerName` the trust list entry its chain ends at.
 */
export interface JudgedCredential {
  format: "dc+sd-jwt" | "mso_mdoc";
  type?: string;
  vct?: string;
  doctype?: string;
  iss: string;
  issuerName: string;
  /**
   * The subject of the signing certificate, where a trust list root vouches for the issuer (an
   * mdoc's document signer, an outside issuer's SD-JWT VC: ADR 052), beside the entry's name.
   */
  issuerCertificate?: string;
  statusUri?: string;
  statusIdx?: number;
}

interface JudgementFields {
  reason: ReasonCode;
  message: string;
  /** What the verifier saw, by the check's attribute ids. */
  presentedAttributes: Record<string, unknown>;
  timestamp: string;
  /** The check made: the one asked for, or the one the presentation answers; null if unknown. */
  check: CheckType | null;
  /** Set once the issuer signature verified, even when a later check failed. */
  credential?: JudgedCredential;
  presentationHash: string;
}

/**
 * `binding`: what ties a valid credential to the person showing it: "device", its holder's key
 * signed the presentation; "paper", nothing does (a printed credential: the checker compares the
 * holder's photo ID with the name). Null on every invalid judgement, set where it is made invalid.
 *
 * `outcome` (issue 20, ADR 033): whether the check passed, which `valid` does not say (a genuine
 * credential can say "under 18" or "no right to work"), judged by the check's rule
 * (core/verification/checks.ts) on what the verifier saw. Only a valid credential is judged
 * against its check: null on every invalid judgement (not evaluated), and on a valid one that
 * answers no check.
 */
export type Judgement = JudgementFields &
  ({ valid: true; binding: Binding; outcome: CheckOutcome | null } | { valid: false; binding: null; outcome: null });

/** A judgement refused after all, for `reason` (a check the organisation is not registered for, a request already answered). */
export function refusedAs(judgement: Judgement, reason: VerificationReasonCode): Judgement {
  return { ...judgement, valid: false, reason, message: reasonMessage(reason), binding: null, outcome: null };
}

/** The statements that read a list's version (its version and how many of its credentials are revoked), for a caller's own batch. */
export function versionStatements(db: Database, listId: string) {
  return [
    db.select({ version: statusLists.version }).from(statusLists).where(eq(statusLists.id, listId)).limit(1),
    // Every revocation sets revoked_at (server/credentials/revocation.ts): counted on the
    // (status_list_id, revoked_at) index alone, without reading the list's other credentials.
    db
      .select({ n: count() })
      .from(credentials)
      .where(and(eq(credentials.statusListId, listId), isNotNull(credentials.revokedAt))),
  ] as const;
}

/** A revocation whose republication has not run yet changes the count: a new key, so a refetch. */
export const versionKey = (lists: { version: number }[], revoked: { n: number }[]) =>
  lists[0] ? `${lists[0].version}/${revoked[0]?.n ?? 0}` : undefined;

/** The list a status uri of ours names: `/status/lists/{id}`, or the same list signed for HAIP's credentials (`…/x509`). */
const listIdOf = (base: string, uri: string) => {
  const prefix = `${base}/status/lists/`;
  return uri.startsWith(prefix) ? uri.slice(prefix.length).replace(/\/x509$/, "") : undefined;
};

/**
 * The list a presentation's credential names, read before verification only to fetch its version
 * in the same round trip as something else; the verified status reference decides whether it is
 * used (judgePresentation's knownStatus).
 */
export function presentedStatusList(base: string, presentation: string): string | undefined {
  const uri = (issuerClaims(presentation)?.status as { status_list?: { uri?: unknown } } | undefined)?.status_list?.uri;
  return typeof uri === "string" ? listIdOf(base, uri) : undefined;
}

/**
 * The KB-JWT's nonce as the presentation carries it, read before verification only to prepare the
 * statement that consumes it; that statement runs from the status check, after the key binding has
 * verified, and its answer counts only for the nonce the core then hands over.
 */
function presentedNonce(presentation: string): string | undefined {
  try {
    const kb = presentation.slice(presentation.lastIndexOf("~") + 1).split(".")[1];
    const nonce = kb
      ? (JSON.parse(new TextDecoder().decode(base64urlDecode(kb))) as { nonce?: unknown }).nonce
      : undefined;
    return typeof nonce === "string" && nonce.length > 0 && nonce.length <= 256 ? nonce : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether every check a presentation of this credential's type can make is admitted, so its nonce
 * may be consumed early, with the status read (one round trip), without any registration refusal
 * coming after. Asked from the status check, when the issuer's signature has verified: the vct read
 * here is the signed one.
 */
async function admitsEveryCheck(input: JudgeInput, base: string): Promise<boolean> {
  const vct = issuerClaims(input.presentation)?.vct;
  const type = typeof vct === "string" ? credentialTypeForVct(base, vct) : undefined;
  if (!type || !input.admits) return type !== undefined;
  const checks = possibleChecks(type.code);
  for (const check of checks) if (!(await input.admits(check))) return false;
  return checks.length > 0;
}

/**
 * Consumes a verified offline holder nonce: nothing when this is its first use, else why not
 * (a replay; or the store could not answer, so the code is not accepted), as the core would say.
 */
async function consumedOrRefused(
  db: Database,
  nonce: string,
  now: Date,
): Promise<"KB_NONCE_REUSED" | "KB_NONCE_UNVERIFIABLE" | undefined> {
  try {
    return (await consumeOfflineNonce(db, nonce, now)) ? undefined : "KB_NONCE_REUSED";
  } catch (error) {
    // The database away: nothing was judged, and the code is not used up (503, ADR 032).
    if (isDatabaseUnavailable(error)) throw error;
    console.error("offline nonce could not be consumed", error);
    return "KB_NONCE_UNVERIFIABLE";
  }
}

/** What the record says about a verified credential: its type, issuer and status slot. */
function describe(
  base: string,
  verified: { iss: string; vct: string; status?: { idx: number; uri: string } },
): NonNullable<Judgement["credential"]> {
  const type = credentialTypeForVct(base, verified.vct);
  return {
    format: "dc+sd-jwt",
    ...(type ? { type: type.code } : {}),
    vct: verified.vct,
    iss: verified.iss,
    issuerName: type ? AUTHORITIES[type.issuerId].name : verified.iss,
    ...(verified.status ? { statusUri: verified.status.uri, statusIdx: verified.status.idx } : {}),
  };
}

export async function judgePresentation(context: JudgeContext, input: JudgeInput): Promise<Judgement> {
  // An answer to an outside issuer's query is trusted through the trust list, not our keys (ADR 052).
  const outside = input.check && input.query ? outsideSdJwtSourceFor(input.check, input.query) : undefined;
  if (outside && input.check && input.query && input.expectedNonce !== undefined)
    return judgeOutsidePresentation(context.db, {
      presentation: input.presentation,
      check: input.check,
      query: input.query,
      source: outside,
      audience: input.audience,
      expectedNonce: input.expectedNonce,
      maxKbAgeSeconds: input.maxKbAgeSeconds,
      now: input.now,
    });
  const timestamp = input.now.toISOString();
  const presentationHash = await sha256Base64url(webCrypto(), input.presentation);
  /** Every refusal: invalid, no binding, not judged against its check. */
  const refusal = (
    reason: Exclude<ReasonCode, "valid">,
    facts: Pick<JudgementFields, "check" | "credential"> & {
      message?: string;
      presentedAttributes?: Record<string, unknown>;
    },
  ): Judgement => ({
    valid: false,
    reason,
    message: facts.message ?? reasonMessage(reason),
    presentedAttributes: facts.presentedAttributes ?? {},
    timestamp,
    check: facts.check,
    binding: null,
    outcome: null,
    ...(facts.credential ? { credential: facts.credential } : {}),
    presentationHash,
  });
  const types = input.check ? CHECKS[input.check].credentialTypes : CREDENTIAL_TYPE_CODES;
  /** The verified holder nonce the core handed over to be consumed: consumed here, last (consumedOrRefused). */
  let heldNonce: string | undefined;
  // The nonce as presented, consumed early with the status read when nothing can refuse the check after it.
  const presented = input.offlineNonce ? presentedNonce(input.presentation) : undefined;
  const early: { nonce: string; fresh?: boolean } | undefined = presented ? { nonce: presented } : undefined;
  /** A status that could not be read because our database is away is not a verdict (./status-outage.ts). */
  const outage = new StatusOutage();
  const policy: PresentationPolicy = {
    trustedIssuers: trustedIssuers(context.trust, context.base),
    allowedVcts: types.map((type) => vctUrl(context.base, type)),
    requireKeyBinding: true,
    acceptPaper: input.acceptPaper === true,
    expectedAudience: input.audience,
    ...(input.expectedNonce !== undefined ? { expectedNonce: input.expectedNonce } : {}),
    ...(input.offlineNonce
      ? {
          // The core hands the nonce over last, once every check of the credential has passed; it
          // is consumed after the check is admitted (below), so a refused code stays usable.
          consumeNonce: async (nonce: string) => {
            heldNonce = nonce;
            return true;
          },
        }
      : {}),
    // Holder keys are P-256 made by WebCrypto in the wallet; Ed25519 for other wallets.
    kbAlgorithms: ["ES256", "EdDSA"],
    maxKbAgeSeconds: input.maxKbAgeSeconds,
    clockSkewSeconds: CLOCK_SKEW_SECONDS,
    now: Math.floor(input.now.getTime() / 1000),
    status: outage.watch({
      allowedUriPrefixes: [`${context.base}/status/lists/`],
      keys: trustedStatusListKeys(context.trust),
      x509Roots: context.trust.x509Roots,
      maxInflatedBytes: STATUS_LIST_MAX_INFLATED_BYTES,
      timeoutMs: 3000,
      cache: statusCache,
      async check(reference, { signal }) {
        const listId = listIdOf(context.base, reference.uri);
        if (!listId) return { kind: "unavailable", reason: "unknown list" };
        let version: string | undefined;
        if (input.knownStatus?.listId === listId) {
          version = input.knownStatus.version;
        } else if (early && (await admitsEveryCheck(input, context.base))) {
          const [lists, revoked, , inserted] = await context.db.batch([
            ...versionStatements(context.db, listId),
            ...(await nonceStatements(context.db, early.nonce, input.now)),
          ]);
          version = versionKey(lists, revoked);
          early.fresh = inserted.length === 1;
        } else {
          const [lists, revoked] = await context.db.batch(versionStatements(context.db, listId));
          version = versionKey(lists, revoked);
        }
        if (version === undefined) return { kind: "unavailable", reason: "unknown list" };
        return { kind: "versioned", version, token: () => context.fetchStatus(reference.uri, signal) };
      },
    }),
  };
  const verified = await verifyPresentation(input.presentation, policy);
  outage.throwIfUnjudged(verified);
  if (!verified.valid) {
    // A credential refused after its signature verified (revoked, a replayed code) is still named.
    const known = verified.credential ? describe(context.base, verified.credential) : undefined;
    const check = input.check ?? (known?.type ? (checkForCredentialType(known.type) ?? null) : null);
    // A credential of a check the caller may not make is refused as that, whatever else failed.
    const reason = check && input.admits && !(await input.admits(check)) ? "VERIFIER_NOT_REGISTERED" : verified.code;
    return refusal(reason, {
      check,
      credential: known,
      message: reason === verified.code ? verified.message : reasonMessage(reason),
    });
  }
  const credential = describe(context.base, verified);
  const check =
    input.check ??
    (credential.type ? (checkForPresentation(credential.type, verified.disclosedClaimNames) ?? null) : null);
  // Fail closed: a check the caller may not make (or no check at all) is refused before the
  // offline nonce is consumed, and shows nothing of the credential.
  if (input.admits && !(await input.admits(check))) return refusal("VERIFIER_NOT_REGISTERED", { check, credential });
  if (heldNonce !== undefined) {
    // Consumed already with the status read when that ran for this very nonce; here otherwise.
    const refused =
      early?.nonce === heldNonce && early.fresh !== undefined
        ? early.fresh
          ? undefined
          : "KB_NONCE_REUSED"
        : await consumedOrRefused(context.db, heldNonce, input.now);
    if (refused) return refusal(refused, { check, credential });
  }
  const attributes = presentedAttributes(check ?? undefined, verified.claims, verified.disclosedClaimNames);
  try {
    if (input.query) assertSatisfiesQuery(input.query, verified);
  } catch (error) {
    if (!(error instanceof VerificationError)) throw error;
    return refusal(error.code, { check, credential, presentedAttributes: attributes });
  }
  const binding: Binding = verified.paper ? "paper" : "device";
  return {
    valid: true,
    reason: "valid",
    message: validMessage(binding),
    presentedAttributes: attributes,
    timestamp,
    check,
    binding,
    outcome: check ? checkOutcome(check, attributes, input.now) : null,
    credential,
    presentationHash,
  };
}
