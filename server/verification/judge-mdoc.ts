/**
 * Judging an mdoc answer (issue 23, ADR 050): the DeviceResponse a wallet returned for one of the
 * request's `mso_mdoc` credential queries, verified by core/mdoc against the request's own
 * handover and the IACA roots the trust list makes active for the check; then the disclosed
 * elements read as the check's attributes and judged by the check's rule, as an SD-JWT VC is.
 */
import type { MdocHandover } from "#core/mdoc/session-transcript.ts";
import { verifyDeviceResponse } from "#core/mdoc/verify.ts";
import type { CheckType } from "#core/verification/checks.ts";
import { type MdocCredentialQuery, mdocPresentedAttributes, mdocSourceFor } from "#core/verification/openid4vp.ts";
import type { Database } from "#db/client.ts";
import type { Judgement } from "./judge.ts";
import { trustedRoots } from "./trust-list.ts";
import { judgementsFor } from "./trusted-judgement.ts";

export interface MdocJudgeInput {
  presentation: string;
  check: CheckType;
  query: MdocCredentialQuery;
  handover: MdocHandover;
  now: Date;
}

export async function judgeMdocPresentation(db: Database, input: MdocJudgeInput): Promise<Judgement> {
  const { refusal, valid } = await judgementsFor(input);
  const source = mdocSourceFor(input.check, input.query);
  // The query is the request's own (read from its row), so this is a request made by an older build.
  if (!source) return refusal("DCQL_VCT_MISMATCH");
  const verify = async (fresh: boolean) => {
    const roots = await trustedRoots(db, "mdoc_iaca_root", input.check, { now: input.now.getTime(), fresh });
    if (!roots.length) return { roots, result: undefined };
    const result = await verifyDeviceResponse({
      deviceResponse: input.presentation,
      docType: input.query.meta.doctype_value,
      claims: input.query.claims.map((claim) => claim.path),
      handover: input.handover,
      roots: roots.map((root) => root.certificate),
      now: input.now,
    });
    return { roots, result };
  };
  let { roots, result } = await verify(false);
  // A root this isolate has not read yet (approved a moment ago): one fresh read before refusing.
  if (!result || (!result.valid && result.code === "MDOC_ISSUER_UNTRUSTED")) ({ roots, result } = await verify(true));
  if (!result) return refusal("MDOC_ISSUER_UNTRUSTED");
  if (!result.valid) {
    // Roots unreadable by the chain check are left out when read (trust-list.ts); should one still
    // refuse the policy, the answer is untrusted, never a 5xx.
    if (result.code === "POLICY_INVALID") return refusal("MDOC_ISSUER_UNTRUSTED");
    return refusal(result.code, result.message);
  }
  const entry = roots.find((root) => root.certificate === result.issuer.root);
  return valid(mdocPresentedAttributes(input.check, source, result.elements), {
    format: "mso_mdoc",
    doctype: result.docType,
    iss: result.issuer.subject,
    issuerName: entry?.name ?? result.issuer.subject,
    issuerCertificate: result.issuer.subject,
  });
}
