/**
 * The data of /assisted/sessions/{id}/paper (Generate Paper QR; issue 10): the paper credentials
 * the session printed, each with its type's name and expiry, for staff of the session's office
 * (paper.ts). A refusal, or a session outside the caller's scope, is a ServiceError.
 */
import type { PublicUser } from "#core/accounts/schemas.ts";
import { CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import type { AccountsContext } from "#server/accounts/authentication.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { PrintRefusal, paperCredentialsOf } from "./paper.ts";
import { type AssistedBindings, assistedContext, staffOf } from "./sessions.ts";

/** A printed paper credential as the page shows it. */
export interface PaperView {
  credentialId: string;
  type: string;
  typeName: string;
  holderName: string;
  payload: string;
  expiresAt: string;
  disclosed: string[];
}

/**
 * The page's data for session `sessionId`, as `user` (signed in) may see it. A refusal to print
 * (who, too late, too many: paper.ts) is data the page shows, with no code on it.
 */
export async function paperPageData(
  context: RequestContext<AssistedBindings> & AccountsContext,
  user: PublicUser,
  sessionId: string,
  requestUrl: string,
): Promise<{ sessionId: string; papers: PaperView[]; refusal: string | null }> {
  const staff = await staffOf(context.db, user);
  let papers: Awaited<ReturnType<typeof paperCredentialsOf>>;
  try {
    papers = await paperCredentialsOf(assistedContext(context, requestUrl), staff, sessionId);
  } catch (error) {
    if (error instanceof PrintRefusal) return { sessionId, papers: [], refusal: error.message };
    throw error;
  }
  return {
    sessionId,
    refusal: null,
    papers: papers.map((paper) => ({
      ...paper,
      typeName: isCredentialTypeCode(paper.type) ? CREDENTIAL_TYPES[paper.type].longName : paper.type,
      expiresAt: paper.expiresAt.toISOString(),
    })),
  };
}
