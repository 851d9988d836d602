/**
 * An assisted-digital session's rules (issue 10; spec 000 §2, §4): the five steps, what each needs
 * before Continue, pause and end, and dual control (maker-checker) on the identity document. Pure
 * functions of (session, command, now): the session's Durable Object applies them as its single
 * writer, and the same rules tell the console what it may offer. A refused command throws
 * SessionRuleError with an HTTP status the API answers with.
 */
import { CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import type { ClientLink, IssuanceDelivery, Person, SessionDetails, SessionStatus } from "./api.ts";

export type { ClientLink, Person, SessionStatus } from "./api.ts";

/** A supervisor has this long to decide a request for approval, and an approval this long to be used. */
export const APPROVAL_LIFETIME_MS = 15 * 60 * 1000;
/** Raw document data (the full number, a captured image) is deleted this long after capture. */
export const RAW_DOCUMENT_RETENTION_MS = 72 * 60 * 60 * 1000;
/** The activity log keeps this many recent events in the object (every event is in the audit log). */
const EVENT_LOG_LIMIT = 200;

export const DOCUMENT_TYPES = {
  passport: "UK passport",
  "driving-licence": "UK photocard driving licence",
  brp: "Biometric residence permit",
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

/** The steps in order (what each needs before Continue: unmetRequirementOf). */
export const STEPS = [
  { title: "Client details" },
  { title: "Identity document", dualControl: true },
  { title: "Visual match" },
  { title: "Issue credentials" },
  { title: "Handover" },
] as const;
const TOTAL_STEPS = STEPS.length;

/** What an event says, as a stable kind (core/assisted/event-words.ts words it in the reader's language). */
export const SESSION_EVENT_KINDS = [
  "sessionStarted",
  "stepCompleted",
  "sessionEnded",
  "sessionPaused",
  "sessionResumed",
  "clientFound",
  "accountCreated",
  "documentRecorded",
  "approvalVoid",
  "approvalRequested",
  "approvalGiven",
  "approvalDenied",
  "visualMatchConfirmed",
  "visualMatchFailed",
  "credentialsIssued",
  "credentialsOffered",
  "rawDataDeleted",
] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

/**
 * An event's kind and what varies in it: step numbers, codes (a document type, credential types,
 * a delivery), and data kept as it was typed (a client's name, a supervisor's reason, notes).
 */
export interface SessionEventWords {
  kind: SessionEventKind;
  values: Record<string, string | number | string[]>;
}

export interface SessionEvent {
  /** 1, 2, 3… over the session's life: the write-through knows which events the audit log lacks. */
  seq: number;
  at: string;
  actor: Person | null;
  /** A fixed phrase chosen by the rules ("Approval requested"); `detail` carries the specifics. */
  type: string;
  /** English, as the agents and the audit log read it; `words` is what a screen says it from. */
  detail: string;
  /** Absent on events recorded before issue 21: those are shown in their English. */
  words?: SessionEventWords;
}

export interface ApprovalRecord {
  id: string;
  step: number;
  requestedBy: Person;
  requestedAt: string;
  /** Undecided: the request lapses then. Approved: the approval lapses then. */
  expiresAt: string;
  /** What was put before the supervisor: an approval is void once this changes. */
  subject: string;
  decision: "approved" | "denied" | null;
  decidedBy: Person | null;
  decidedAt: string | null;
  reason: string | null;
}

export type ApprovalState = "pending" | "approved" | "denied" | "expired";

export interface DocumentSummary {
  type: DocumentType;
  /** Only the last 4 characters ever leave the session object. */
  numberLast4: string;
  expiryDate: string;
  capturedAt: string;
  hasImage: boolean;
  /** Who recorded it: the maker, who may not also be the checker. */
  recordedBy: Person;
  /** The authorities' records that name this document (ids only): step 4 confirms and issues them. */
  authorityRecordIds: string[];
  /** A keyed digest of the type and number (core/assisted/api.ts DocumentInput): what audits of record reads name. */
  numberDigest?: string | undefined;
  /** When the raw data (full number, image) was deleted. */
  purgedAt: string | null;
}

/** A session: its details as given when it was started (api.ts SessionDetails), and its progress. */
export interface AssistedSession extends SessionDetails {
  id: string;
  officeId: string;
  operator: Person;
  supervisor: Person | null;
  status: SessionStatus;
  currentStep: number;
  totalSteps: number;
  requiresDualControl: boolean;
  startedAt: string;
  completedAt: string | null;
  client: ClientLink | null;
  document: DocumentSummary | null;
  approval: ApprovalRecord | null;
  visualMatch: { matched: boolean; notes: string; by: Person; at: string } | null;
  issuance: Issuance | null;
  events: SessionEvent[];
}

/** Step 4's outcome: the records confirmed, and where the credentials went. */
export interface Issuance {
  credentialTypes: string[];
  /**
   * "wallet": the records are on the client's account and their wallet adds the credentials;
   * "app": they were also offered to the client's own wallet app (the offers are never kept here).
   */
  delivery: IssuanceDelivery;
  /** The paper credentials printed (delivery "paper"): what Generate Paper QR prints again. */
  paperCredentialIds: string[];
  by: Person;
  at: string;
}

/**
 * Which rule refused a command: a stable key (with `values`, what varies), so the words a person
 * reads come from the catalogs (server/assisted/worded.ts) and not from the English `message`,
 * which stays for logs and English callers. Codes never change; one code may have several rules.
 */
export type SessionRule =
  | "ended"
  | "paused"
  | "wrongStep"
  | "stepOutOfOrder"
  | "lastStep"
  | "unmet"
  | "documentExpired"
  | "noApprovalNeeded"
  | "documentBeforeApproval"
  | "approvalPending"
  | "alreadyApproved"
  | "approvalNotFound"
  | "approvalExpired"
  | "approvalDecided"
  | "ownRequest"
  | "ownSession"
  | "reasonRequired"
  | "noChange"
  | "alreadyIssued"
  | "noClient";

/** A rule's values: step numbers, the requirement not met (UnmetRequirement), the status already held. */
export type SessionRuleValues = Record<string, string | number>;

export class SessionRuleError extends Error {
  constructor(
    readonly status: 400 | 403 | 409,
    readonly code: string,
    message: string,
    readonly rule: SessionRule,
    readonly values: SessionRuleValues = {},
  ) {
    super(message);
  }
}

const conflict = (code: string, message: string, rule: SessionRule, values?: SessionRuleValues) =>
  new SessionRuleError(409, code, message, rule, values);

export function newSession({
  id,
  officeId,
  operator,
  now,
  ...details
}: SessionDetails & { id: string; officeId: string; operator: Person; now: Date }): AssistedSession {
  const session: AssistedSession = {
    ...details,
    id,
    officeId,
    operator,
    supervisor: null,
    status: "active",
    currentStep: 1,
    totalSteps: TOTAL_STEPS,
    requiresDualControl: false,
    startedAt: now.toISOString(),
    completedAt: null,
    client: null,
    document: null,
    approval: null,
    visualMatch: null,
    issuance: null,
    events: [],
  };
  return withEvent(
    session,
    operator,
    "Session started",
    `${session.assistanceType} for ${session.clientName}`,
    { kind: "sessionStarted", values: { assistanceType: session.assistanceType, clientName: session.clientName } },
    now,
  );
}

function withEvent(
  session: AssistedSession,
  actor: Person | null,
  type: string,
  detail: string,
  words: SessionEventWords,
  now: Date,
): AssistedSession {
  const seq = (session.events.at(-1)?.seq ?? 0) + 1;
  const events = [...session.events, { seq, at: now.toISOString(), actor, type, detail, words }];
  return { ...session, events: events.slice(-EVENT_LOG_LIMIT) };
}

export function approvalState(
  approval: Pick<ApprovalRecord, "decision" | "expiresAt"> | null,
  now: Date,
): ApprovalState | null {
  if (!approval) return null;
  if (approval.decision === "denied") return "denied";
  if (now.getTime() >= Date.parse(approval.expiresAt)) return "expired";
  return approval.decision ?? "pending";
}

/** What the document step's approval is about: a change to any of it voids the approval. */
function documentSubject(session: AssistedSession): string {
  const document = session.document;
  return JSON.stringify([
    session.client?.userId ?? null,
    document?.type,
    document?.numberLast4,
    document?.expiryDate,
    document?.capturedAt,
    document?.authorityRecordIds,
  ]);
}

/** What the current step still needs before Continue: a stable key, worded by the screens and the API (UNMET_REQUIREMENTS). */
export type UnmetRequirement =
  | "client"
  | "document"
  | "pending"
  | "denied"
  | "expired"
  | "request"
  | "visual"
  | "issue"
  | "last";

/** Each requirement in English (the refusal's English message: logs and English callers). */
const UNMET_REQUIREMENTS: Readonly<Record<UnmetRequirement, string>> = {
  client: "Find or create the client's account first",
  document: "Record the identity document first",
  pending: "Waiting for a supervisor's approval",
  denied: "A supervisor denied approval: correct the document and request approval again",
  expired: "The approval has expired: request approval again",
  request: "Request a supervisor's approval first",
  visual: "Confirm that the person matches the document first",
  issue: "Issue the client's credentials first",
  last: "This is the last step: end the session when the client has everything",
};

/** Why the current step cannot be passed yet, by its key, or null when it can. */
export function unmetRequirementOf(session: AssistedSession, now: Date): UnmetRequirement | null {
  switch (session.currentStep) {
    case 1:
      return session.client ? null : "client";
    case 2: {
      if (!session.document) return "document";
      const state = approvalState(session.approval, now);
      if (state === "approved" && session.approval?.subject === documentSubject(session)) return null;
      if (state === "pending") return "pending";
      if (state === "denied") return "denied";
      if (state === "expired") return "expired";
      return "request";
    }
    case 3:
      return session.visualMatch?.matched ? null : "visual";
    case 4:
      return session.issuance ? null : "issue";
    default:
      return "last";
  }
}

function requireActive(session: AssistedSession): void {
  if (session.status === "completed") throw conflict("SESSION_COMPLETED", "This session has ended", "ended");
  if (session.status === "paused")
    throw conflict("SESSION_PAUSED", "This session is paused: resume it first", "paused");
}

function requireStep(session: AssistedSession, step: number): void {
  requireActive(session);
  if (session.currentStep !== step)
    throw conflict(
      "WRONG_STEP",
      `This belongs to step ${step}; the session is at step ${session.currentStep}`,
      "wrongStep",
      {
        step,
        current: session.currentStep,
      },
    );
}

/** Continue: to the next step only, never past the last, never past an unmet requirement. */
export function advance(session: AssistedSession, toStep: number, actor: Person, now: Date): AssistedSession {
  requireActive(session);
  if (toStep !== session.currentStep + 1)
    throw conflict(
      "STEP_OUT_OF_ORDER",
      `The session is at step ${session.currentStep}: it can only move to step ${session.currentStep + 1}`,
      "stepOutOfOrder",
      { current: session.currentStep, next: session.currentStep + 1 },
    );
  if (toStep > session.totalSteps)
    throw conflict(
      "LAST_STEP",
      `There is no step ${toStep}: this session has ${session.totalSteps} steps`,
      "lastStep",
      {
        step: toStep,
        total: session.totalSteps,
      },
    );
  const unmet = unmetRequirementOf(session, now);
  if (unmet) throw conflict("STEP_REQUIREMENT_UNMET", UNMET_REQUIREMENTS[unmet], "unmet", { requirement: unmet });
  const next = STEPS[toStep - 1]!;
  return withEvent(
    { ...session, currentStep: toStep },
    actor,
    "Step completed",
    `Step ${session.currentStep} done; now ${next.title}`,
    { kind: "stepCompleted", values: { step: session.currentStep, next: toStep } },
    now,
  );
}

export function setStatus(session: AssistedSession, status: SessionStatus, actor: Person, now: Date): AssistedSession {
  if (session.status === "completed") throw conflict("SESSION_COMPLETED", "This session has ended", "ended");
  if (session.status === status)
    throw conflict("NO_CHANGE", `This session is already ${status === "active" ? "in progress" : status}`, "noChange", {
      status,
    });
  if (status === "completed") {
    return withEvent(
      { ...session, status, completedAt: now.toISOString() },
      actor,
      "Session ended",
      `Ended at step ${session.currentStep} of ${session.totalSteps}`,
      { kind: "sessionEnded", values: { step: session.currentStep, total: session.totalSteps } },
      now,
    );
  }
  return withEvent(
    { ...session, status },
    actor,
    status === "paused" ? "Session paused" : "Session resumed",
    `At step ${session.currentStep}`,
    { kind: status === "paused" ? "sessionPaused" : "sessionResumed", values: { step: session.currentStep } },
    now,
  );
}

/** Step 1: the citizen's account, found or made at the counter. Changing it voids any approval. */
export function linkClient(session: AssistedSession, client: ClientLink, actor: Person, now: Date): AssistedSession {
  requireStep(session, 1);
  const detail = `${client.name} (${client.username})${client.createdHere ? ", account created" : ""}`;
  return withEvent(
    { ...session, client, clientName: client.name },
    actor,
    client.createdHere ? "Account created" : "Client found",
    detail,
    {
      kind: client.createdHere ? "accountCreated" : "clientFound",
      values: { name: client.name, username: client.username },
    },
    now,
  );
}

/** Step 2: the document (its summary; the raw data stays with the caller, i.e. the object). */
export function recordDocument(
  session: AssistedSession,
  document: Omit<DocumentSummary, "purgedAt" | "capturedAt" | "recordedBy">,
  actor: Person,
  now: Date,
): AssistedSession {
  requireStep(session, 2);
  if (document.expiryDate < now.toISOString().slice(0, 10))
    throw new SessionRuleError(
      400,
      "DOCUMENT_EXPIRED",
      "This document has expired: it cannot prove the client's identity",
      "documentExpired",
    );
  const voided = session.approval && approvalState(session.approval, now) !== "denied";
  let next: AssistedSession = {
    ...session,
    document: { ...document, recordedBy: actor, capturedAt: now.toISOString(), purgedAt: null },
    approval: null,
  };
  next = withEvent(
    next,
    actor,
    "Document recorded",
    `${DOCUMENT_TYPES[document.type]} ending ${document.numberLast4}, expires ${document.expiryDate}${document.hasImage ? ", image captured" : ""}`,
    {
      kind: "documentRecorded",
      values: {
        document: document.type,
        last4: document.numberLast4,
        expires: document.expiryDate,
        image: document.hasImage ? "yes" : "no",
      },
    },
    now,
  );
  return voided
    ? withEvent(
        next,
        null,
        "Approval void",
        "The document changed after approval was asked",
        { kind: "approvalVoid", values: {} },
        now,
      )
    : next;
}

export function requestApproval(
  session: AssistedSession,
  input: { id: string; actor: Person },
  now: Date,
): AssistedSession {
  requireActive(session);
  const step = STEPS[session.currentStep - 1];
  if (!step || !("dualControl" in step))
    throw conflict(
      "NO_APPROVAL_NEEDED",
      `Step ${session.currentStep} does not need a supervisor's approval`,
      "noApprovalNeeded",
      { step: session.currentStep },
    );
  if (!session.document)
    throw conflict(
      "STEP_REQUIREMENT_UNMET",
      "Record the identity document before asking for approval",
      "documentBeforeApproval",
    );
  const state = approvalState(session.approval, now);
  if (state === "pending") throw conflict("APPROVAL_PENDING", "Approval has already been requested", "approvalPending");
  if (state === "approved" && session.approval?.subject === documentSubject(session))
    throw conflict("ALREADY_APPROVED", "This step is already approved", "alreadyApproved");
  const approval: ApprovalRecord = {
    id: input.id,
    step: session.currentStep,
    requestedBy: input.actor,
    requestedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + APPROVAL_LIFETIME_MS).toISOString(),
    subject: documentSubject(session),
    decision: null,
    decidedBy: null,
    decidedAt: null,
    reason: null,
  };
  return withEvent(
    { ...session, approval, requiresDualControl: true },
    input.actor,
    "Approval requested",
    `Step ${session.currentStep}: ${step.title}`,
    { kind: "approvalRequested", values: { step: session.currentStep } },
    now,
  );
}

/**
 * Maker-checker: whoever did the work or asked for the check cannot be the one who checks it.
 * Which part `personId` played in the approval's subject, or null when they may decide it.
 */
export function makerOf(session: AssistedSession, personId: string): "requester" | "operator" | "recorder" | null {
  if (session.approval?.requestedBy.id === personId) return "requester";
  if (session.operator.id === personId) return "operator";
  if (session.document?.recordedBy.id === personId) return "recorder";
  return null;
}

/**
 * A supervisor's decision. The caller has checked that `supervisor` holds supervisor authority
 * for the session's office; here: never the person who asked, only a live request, with a reason.
 */
export function decideApproval(
  session: AssistedSession,
  input: { approvalId: string; decision: "approved" | "denied"; reason: string; supervisor: Person },
  now: Date,
): AssistedSession {
  if (session.status === "completed") throw conflict("SESSION_COMPLETED", "This session has ended", "ended");
  const approval = session.approval;
  if (!approval || approval.id !== input.approvalId)
    throw conflict("APPROVAL_NOT_FOUND", "There is no such request for approval on this session", "approvalNotFound");
  const state = approvalState(approval, now);
  if (state === "expired")
    throw conflict("APPROVAL_EXPIRED", "This request for approval has expired", "approvalExpired");
  if (state !== "pending")
    throw conflict("APPROVAL_DECIDED", "This request for approval has already been decided", "approvalDecided");
  const maker = makerOf(session, input.supervisor.id);
  if (maker === "requester")
    throw new SessionRuleError(403, "SELF_APPROVAL", "You cannot approve your own request", "ownRequest");
  if (maker)
    throw new SessionRuleError(
      403,
      "SELF_APPROVAL",
      "You ran this session or recorded its document: another supervisor must decide",
      "ownSession",
    );
  const reason = input.reason.trim();
  if (!reason) throw new SessionRuleError(400, "REASON_REQUIRED", "Give a reason for the decision", "reasonRequired");
  const decided: ApprovalRecord = {
    ...approval,
    decision: input.decision,
    decidedBy: input.supervisor,
    decidedAt: now.toISOString(),
    reason,
    // An approval is good for a fresh period from the decision; a denial never lapses into anything.
    expiresAt:
      input.decision === "approved" ? new Date(now.getTime() + APPROVAL_LIFETIME_MS).toISOString() : approval.expiresAt,
  };
  const next = { ...session, approval: decided, supervisor: input.supervisor };
  return withEvent(
    next,
    input.supervisor,
    input.decision === "approved" ? "Approval given" : "Approval denied",
    reason,
    { kind: input.decision === "approved" ? "approvalGiven" : "approvalDenied", values: { reason } },
    now,
  );
}

export function recordVisualMatch(
  session: AssistedSession,
  input: { matched: boolean; notes: string },
  actor: Person,
  now: Date,
): AssistedSession {
  requireStep(session, 3);
  const visualMatch = { matched: input.matched, notes: input.notes.trim(), by: actor, at: now.toISOString() };
  return withEvent(
    { ...session, visualMatch },
    actor,
    input.matched ? "Visual match confirmed" : "Visual match failed",
    visualMatch.notes || "No notes",
    { kind: input.matched ? "visualMatchConfirmed" : "visualMatchFailed", values: { notes: visualMatch.notes } },
    now,
  );
}

/** Whether step 4 may issue now (the caller checks before it links records or prints anything). */
export function assertCanIssue(session: AssistedSession): void {
  requireStep(session, 4);
  if (session.issuance)
    throw conflict("ALREADY_ISSUED", "Credentials have already been issued in this session", "alreadyIssued");
  if (!session.client) throw conflict("STEP_REQUIREMENT_UNMET", "The session has no client account", "noClient");
}

export function recordIssuance(
  session: AssistedSession,
  input: Omit<Issuance, "by" | "at">,
  actor: Person,
  now: Date,
): AssistedSession {
  assertCanIssue(session);
  const issuance = { ...input, by: actor, at: now.toISOString() };
  const names = input.credentialTypes.map((code) =>
    isCredentialTypeCode(code) ? CREDENTIAL_TYPES[code].longName : code,
  );
  if (input.delivery === "app")
    return withEvent(
      { ...session, issuance },
      actor,
      "Credentials offered",
      `${names.join(", ")} (${names.length} offered to the client's wallet app)`,
      {
        kind: "credentialsOffered",
        values: { credentialTypes: [...input.credentialTypes], count: input.credentialTypes.length },
      },
      now,
    );
  return withEvent(
    { ...session, issuance },
    actor,
    "Credentials issued",
    `${names.join(", ")} (${input.delivery === "wallet" ? "to the client's wallet" : "on paper"})`,
    { kind: "credentialsIssued", values: { credentialTypes: [...input.credentialTypes], delivery: input.delivery } },
    now,
  );
}

/** When the raw document data must be gone by, or null when there is none left. */
export function rawDataDueAt(session: AssistedSession): number | null {
  const document = session.document;
  return document && !document.purgedAt ? Date.parse(document.capturedAt) + RAW_DOCUMENT_RETENTION_MS : null;
}

/** The 72-hour purge: the summary (type, last 4, expiry, outcome) stays; the raw data is gone. */
export function markRawDataPurged(session: AssistedSession, now: Date): AssistedSession {
  if (!session.document || session.document.purgedAt) return session;
  const document = { ...session.document, purgedAt: now.toISOString(), hasImage: false };
  return withEvent(
    { ...session, document },
    null,
    "Raw document data deleted",
    "72 hours after capture: the full document number and any image",
    { kind: "rawDataDeleted", values: { hours: RAW_DOCUMENT_RETENTION_MS / 3_600_000 } },
    now,
  );
}
