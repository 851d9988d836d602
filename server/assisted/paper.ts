/**
 * The paper credentials a session printed (issue 10), as its printable page shows them again:
 * for staff of the session's office only (the session's object answers within the caller's
 * scope), and only credentials this session issued on paper to its client.
 */
import { and, eq, inArray } from "drizzle-orm";
import { credentialClaims } from "#core/credentials/index.ts";
import { CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import { credentials } from "#db/schema/index.ts";
import { PAPER_DELIVERY } from "#server/credentials/credentials.ts";
import { paperPayload } from "#server/credentials/paper.ts";
import { type AssistedContext, readSession, type Staff } from "./sessions.ts";

export interface PrintedPaper {
  credentialId: string;
  type: string;
  holderName: string;
  payload: string;
  expiresAt: Date;
  /** What the code shows, in words. */
  disclosed: string[];
}

export async function paperCredentialsOf(
  context: AssistedContext,
  staff: Staff,
  sessionId: string,
): Promise<PrintedPaper[]> {
  const session = await readSession(context, staff, sessionId);
  const ids = session.issuance?.paperCredentialIds ?? [];
  if (!ids.length || !session.client) return [];
  const rows = await context.db
    .select()
    .from(credentials)
    .where(and(inArray(credentials.id, ids), eq(credentials.userId, session.client.userId)));
  const papers = rows.filter((row) => row.metadata?.delivery === PAPER_DELIVERY && row.status === "active");
  return Promise.all(
    papers.map(async (row) => {
      const { payload, disclosed } = await paperPayload(row.vcJwt, row.type);
      // The name the issuer signed, which is what the checker compares with photo ID.
      const signed = await credentialClaims(row.vcJwt);
      const holderName = [signed.given_name, signed.family_name].filter((part) => typeof part === "string").join(" ");
      const claims = isCredentialTypeCode(row.type) ? CREDENTIAL_TYPES[row.type].claims : [];
      return {
        credentialId: row.id,
        type: row.type,
        holderName,
        payload,
        expiresAt: row.expiresAt!,
        disclosed: disclosed.map((path) => claims.find((claim) => claim.name === path)?.label ?? path),
      };
    }),
  );
}
