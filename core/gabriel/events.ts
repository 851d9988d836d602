/**
 * What Gabriel's agents see (issue 11): the platform's own events, one shape for every source, and
 * what an agent concludes from them. Pure and isomorphic: the server reads the events
 * (server/gabriel/events.ts), the rules (./rules.ts) judge them, the review queue holds findings.
 * No personal data beyond identifiers: agents judge patterns, people judge persons.
 */
import type { CaseDescriptionValues } from "./case-descriptions.ts";
import type { CaseTitle } from "./case-titles.ts";

/** Where an event came from, and what it says (the `data` fields each kind carries). */
export interface PlatformEventData {
  /** A citizen account was made. */
  registration: { userId: string };
  /** A credential was issued; delivery "device" (a wallet) or "paper". */
  credential_issued: { userId: string; credentialId: string; type: string; delivery: "device" | "paper" };
  credential_revoked: { userId: string; credentialId: string; type: string; reason: string | null };
  /** A verifier asked for a credential (OpenID4VP request). */
  verification_request: {
    requestId: string;
    organisationId: string | null;
    credentialType: string;
    requestedAttributes: string[];
    purpose: string;
  };
  /** A presentation was checked: `result` is "valid" or the reason code it failed on. */
  verification_result: {
    credentialId: string | null;
    organisationId: string | null;
    checkType: string | null;
    mode: "online" | "offline" | "share" | null;
    result: string;
  };
  /** An assisted session's event (its audit row): `event` is the fixed phrase ("Approval denied"). */
  /** `actorId`: the account that acted (the operator, the supervisor who decided), when known. */
  assisted_event: {
    sessionId: string;
    officeId: string | null;
    event: string;
    detail: string;
    actorId?: string | null;
  };
  /** A failed sign-in (the audit row): `reason` is the server's fixed code. */
  sign_in_failure: { userId: string | null; reason: string | null };
  /** A server error (error_logs). */
  server_error: { component: string; errorType: string | null; message: string };
}

export type PlatformEventKind = keyof PlatformEventData;

export const PLATFORM_EVENT_KINDS = [
  "registration",
  "credential_issued",
  "credential_revoked",
  "verification_request",
  "verification_result",
  "assisted_event",
  "sign_in_failure",
  "server_error",
] as const satisfies readonly PlatformEventKind[];

export type PlatformEvent = {
  [K in PlatformEventKind]: {
    /** Stable across reads: `${source table}:${row id}`. */
    id: string;
    kind: K;
    /** ISO 8601, UTC. */
    at: string;
    data: PlatformEventData[K];
  };
}[PlatformEventKind];

export const AGENT_TYPES = ["onboarding", "compliance", "risk", "support"] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

export type Priority = "high" | "medium" | "low";

/**
 * What a rule concludes. `adverse` findings become human-review items; the rest are recorded as
 * the agent's completed work. `key` makes a finding idempotent: the same pattern seen again in a
 * later run (the window overlaps) has the same key and raises nothing new.
 */
export interface Finding {
  agent: AgentType;
  /** The rule's id, e.g. "risk.repeated-failures". */
  rule: string;
  key: string;
  adverse: boolean;
  priority: Priority;
  /** In English: logs, the audit trail and the public figures' tests read it. */
  title: string;
  /** The title as a kind and values, worded in the reader's language (./case-titles.ts). */
  titleWords: CaseTitle;
  /** In English, like the title. */
  description: string;
  /** What varies in the description, worded by the title's kind (./case-descriptions.ts). */
  descriptionValues: CaseDescriptionValues;
  /** What the case is about: a credential, an organisation, a session, an account, a component. */
  caseId: string;
  /** The events that triggered it (their ids). */
  evidence: string[];
  /**
   * Accounts that took part in what the case is about (e.g. the staff who acted in an assisted
   * session): like the subject of the case, none of them may take or decide it.
   */
  involved?: string[];
}
