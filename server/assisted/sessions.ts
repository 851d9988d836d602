/**
 * The assisted-digital API (issue 10; spec 000 §7): who may see and act on which session, and
 * the translation of HTTP bodies into the session object's commands. The rules themselves live in
 * core/assisted/session.ts and are applied by the session's Durable Object, its single writer.
 *
 *   GET   /api/assisted/sessions                 the sessions of the caller's office (all: administrators)
 *   POST  /api/assisted/sessions                 New Assisted Session
 *   GET   /api/assisted/sessions/{id}            one session, live state
 *   PATCH /api/assisted/sessions/{id}            Continue (currentStep), Pause / resume / End (status)
 *   POST  /api/assisted/sessions/{id}/actions    a step's work: the client, the document, approvals, the visual match, issuance
 *   GET   /api/assisted/sessions/{id}/records    the authorities' records step 4 would issue (at step 4 only)
 *   GET   /api/assisted/sessions/{id}/live       WebSocket: the session's every change (server/assisted/live.ts)
 *
 * The authorities hold records of people not yet on the platform, found by a document's number.
 * So the counter is not a lookup service (issue 20): a member of staff looks up at most
 * LOOKUP_THROTTLE's numbers an hour; the records (a name, a date of birth) are shown only at step 4,
 * after a supervisor approved the document and the operator confirmed the person matches it; and
 * every read is audited with a keyed digest of the number, never the number.
 */
import type { MessageDescriptor } from "@formatjs/intl";
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import * as z from "zod";
import { displayName, effectiveRole, type PublicUser } from "#core/accounts/users.ts";
import type {
  ActionAnswer,
  CounterOffer,
  CreateSessionRequest,
  PatchSessionBody,
  SessionActionBody,
  SessionDetails,
} from "#core/assisted/api.ts";
import type { AssistedSession, Person } from "#core/assisted/session.ts";
import { approvalState, assertCanIssue, SessionRuleError } from "#core/assisted/session.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { CREDENTIAL_TYPES, isCredentialTypeCode, printableOnPaper } from "#core/issuers/registry.ts";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import {
  assistedOffices,
  assistedSessions,
  authorityRecords,
  credentialOffers,
  operatorProfiles,
  users,
} from "#db/schema/index.ts";
import { type AccountsContext, requireUser } from "#server/accounts/authentication.ts";
import { keyedDigest } from "#server/accounts/keyed-digest.ts";
import { registerAccount } from "#server/accounts/registration.ts";
import { retryAfter, type ThrottlePolicy, throttle } from "#server/accounts/throttle.ts";
import { type CredentialBindings, credentialContext } from "#server/credentials/context.ts";
import { issuePaperCredential, paperNotAllowed } from "#server/credentials/paper.ts";
import { ServiceError } from "#server/http/errors.ts";
import { localisedServiceErrorResponse, WordedServiceError } from "#server/http/worded-error.ts";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { offerKeysOf } from "#server/issuance/http.ts";
import { type CreatedOffer, createCredentialOffer, type OfferKeys } from "#server/issuance/offers.ts";
import { audit } from "#server/observability/audit.ts";
import type { RequestContext } from "#server/worker/context.ts";
import type { AssistedOfficeApi } from "./office-feed.ts";
import type { AssistedSessionApi, CommandResult, OfficeScope, SessionCommand } from "./session-state.ts";
import { assistedErrors, ruleRefusal } from "./worded.ts";

/** The signed-in member of staff as the assisted console knows them. */
export interface Staff {
  person: Person;
  role: "operator" | "admin";
  /** Null for an administrator without an office: they see every office. */
  officeId: string | null;
  supervisor: boolean;
  title: string;
  authorisationLevel: number;
}

export interface AssistedContext {
  db: Database;
  sessions: (id: string) => AssistedSessionApi;
  offices: (officeId: string) => AssistedOfficeApi;
  /** Registration's context (its throttle), for accounts made at the counter. */
  accounts: AccountsContext;
  /** The issuers' keys and identifiers, loaded only when a paper credential is printed. */
  credentials: () => ReturnType<typeof credentialContext>;
  /** What offers to the client's own wallet app are made with (delivery "app"). */
  offerKeys: () => OfferKeys;
  /** The language of the caller's answers (words made elsewhere, e.g. registration's refusals). */
  locale: Locale;
}

/**
 * The caller's standing, read fresh on every request (a change of office or authority applies at
 * once). Citizens and verifiers get 403; an operator with no office has nothing to run (403).
 */
export async function staffOf(db: Database, user: PublicUser): Promise<Staff> {
  const role = effectiveRole(user.role);
  if (role !== "operator" && role !== "admin") throw new WordedServiceError(403, assistedErrors.staffOnly, "FORBIDDEN");
  const [profile] = await db.select().from(operatorProfiles).where(eq(operatorProfiles.userId, user.id)).limit(1);
  if (!profile && role === "operator") throw new WordedServiceError(403, assistedErrors.noOffice, "NO_OFFICE");
  return {
    person: { id: user.id, name: displayName(user) },
    role,
    officeId: profile?.officeId ?? null,
    // Administrators hold supervisor authority everywhere (SECURITY.md: dual control).
    supervisor: role === "admin" || Boolean(profile?.supervisor),
    title: profile?.title ?? "Administrator",
    authorisationLevel: profile?.authorisationLevel ?? 3,
  };
}

/** An administrator's scope is every office; an operator's, their own. */
export const scopeOf = (staff: Staff): OfficeScope => ({ officeId: staff.role === "admin" ? null : staff.officeId });

export type SessionRow = typeof assistedSessions.$inferSelect;

/** A session as the office's list on the console shows it. */
export interface SessionSummary {
  id: string;
  clientName: string;
  operatorName: string;
  status: string;
  currentStep: number;
  totalSteps: number;
  startedAt: string;
  completedAt: string | null;
  awaitingApproval: boolean;
}

/** How many recently ended sessions the console's list keeps beside the open ones. */
const RECENT_ENDED = 5;
/** Open sessions shown at most (an office runs a handful at once). */
const OPEN_SHOWN = 200;

/**
 * An office's open sessions (newest first) and its few most recently ended, each
 * read with only the columns the list shows: the operator and the approval come out of
 * session_data by json_extract, not as the whole record with its events.
 */
export async function officeSessions(
  db: Database,
  officeId: string,
  now = new Date(),
): Promise<{ open: SessionSummary[]; ended: SessionSummary[] }> {
  const columns = {
    id: assistedSessions.id,
    clientName: assistedSessions.clientName,
    status: assistedSessions.status,
    currentStep: assistedSessions.currentStep,
    totalSteps: assistedSessions.totalSteps,
    startedAt: assistedSessions.startedAt,
    completedAt: assistedSessions.completedAt,
    operatorName: sql<string | null>`json_extract(${assistedSessions.sessionData}, '$.operator.name')`,
    approvalDecision: sql<
      "approved" | "denied" | null
    >`json_extract(${assistedSessions.sessionData}, '$.approval.decision')`,
    approvalExpiresAt: sql<string | null>`json_extract(${assistedSessions.sessionData}, '$.approval.expiresAt')`,
  };
  const inOffice = eq(assistedSessions.officeId, officeId);
  const [open, ended] = await db.batch([
    db
      .select(columns)
      .from(assistedSessions)
      .where(and(inOffice, ne(assistedSessions.status, "completed")))
      .orderBy(desc(assistedSessions.startedAt))
      .limit(OPEN_SHOWN),
    db
      .select(columns)
      .from(assistedSessions)
      .where(and(inOffice, eq(assistedSessions.status, "completed")))
      .orderBy(desc(assistedSessions.completedAt))
      .limit(RECENT_ENDED),
  ]);
  const summary = (row: (typeof open)[number]): SessionSummary => ({
    id: row.id,
    clientName: row.clientName,
    operatorName: row.operatorName ?? "Unknown operator",
    status: row.status,
    currentStep: row.currentStep,
    totalSteps: row.totalSteps,
    startedAt: row.startedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    awaitingApproval:
      row.status !== "completed" &&
      row.approvalExpiresAt !== null &&
      approvalState({ decision: row.approvalDecision, expiresAt: row.approvalExpiresAt }, now) === "pending",
  });
  return { open: open.map(summary), ended: ended.map(summary) };
}

/** The sessions the caller may see, newest first (GET /api/assisted/sessions). */
export async function listSessions(db: Database, staff: Staff, limit = 100): Promise<SessionRow[]> {
  const { officeId } = scopeOf(staff);
  return db
    .select()
    .from(assistedSessions)
    .where(officeId ? eq(assistedSessions.officeId, officeId) : undefined)
    .orderBy(desc(assistedSessions.startedAt))
    .limit(limit);
}

const notFound = () => new WordedServiceError(404, assistedErrors.sessionNotFound, "NOT_FOUND");

/**
 * The session's single writer. The object knows its office and answers only within the caller's
 * scope, so no read of the row comes first; an id that is not even a UUID wakes no object.
 */
function sessionObject(context: AssistedContext, id: string): AssistedSessionApi {
  if (!z.guid().safeParse(id).success) throw notFound();
  return context.sessions(id);
}

/**
 * The office a call acts in: an operator's own; an administrator names one (or acts in their
 * own), which must exist.
 */
export async function officeFor(db: Database, staff: Staff, named: string | null | undefined): Promise<string> {
  if (staff.role !== "admin" || !named || named === staff.officeId) {
    if (!staff.officeId) throw new WordedServiceError(400, assistedErrors.nameOffice, "VALIDATION_ERROR");
    return staff.officeId;
  }
  if (!z.guid().safeParse(named).success)
    throw new WordedServiceError(400, assistedErrors.officeIdInvalid, "VALIDATION_ERROR");
  const [office] = await db
    .select({ id: assistedOffices.id })
    .from(assistedOffices)
    .where(eq(assistedOffices.id, named))
    .limit(1);
  if (!office) throw new WordedServiceError(404, assistedErrors.noSuchOffice, "OFFICE_NOT_FOUND");
  return office.id;
}

export async function createSession(
  context: AssistedContext,
  staff: Staff,
  { officeId: named, ...details }: Pick<CreateSessionRequest, keyof SessionDetails | "officeId">,
): Promise<AssistedSession> {
  const officeId = await officeFor(context.db, staff, named);
  const id = crypto.randomUUID();
  return context.sessions(id).create({ ...details, id, officeId, operator: staff.person });
}

export async function readSession(context: AssistedContext, staff: Staff, id: string): Promise<AssistedSession> {
  const session = await sessionObject(context, id).view(scopeOf(staff));
  if (!session) throw notFound();
  return session;
}

export async function updateSession(
  context: AssistedContext,
  staff: Staff,
  id: string,
  body: z.output<typeof PatchSessionBody>,
): Promise<AssistedSession> {
  if ("completedAt" in body && body.completedAt !== undefined && body.status !== "completed") {
    throw new WordedServiceError(400, assistedErrors.completedAtOnly, "VALIDATION_ERROR");
  }
  const command: SessionCommand =
    "currentStep" in body
      ? { type: "advance", toStep: body.currentStep, actor: staff.person }
      : { type: "status", status: body.status, actor: staff.person };
  return run(context, staff, id, command);
}

export async function act(
  context: AssistedContext,
  staff: Staff,
  id: string,
  body: z.output<typeof SessionActionBody>,
): Promise<ActionAnswer> {
  switch (body.type) {
    case "find-client": {
      // As sign-in and registration compare them: usernames by lower() (its index), emails stored lower-case.
      const account = body.account.toLowerCase();
      const [citizen] = await context.db
        .select()
        .from(users)
        .where(and(eq(users.role, "citizen"), or(eq(sql`lower(${users.username})`, account), eq(users.email, account))))
        .limit(1);
      if (!citizen) throw new WordedServiceError(404, assistedErrors.clientNotFound, "CLIENT_NOT_FOUND");
      const client = { userId: citizen.id, username: citizen.username, name: displayName(citizen), createdHere: false };
      return run(context, staff, id, { type: "link-client", client, actor: staff.person });
    }
    case "create-client": {
      // Refused before an account exists if the session cannot take a client now.
      const session = await readSession(context, staff, id);
      if (session.status !== "active" || session.currentStep !== 1)
        throw new WordedServiceError(409, assistedErrors.clientAtStepOne, "WRONG_STEP");
      // Throttled per operator, as registration is per address: a counter is one busy address.
      const registered = await registerAccount(
        context.accounts,
        body.account,
        `assisted:${staff.person.id}`,
        context.locale,
      );
      if (!registered.ok)
        throw new ServiceError(
          registered.status,
          registered.message,
          registered.reason.toUpperCase().replace("-", "_"),
        );
      const client = {
        userId: registered.user.id,
        username: registered.user.username,
        name: displayName(registered.user),
        createdHere: true,
      };
      return run(context, staff, id, { type: "link-client", client, actor: staff.person });
    }
    case "document": {
      const { document } = body;
      await countLookup(context, staff);
      const records = await context.db
        .select({ id: authorityRecords.id })
        .from(authorityRecords)
        .where(
          and(eq(authorityRecords.documentType, document.type), eq(authorityRecords.documentNumber, document.number)),
        )
        .limit(20);
      return run(context, staff, id, {
        type: "document",
        document: {
          ...document,
          authorityRecordIds: records.map((r) => r.id),
          numberDigest: await documentDigest(context, document.type, document.number),
        },
        actor: staff.person,
      });
    }
    case "request-approval":
      return run(context, staff, id, {
        type: "request-approval",
        approvalId: crypto.randomUUID(),
        actor: staff.person,
      });
    case "decide-approval":
      if (!staff.supervisor) throw new WordedServiceError(403, assistedErrors.notSupervisor, "NOT_SUPERVISOR");
      return run(context, staff, id, {
        type: "decide-approval",
        approvalId: body.approvalId,
        decision: body.decision,
        reason: body.reason,
        supervisor: staff.person,
      });
    case "visual-match":
      return run(context, staff, id, {
        type: "visual-match",
        matched: body.matched,
        notes: body.notes,
        actor: staff.person,
      });
    case "issue":
      return issue(context, staff, id, body);
  }
}

/** An authority's record as step 4 shows it: the operator compares it with the person and the document. */
export interface CandidateRecord {
  id: string;
  type: string;
  typeName: string;
  authority: string;
  name: string;
  birthdate: string | null;
  validUntil: string;
  /** Already on the client's account (else it names the document and is linked on issue). */
  linked: boolean;
  /** The record's name is the client account's (case and spacing aside): only then may it be issued. */
  nameMatches: boolean;
}

/** Names compared as people write them: case, accents' composition and spacing aside. */
const sameName = (a: string, b: string) => {
  const norm = (text: string) => text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  return norm(a) === norm(b);
};

/** The records step 4 may issue: those on the client's account, and those naming the checked document. */
async function candidates(
  db: Database,
  session: AssistedSession,
  now = new Date(),
): Promise<(CandidateRecord & { userId: string | null })[]> {
  const client = session.client;
  if (!client) return [];
  const ids = session.document?.authorityRecordIds ?? [];
  const [account] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, client.userId))
    .limit(1);
  const accountName = [account?.firstName, account?.lastName].filter(Boolean).join(" ");
  const rows = await db
    .select()
    .from(authorityRecords)
    .where(
      and(
        // Only what the authority still vouches for.
        gt(authorityRecords.validUntil, now),
        or(
          eq(authorityRecords.userId, client.userId),
          ids.length ? and(inArray(authorityRecords.id, ids), isNull(authorityRecords.userId)) : undefined,
        ),
      ),
    );
  // One record per type: the client's own first.
  const byType = new Map<string, (typeof rows)[number]>();
  for (const row of rows.sort((a, b) => Number(b.userId !== null) - Number(a.userId !== null)))
    if (!byType.has(row.type)) byType.set(row.type, row);
  return [...byType.values()]
    .filter((row) => isCredentialTypeCode(row.type))
    .map((row) => {
      const type = CREDENTIAL_TYPES[row.type as keyof typeof CREDENTIAL_TYPES];
      const attributes = row.attributes;
      const name = [attributes.given_name, attributes.family_name].filter((part) => typeof part === "string").join(" ");
      return {
        id: row.id,
        userId: row.userId,
        type: row.type,
        typeName: type.longName,
        authority: type.issuerId,
        name,
        birthdate: typeof attributes.birthdate === "string" ? attributes.birthdate : null,
        validUntil: row.validUntil.toISOString(),
        linked: row.userId !== null,
        nameMatches: Boolean(accountName) && sameName(name, accountName),
      };
    });
}

/** Numbers one member of staff may look up in the authorities' records: 20 an hour, then a wait to the hour's end. */
const LOOKUP_THROTTLE: ThrottlePolicy = {
  limit: 20,
  lockoutMs: 60 * 60_000,
  window: "fixed",
  windowMs: 60 * 60_000,
};

/** A refusal that says when to come back (429 with Retry-After). */
class RetryLaterError extends WordedServiceError {
  constructor(
    words: MessageDescriptor,
    code: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, words, code);
  }
}

/** Counts one lookup of a document number against the member of staff's hourly allowance. */
async function countLookup(context: AssistedContext, staff: Staff): Promise<void> {
  const gate = await throttle(context.accounts, `assisted-lookup:${staff.person.id}`).attempt(LOOKUP_THROTTLE);
  if (!gate.allowed)
    throw new RetryLaterError(assistedErrors.tooManyLookups, "TOO_MANY_LOOKUPS", retryAfter(gate.retryAfterSeconds));
}

/** The keyed digest a document's number is audited by: unlinkable to the number without the web worker's secret. */
const documentDigest = (context: AssistedContext, type: string, number: string) =>
  keyedDigest(context.accounts.env.SESSION_SECRET, `assisted-document:${type}:${number}`);

/**
 * GET /records: only at step 4 of a session still open, so after a supervisor's approval of the
 * document (step 2) and the visual match (step 3); each read audited with the document's keyed digest.
 */
export async function sessionRecords(context: AssistedContext, staff: Staff, id: string): Promise<CandidateRecord[]> {
  const session = await readSession(context, staff, id);
  if (session.currentStep !== 4 || session.status === "completed")
    throw new WordedServiceError(409, assistedErrors.recordsAtStepFour, "WRONG_STEP");
  const records = (await candidates(context.db, session)).map(({ userId: _, ...record }) => record);
  audit(context.accounts, {
    level: "info",
    category: "assisted",
    component: "assisted-session",
    event: "Records read",
    userId: staff.person.id,
    details: {
      sessionId: session.id,
      officeId: session.officeId,
      documentType: session.document?.type ?? null,
      documentDigest: session.document?.numberDigest ?? null,
      recordIds: records.map((record) => record.id),
    },
  });
  return records;
}

/**
 * Step 4: the records the operator confirmed are put on the client's account (a record that
 * named only the document is linked now, and only if nobody else holds it), then either the
 * client's wallet adds the credentials (bound to its own key, as ever), or paper credentials are
 * printed, or (delivery "app") each type is offered to the client's own wallet app, which scans
 * it at the counter. The session records what was issued; an offer's link and transaction code
 * are in this answer to the operator alone (CounterOffer).
 */
async function issue(
  context: AssistedContext,
  staff: Staff,
  id: string,
  body: Extract<z.output<typeof SessionActionBody>, { type: "issue" }>,
): Promise<ActionAnswer> {
  const session = await readSession(context, staff, id);
  try {
    assertCanIssue(session);
  } catch (error) {
    if (error instanceof SessionRuleError) throw ruleRefusal(error.status, error.code, error.rule, error.values);
    throw error;
  }
  const client = session.client!;
  const available = await candidates(context.db, session);
  const chosen = [...new Set(body.credentialTypes)].map((type) => {
    const record = available.find((candidate) => candidate.type === type);
    if (!record)
      throw isCredentialTypeCode(type)
        ? new WordedServiceError(409, assistedErrors.noRecord, "NO_RECORD", {
            credential: CREDENTIAL_TYPES[type].longName,
          })
        : new WordedServiceError(409, assistedErrors.noRecordOfKind, "NO_RECORD");
    // The record must be the client's: the server checks the names, whatever the console confirmed.
    if (!record.nameMatches)
      throw record.name
        ? new WordedServiceError(409, assistedErrors.nameMismatch, "NAME_MISMATCH", {
            type: record.typeName,
            name: record.name,
          })
        : new WordedServiceError(409, assistedErrors.nameMismatchNobody, "NAME_MISMATCH", { type: record.typeName });
    if (body.delivery === "paper" && !printableOnPaper(record.type)) throw paperNotAllowed(record.typeName);
    return record;
  });
  const toLink = chosen.filter((record) => record.userId === null).map((record) => record.id);
  if (toLink.length) {
    const taken = new WordedServiceError(409, assistedErrors.recordTaken, "RECORD_TAKEN");
    let linked: { id: string }[];
    try {
      linked = await context.db
        .update(authorityRecords)
        .set({ userId: client.userId })
        .where(and(inArray(authorityRecords.id, toLink), isNull(authorityRecords.userId)))
        .returning({ id: authorityRecords.id });
    } catch (error) {
      // The client gained a record of that type at the same moment (users and types are unique together).
      if (isUniqueViolation(error)) throw taken;
      throw error;
    }
    if (linked.length !== toLink.length) throw taken;
  }
  const paperCredentialIds: string[] = [];
  if (body.delivery === "paper") {
    const issuer = await context.credentials();
    for (const record of chosen) {
      const paper = await issuePaperCredential({
        db: context.db,
        keys: issuer.keys,
        base: issuer.base,
        userId: client.userId,
        type: record.type,
      });
      paperCredentialIds.push(paper.credentialId);
    }
  }
  // A record still pending is offered too: the app receives the credential once the check is done.
  const offers: CreatedOffer[] = [];
  let recorded: AssistedSession;
  try {
    if (body.delivery === "app") {
      const keys = context.offerKeys();
      for (const record of chosen)
        offers.push(
          await createCredentialOffer(keys, { userId: client.userId, type: record.type, channel: "assisted" }),
        );
    }
    recorded = await run(context, staff, id, {
      type: "issuance",
      credentialTypes: chosen.map((record) => record.type),
      delivery: body.delivery,
      paperCredentialIds,
      actor: staff.person,
    });
  } catch (error) {
    // Refused (a type no longer offerable, another console issued first): offers nobody will be
    // shown must not stay redeemable.
    if (offers.length)
      await context.db
        .update(credentialOffers)
        .set({ voidedAt: new Date() })
        .where(
          inArray(
            credentialOffers.id,
            offers.map((offer) => offer.id),
          ),
        );
    throw error;
  }
  if (body.delivery !== "app") return recorded;
  const answered = Date.now();
  return {
    ...recorded,
    offers: offers.map(
      (offer, index): CounterOffer => ({
        type: chosen[index]!.type,
        link: offer.link,
        txCode: offer.txCode,
        expiresAt: offer.expiresAt.toISOString(),
        expiresInSeconds: Math.max(0, Math.floor((offer.expiresAt.getTime() - answered) / 1000)),
      }),
    ),
  };
}

/** One command through the session's single writer; its refusal becomes the API's answer. */
async function run(
  context: AssistedContext,
  staff: Staff,
  id: string,
  command: SessionCommand,
): Promise<AssistedSession> {
  const result: CommandResult = await sessionObject(context, id).apply(command, scopeOf(staff));
  if (result.ok) return result.session;
  if (result.rule) throw ruleRefusal(result.status, result.code, result.rule, result.values);
  if (result.code === "NOT_FOUND") throw notFound();
  throw new ServiceError(result.status, result.message, result.code);
}

type Namespace<T> = DurableObjectNamespace<T & Rpc.DurableObjectBranded>;

export interface AssistedBindings extends CredentialBindings {
  ASSISTED_SESSIONS: Namespace<AssistedSessionApi>;
  ASSISTED_OFFICES: Namespace<AssistedOfficeApi>;
}

/** The objects and services the assisted API works with, for one request. */
export function assistedContext(
  context: RequestContext<AssistedBindings> & AccountsContext,
  requestUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): AssistedContext {
  const { ASSISTED_SESSIONS: sessions, ASSISTED_OFFICES: offices } = context.env;
  return {
    db: context.db,
    sessions: (id) => sessions.get(sessions.idFromName(id)) as unknown as AssistedSessionApi,
    offices: (officeId) => offices.get(offices.idFromName(officeId)) as unknown as AssistedOfficeApi,
    accounts: context,
    credentials: () => credentialContext(context, requestUrl),
    offerKeys: () => offerKeysOf(context, requestUrl),
    locale,
  };
}

/**
 * One assisted API call: the signed-in caller (401 otherwise) as staff (403 otherwise), then
 * `work`; a refusal answers with its status and message, never a 500.
 */
export async function assistedCall(
  request: Request,
  context: RequestContext<AssistedBindings> & AccountsContext,
  work: (assisted: AssistedContext, staff: Staff) => Promise<unknown>,
  status = 200,
): Promise<Response> {
  const user = await requireUser(request, context);
  const locale = requestLocale(request);
  try {
    const staff = await staffOf(context.db, user);
    return Response.json(await work(assistedContext(context, request.url, locale), staff), {
      status,
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    const response = localisedServiceErrorResponse(error, locale);
    if (error instanceof RetryLaterError) response.headers.set("Retry-After", String(error.retryAfterSeconds));
    return response;
  }
}
