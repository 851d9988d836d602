/**
 * The paper credentials a session printed (issue 10), as its printable page shows them again:
 * for staff of the session's office only (the session's object answers within the caller's
 * scope), and only credentials this session issued on paper to its client.
 *
 * A paper credential's code is a bearer credential for 30 days, so printing it again is limited
 * (issue 20): only the operator who ran the session or issued it, a supervisor or an administrator
 * may print; only within PRINT_WINDOW_MS of issue; at most MAX_PRINTS times a session; and every
 * print is audited ("Paper credentials printed", with who, which and the how-many-th).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AssistedSession } from "#core/assisted/session.ts";
import { credentialClaims } from "#core/credentials/index.ts";
import { credentials } from "#db/schema/index.ts";
import { type ThrottlePolicy, throttle } from "#server/accounts/throttle.ts";
import { PAPER_DELIVERY } from "#server/credentials/credentials.ts";
import { paperPayload } from "#server/credentials/paper.ts";
import { ServiceError } from "#server/http/errors.ts";
import { audit } from "#server/observability/audit.ts";
import { type AssistedContext, readSession, type Staff } from "./sessions.ts";

/** Paper credentials may be printed (the first time included) until this long after they were issued. */
export const PRINT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Prints of one session's paper credentials at most: the first and two reprints (a jam, a spoilt sheet). */
export const MAX_PRINTS = 3;

/** Counts a session's prints (the LoginThrottle object, one per session): the MAX_PRINTS-th is the last. */
const PRINTS: ThrottlePolicy = {
  limit: MAX_PRINTS,
  lockoutMs: PRINT_WINDOW_MS,
  window: "fixed",
  windowMs: PRINT_WINDOW_MS,
};

/** A refusal to print that the page explains (403): who, too late, or too many. */
export class PrintRefusal extends ServiceError {
  constructor(message: string, code: string) {
    super(403, message, code);
  }
}

/**
 * Why `staff` may not print the session's paper credentials at `now`, or null when they may. The
 * count is kept apart (it needs the session's counter); this is the part that needs only the session.
 */
export function printRefusal(session: AssistedSession, staff: Staff, now: Date): PrintRefusal | null {
  const issuance = session.issuance;
  if (!issuance) return null;
  const ranIt = staff.person.id === session.operator.id || staff.person.id === issuance.by.id;
  if (!ranIt && !staff.supervisor)
    return new PrintRefusal(
      "Only the operator who ran this session, a supervisor or an administrator can print its paper credentials",
      "NOT_SESSION_OPERATOR",
    );
  if (now.getTime() - Date.parse(issuance.at) > PRINT_WINDOW_MS)
    return new PrintRefusal(
      "Paper credentials can be printed only within 24 hours of being issued. The client can ask for new ones at a new session.",
      "PRINT_WINDOW_ENDED",
    );
  return null;
}

export interface PrintedPaper {
  credentialId: string;
  type: string;
  holderName: string;
  payload: string;
  expiresAt: Date;
  /** The claims the code discloses, by their names: the page labels them in the client's language. */
  disclosed: string[];
}

export async function paperCredentialsOf(
  context: AssistedContext,
  staff: Staff,
  sessionId: string,
  now = new Date(),
): Promise<PrintedPaper[]> {
  const session = await readSession(context, staff, sessionId);
  const ids = session.issuance?.paperCredentialIds ?? [];
  if (!ids.length || !session.client) return [];
  const refusal = printRefusal(session, staff, now);
  if (refusal) throw refusal;
  const rows = await context.db
    .select()
    .from(credentials)
    .where(and(inArray(credentials.id, ids), eq(credentials.userId, session.client.userId)));
  const papers = rows.filter((row) => row.metadata?.delivery === PAPER_DELIVERY && row.status === "active");
  if (!papers.length) return [];
  const gate = await throttle(context.accounts, `paper-print:${session.id}`).attempt(PRINTS);
  if (!gate.allowed)
    throw new PrintRefusal(
      `This session's paper credentials have been printed ${MAX_PRINTS} times, the most allowed. The client can ask for new ones at a new session.`,
      "PRINT_LIMIT_REACHED",
    );
  audit(context.accounts, {
    level: "info",
    category: "assisted",
    component: "assisted-session",
    event: "Paper credentials printed",
    userId: staff.person.id,
    details: {
      sessionId: session.id,
      officeId: session.officeId,
      credentialIds: papers.map((row) => row.id),
      print: gate.count,
      of: MAX_PRINTS,
    },
  });
  return Promise.all(
    papers.map(async (row) => {
      const { payload, disclosed } = await paperPayload(row.vcJwt, row.type);
      // The name the issuer signed, which is what the checker compares with photo ID.
      const signed = await credentialClaims(row.vcJwt);
      const holderName = [signed.given_name, signed.family_name].filter((part) => typeof part === "string").join(" ");
      return {
        credentialId: row.id,
        type: row.type,
        holderName,
        payload,
        expiresAt: row.expiresAt!,
        disclosed,
      };
    }),
  );
}
