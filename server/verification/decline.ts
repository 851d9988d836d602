/**
 * POST /api/presentations/decline {state} (issue 20; docs/decisions/029): the holder's own "no" to
 * a verifier's request, from the platform's wallet. A refusal at response_uri can come from
 * anyone who photographed the QR code (it carries the state), so there it ends nothing; this one
 * ends the request, because it is authenticated as the holder: a person signed in to the wallet
 * (the session cookie, same-site only: the web worker refuses another site's POST) who holds an
 * active credential of a type the request asks for.
 */
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { sha256Base64url, webCrypto } from "#core/credentials/crypto.ts";
import { CHECKS, isCheckType } from "#core/verification/checks.ts";
import { CLOSED_REQUEST_WORDS } from "#core/verification/holder-refusals.ts";
import { MAX_REQUEST_ATTEMPTS } from "#core/verification/reasons.ts";
import { credentials, verificationRequests } from "#db/schema/index.ts";
import { getActiveSession, type SessionContext } from "#server/accounts/session.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { closedReason, type VerificationContext } from "./requests.ts";
import { declineErrors } from "./worded.ts";

export async function declineRequest(
  context: VerificationContext,
  session: SessionContext,
  request: Request,
  state: string,
  now = new Date(),
): Promise<{ status: "declined" }> {
  const signedIn = await getActiveSession(request, session);
  if (!signedIn) throw new WordedServiceError(401, declineErrors.signedOut, "UNAUTHORIZED");
  const [row] = await context.db
    .select({
      id: verificationRequests.id,
      credentialType: verificationRequests.credentialType,
      status: verificationRequests.status,
      expiresAt: verificationRequests.expiresAt,
    })
    .from(verificationRequests)
    .where(eq(verificationRequests.stateHash, await sha256Base64url(webCrypto(), state)))
    .limit(1);
  if (!row || !isCheckType(row.credentialType))
    throw new WordedServiceError(404, declineErrors.stateUnknown, "STATE_UNKNOWN");
  const [held] = await context.db
    .select({ id: credentials.id })
    .from(credentials)
    .where(
      and(
        eq(credentials.userId, signedIn.user.id),
        inArray(credentials.type, [...CHECKS[row.credentialType].credentialTypes]),
        eq(credentials.status, "active"),
        isNull(credentials.revokedAt),
        or(isNull(credentials.expiresAt), gt(credentials.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!held) throw new WordedServiceError(403, declineErrors.noCredential, "DECLINE_NO_CREDENTIAL");
  if (row.expiresAt.getTime() <= now.getTime())
    throw new WordedServiceError(409, declineErrors.expired, "REQUEST_EXPIRED");
  const { accepted, snapshot } = await context
    .requestObject(row.id)
    .answer({ kind: "declined", timestamp: now.toISOString() });
  if (!accepted) {
    const reason = closedReason(snapshot.status);
    throw new WordedServiceError(409, CLOSED_REQUEST_WORDS[reason], reason, { count: MAX_REQUEST_ATTEMPTS });
  }
  return { status: "declined" };
}
