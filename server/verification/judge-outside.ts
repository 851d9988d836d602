/**
 * Judging an SD-JWT VC from an issuer outside this platform (issue 23, ADR 052), such as an EU PID
 * provider's: the answer to one of the request's outside `dc+sd-jwt` credential queries. The
 * credentials core verifies it as it verifies ours (signature, disclosures, key binding with the
 * request's nonce and client_id), with one difference in trust: the issuer is not known in advance
 * by its `iss`, so its key must come in an ES256 `x5c` chain ending at a root the trust list makes
 * ACTIVE for the request's check, and `iss` must be one of the leaf's SAN URIs (SD-JWT VC section
 * 3.5). The claims are then read as the check's attributes and judged by the check's rule.
 *
 * Status: such a credential's status list lives at its issuer, and nothing here can yet fetch and
 * verify a token from there safely (an allow-listed, bounded fetch, signed under the same root),
 * so a credential that names a status is refused as STATUS_UNKNOWN rather than accepted unchecked.
 */
import { base64urlDecode } from "#core/credentials/encoding.ts";
import { type TrustedIssuer, verifyPresentation } from "#core/credentials/index.ts";
import type { CheckType, OutsideSdJwtSource } from "#core/verification/checks.ts";
import { claimAt, outsidePresentedAttributes, type SdJwtCredentialQuery } from "#core/verification/openid4vp.ts";
import { reasonMessage } from "#core/verification/reasons.ts";
import type { Database } from "#db/client.ts";
import type { JudgedCredential, Judgement } from "./judge.ts";
import { CLOCK_SKEW_SECONDS } from "./offline-nonces.ts";
import { trustedRoots } from "./trust-list.ts";
import { judgementsFor } from "./trusted-judgement.ts";

/** HAIP 1.0 section 6.1.1: an outside issuer signs ES256 with its key in an x5c chain. */
const OUTSIDE_ISSUER_ALGORITHMS = ["ES256"] as const;

export interface OutsideJudgeInput {
  presentation: string;
  check: CheckType;
  query: SdJwtCredentialQuery;
  source: OutsideSdJwtSource;
  /** The request's client_id (the KB-JWT's aud) and nonce. */
  audience: string;
  expectedNonce: string;
  maxKbAgeSeconds: number;
  now: Date;
}

/** The issuer-signed payload as the presentation carries it (unverified: the caller says when it may be trusted). */
export function issuerClaims(presentation: string): Record<string, unknown> | undefined {
  try {
    const payload = presentation.split("~")[0]?.split(".")[1];
    const claims: unknown = payload ? JSON.parse(new TextDecoder().decode(base64urlDecode(payload))) : undefined;
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function judgeOutsidePresentation(db: Database, input: OutsideJudgeInput): Promise<Judgement> {
  const { refusal, valid } = await judgementsFor(input);
  // Read unverified only to name the one issuer the policy trusts: that issuer is trusted through
  // the roots alone, and the chain's leaf must then name this very iss (verify.ts).
  const iss = issuerClaims(input.presentation)?.iss;
  const verify = async (fresh: boolean) => {
    const roots = await trustedRoots(db, "sd_jwt_vc_issuer_certificate", input.check, {
      now: input.now.getTime(),
      fresh,
    });
    if (!roots.length || typeof iss !== "string") return { roots, result: undefined };
    const issuer: TrustedIssuer = {
      keys: [],
      algorithms: OUTSIDE_ISSUER_ALGORITHMS,
      x509Roots: roots.map((root) => root.certificate),
    };
    const result = await verifyPresentation(input.presentation, {
      trustedIssuers: new Map([[iss, issuer]]),
      allowedVcts: input.query.meta.vct_values,
      requireKeyBinding: true,
      expectedAudience: input.audience,
      expectedNonce: input.expectedNonce,
      kbAlgorithms: ["ES256", "EdDSA"],
      maxKbAgeSeconds: input.maxKbAgeSeconds,
      clockSkewSeconds: CLOCK_SKEW_SECONDS,
      now: Math.floor(input.now.getTime() / 1000),
    });
    return { roots, result };
  };
  let { roots, result } = await verify(false);
  // A root this isolate has not read yet (approved a moment ago): one fresh read before refusing.
  if (!result || (!result.valid && result.code === "CERTIFICATE_UNTRUSTED")) ({ roots, result } = await verify(true));
  if (!result) {
    return typeof iss === "string" ? refusal("CERTIFICATE_UNTRUSTED") : refusal("UNTRUSTED_ISSUER");
  }
  if (!result.valid) {
    // A root the chain check cannot use is left out when read (trust-list.ts); should one still
    // refuse the policy, the credential is untrusted, never a 5xx.
    if (result.code === "POLICY_INVALID") return refusal("CERTIFICATE_UNTRUSTED");
    return refusal(result.code, result.message);
  }
  const entry = roots.find((root) => root.certificate === result.issuerCertificateRoot);
  // Without a chain nothing vouches for the issuer (its key list is empty, so this cannot verify;
  // kept as a guard should the core ever change).
  if (!entry || !result.issuerCertificateSubject) return refusal("CERTIFICATE_UNTRUSTED");
  const credential: JudgedCredential = {
    format: "dc+sd-jwt",
    vct: result.vct,
    iss: result.iss,
    issuerName: entry.name,
    issuerCertificate: result.issuerCertificateSubject,
  };
  if (result.status) return refusal("STATUS_UNKNOWN", reasonMessage("STATUS_UNKNOWN"), credential);
  // Never rely on the wallet to have applied the query: every claim asked is there. A claim in
  // the clear in the signed payload is shown as much as a disclosed one.
  if (input.query.claims.some((claim) => claimAt(result.claims, claim.path) === undefined))
    return refusal("DCQL_CLAIM_MISSING", reasonMessage("DCQL_CLAIM_MISSING"), credential);
  return valid(outsidePresentedAttributes(input.check, input.source, result.claims), credential);
}
