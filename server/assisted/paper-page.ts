/**
 * The data of /assisted/sessions/{id}/paper (Generate Paper QR; issue 10): the paper credentials
 * the session printed, each with its type's name and expiry, for staff of the session's office
 * (paper.ts). A session outside the caller's scope is a ServiceError; a refusal to print is data,
 * in the operator's language.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import type { PublicUser } from "#core/accounts/users.ts";
import type { Locale } from "#core/i18n/locales.ts";
import type { AccountsContext } from "#server/accounts/authentication.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import type { RequestContext } from "#server/worker/context.ts";
import { MAX_PRINTS, PrintRefusal, paperCredentialsOf } from "./paper.ts";
import { type AssistedBindings, assistedContext, staffOf } from "./sessions.ts";

/** A refusal to print in the operator's words, by its code (paper.ts keeps the API's English). */
const refusalsDeclared = defineMessages({
  NOT_SESSION_OPERATOR: {
    id: "assisted.server.print.notSessionOperator",
    defaultMessage:
      "Only the operator who ran this session, a supervisor or an administrator can print its paper credentials",
  },
  PRINT_WINDOW_ENDED: {
    id: "assisted.server.print.windowEnded",
    defaultMessage:
      "Paper credentials can be printed only within 24 hours of being issued. The client can ask for new ones at a new session.",
  },
  PRINT_LIMIT_REACHED: {
    id: "assisted.server.print.limitReached",
    defaultMessage:
      "This session's paper credentials have been printed {max, plural, one {# time} other {# times}}, the most allowed. The client can ask for new ones at a new session.",
  },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const refusals: { readonly [K in keyof typeof refusalsDeclared]: MessageDescriptor } = refusalsDeclared;

function refusalWords(error: PrintRefusal, locale: Locale): string {
  const message = refusals[error.code as keyof typeof refusals];
  return message ? serverIntl(locale).formatMessage(message, { max: MAX_PRINTS }) : error.message;
}

/** A printed paper credential as the page shows it. */
export interface PaperView {
  credentialId: string;
  /** The type's code: the page names it, and labels its claims, in the client's language. */
  type: string;
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
  locale: Locale,
): Promise<{ sessionId: string; papers: PaperView[]; refusal: string | null }> {
  const staff = await staffOf(context.db, user);
  let papers: Awaited<ReturnType<typeof paperCredentialsOf>>;
  try {
    papers = await paperCredentialsOf(assistedContext(context, requestUrl), staff, sessionId);
  } catch (error) {
    if (error instanceof PrintRefusal) return { sessionId, papers: [], refusal: refusalWords(error, locale) };
    throw error;
  }
  return {
    sessionId,
    refusal: null,
    papers: papers.map((paper) => ({ ...paper, expiresAt: paper.expiresAt.toISOString() })),
  };
}
