/**
 * The DCQL query a request object carries (issue 23, ADR 052): the check's query (dcqlQuery) with
 * `trusted_authorities` (OpenID4VP 1.0 section 6.1.1) on every credential query the trust list
 * answers, so a wallet offers only a credential the verifier will accept:
 *
 * - an `mso_mdoc` query: the ACTIVE `mdoc_iaca_root` entries for the check;
 * - an outside issuer's `dc+sd-jwt` query: the ACTIVE `sd_jwt_vc_issuer_certificate` entries.
 *
 * Each as `{type: "aki", values}`, the base64url KeyIdentifier of each root. A query the trust list
 * answers with no active root is left out (no wallet could satisfy it: trusted_authorities may not
 * be empty, and leaving it off would mean "any issuer"). The query for our own credentials carries
 * none: our authorities are trusted by their keys, not through the list.
 *
 * Read fresh for each request object (one round trip), so a root approved a moment ago is offered
 * and a retired one never is; the answer is judged against the list as it then is, whatever the
 * request said.
 */
import { rootKeyIdentifier } from "#core/credentials/key-identifier.ts";
import type { CheckType } from "#core/verification/checks.ts";
import {
  type DcqlCredentialQuery,
  type DcqlQuery,
  dcqlQuery,
  MDOC_FORMAT,
  outsideSdJwtSourceFor,
  withOptions,
} from "#core/verification/openid4vp.ts";
import type { Database } from "#db/client.ts";
import { type TrustEntryKind, trustedRoots } from "./trust-list.ts";

/** The kind of trust list entry that answers a credential query of `check`, if the list answers it. */
function trustKindOf(check: CheckType, query: DcqlCredentialQuery): TrustEntryKind | undefined {
  if (query.format === MDOC_FORMAT) return "mdoc_iaca_root";
  return outsideSdJwtSourceFor(check, query) ? "sd_jwt_vc_issuer_certificate" : undefined;
}

/** The request's DCQL query, each trust-listed credential query limited to the roots active for `check`. */
export async function requestDcqlQuery(
  db: Database,
  base: string,
  check: CheckType,
  attributes: readonly string[],
  now: Date,
): Promise<DcqlQuery> {
  const query = dcqlQuery(base, check, attributes);
  const kinds = [...new Set(query.credentials.map((q) => trustKindOf(check, q)).filter((kind) => kind !== undefined))];
  if (!kinds.length) return query;
  const identifiers = new Map<TrustEntryKind, string[]>();
  await Promise.all(
    kinds.map(async (kind) => {
      const roots = await trustedRoots(db, kind, check, { now: now.getTime(), fresh: true });
      const values = await Promise.all(roots.map((root) => rootKeyIdentifier(root.certificate)));
      identifiers.set(kind, [...new Set(values.filter((value) => value !== undefined))]);
    }),
  );
  const credentials = query.credentials.flatMap((credential): DcqlCredentialQuery[] => {
    const kind = trustKindOf(check, credential);
    if (!kind) return [credential];
    const values = identifiers.get(kind) ?? [];
    return values.length ? [{ ...credential, trusted_authorities: [{ type: "aki", values }] }] : [];
  });
  return withOptions(credentials);
}
