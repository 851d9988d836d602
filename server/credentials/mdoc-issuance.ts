/**
 * The DVLA's driving licence issued as an mDL mdoc to a wallet app (issue 23, ADR 053): one
 * IssuerSigned per proved holder key, each bound to its key (the MSO's deviceKey) with its own
 * salts, all one issuance in the person's history.
 *
 * Unlike an SD-JWT VC copy, an mdoc carries no status list entry (ISO/IEC 18013-5:2021 has none), so
 * there is nothing to revoke: the copies are not kept as credential rows, only the issuance (where
 * it went, how many copies, which token may report on it) and the person's activity line.
 */
import { base64urlEncode } from "#core/credentials/encoding.ts";
import type { PublicJwk } from "#core/credentials/index.ts";
import type { CredentialType } from "#core/issuers/registry.ts";
import { type DocumentSigner, issueMdl, LicenceRecordIncomplete, mdlElements } from "#core/mdoc/issue.ts";
import type { Database } from "#db/client.ts";
import { credentialIssuances, walletEvents } from "#db/schema/index.ts";
import type { AuthorityRecord } from "./authority-records.ts";

export interface MdocCopiesRequest {
  db: Database;
  userId: string;
  type: CredentialType;
  record: AuthorityRecord;
  holderJwks: readonly PublicJwk[];
  signer: DocumentSigner;
  clientId: string | null;
  tokenHash: string;
  now: Date;
}

export interface IssuedMdocs {
  issuanceId: string;
  notificationId: string;
  /** Each an IssuerSigned as OpenID4VCI 1.0 Appendix A.2.4 returns it (base64url CBOR). */
  credentials: string[];
}

/**
 * Signs the record as an mDL for each holder key, valid from now to the end of the DVLA's record or
 * of the document signer's certificate, whichever comes first (a verifier checks that certificate
 * when the mdoc is shown, so an mdoc that outlived it would be refused), then writes the issuance and its log line in one batch. Throws LicenceRecordIncomplete (before
 * anything is written) for a record an mDL cannot be made from.
 */
export async function issueMdocCopies(input: MdocCopiesRequest): Promise<IssuedMdocs> {
  const { db, userId, type, record, holderJwks, signer, now } = input;
  const elements = mdlElements(record, now);
  const validUntil = new Date(Math.min(record.validUntil.getTime(), signer.notAfter.getTime()));
  if (validUntil <= now) throw new LicenceRecordIncomplete("the document signer's certificate has ended");
  const validity = { signed: now, validFrom: now, validUntil };
  const issued = await Promise.all(holderJwks.map((holderJwk) => issueMdl({ elements, signer, holderJwk, validity })));
  const issuanceId = crypto.randomUUID();
  const notificationId = base64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
  await db.batch([
    db.insert(credentialIssuances).values({
      id: issuanceId,
      userId,
      type: type.code,
      wallet: "app",
      format: "mso_mdoc",
      clientId: input.clientId,
      copies: issued.length,
      notificationId,
      tokenHash: input.tokenHash,
      createdAt: now,
    }),
    db.insert(walletEvents).values({
      userId,
      kind: "credential_issued",
      detail: {
        type: type.code,
        issuer: type.issuerId,
        wallet: "app",
        copies: issued.length,
        issuanceId,
        format: "mso_mdoc",
      },
      createdAt: now,
    }),
  ]);
  return { issuanceId, notificationId, credentials: issued };
}
