/**
 * What Gabriel's agents conclude from the platform's events (issue 11): deterministic rules, each
 * a pure function of (events, thresholds, now). No I/O and no clock: the server reads the events
 * of the lookback window (`lookbackMs`), passes `now`, and records what comes back: adverse
 * findings become human-review items, the rest the agent's completed work.
 *
 * Keys. A run reads an overlapping window, so the same pattern is seen again and again; its
 * finding must have the same `key` each time, so that it raises one item. A key is the rule id,
 * the case, and what fixes the pattern in time without depending on when the run happened: an
 * event id, or for a count over a window the start of the triggering window floored to the window
 * length (`bucket`). The same burst seen from a window shifted by a minute has the same key.
 *
 * Texts are plain English with identifiers only (no names, no document numbers, no free text a
 * person typed about another person): staff read them, and the public page counts them.
 */
import { normaliseMessage, occurrenceFingerprint } from "#core/analytics/fingerprint.ts";
import { CHECKS, checkAttribute, checkName, isCheckType } from "#core/verification/checks.ts";
import {
  AGENTS,
  type AgentConfig,
  type ComplianceConfig,
  type OnboardingConfig,
  type RiskConfig,
  type SupportConfig,
} from "./agents.ts";
import { tally } from "./case-descriptions.ts";
import type { CaseTitle, Period } from "./case-titles.ts";
import type { AgentType, Finding, PlatformEvent, PlatformEventKind } from "./events.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A rule: the events of the lookback window (any order), the agent's thresholds, the run's time. */
export type Rule<C> = (events: readonly PlatformEvent[], config: C, now: Date) => Finding[];

type EventOf<K extends PlatformEventKind> = Extract<PlatformEvent, { kind: K }>;
interface Timed<K extends PlatformEventKind> {
  event: EventOf<K>;
  /** `at` in epoch milliseconds. */
  t: number;
}

/** The events of one kind with a readable time, oldest first (ties by id, so every run orders alike). */
function eventsOf<K extends PlatformEventKind>(
  events: readonly PlatformEvent[],
  kind: K,
  keep: (event: EventOf<K>) => boolean = () => true,
): Timed<K>[] {
  const out: Timed<K>[] = [];
  for (const event of events) {
    if (event.kind !== kind) continue;
    const t = Date.parse(event.at);
    if (Number.isFinite(t) && keep(event as EventOf<K>)) out.push({ event: event as EventOf<K>, t });
  }
  return out.sort((a, b) => a.t - b.t || compare(a.event.id, b.event.id));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The bursts in a time-ordered list: a sliding window no longer than `windowMs` (first to last
 * event inclusive) grows until `reached` says it holds the pattern; that window (trimmed of leading
 * events it does not need) is one burst, and the search starts again after it.
 */
export function bursts<E extends { t: number }>(
  items: readonly E[],
  windowMs: number,
  reached: (window: readonly E[]) => boolean,
): E[][] {
  const found: E[][] = [];
  let start = 0;
  for (let end = 0; end < items.length; end++) {
    while (items[end]!.t - items[start]!.t > windowMs) start++;
    let window = items.slice(start, end + 1);
    if (!reached(window)) continue;
    while (window.length > 1 && reached(window.slice(1))) window = window.slice(1);
    found.push(window);
    start = end + 1;
  }
  return found;
}

/** The bursts of each subject's events (one credential's failures, one organisation's refusals…), with their ends. */
function* burstsBy<E extends { t: number }>(
  items: readonly E[],
  subjectOf: (item: E) => string,
  windowMs: number,
  reached: (window: readonly E[]) => boolean,
): Generator<{ subject: string; burst: E[]; first: E; last: E }> {
  for (const [subject, list] of groupBy(items, subjectOf)) {
    for (const burst of bursts(list, windowMs, reached))
      yield { subject, burst, first: burst[0]!, last: burst[burst.length - 1]! };
  }
}

/** The start of the window-length bucket a time falls in, as ISO 8601: fixes a burst in time for its key. */
export function bucket(t: number, windowMs: number): string {
  return new Date(Math.floor(t / windowMs) * windowMs).toISOString();
}

/** "2026-05-01 10:03 UTC" */
function stamp(t: number): string {
  return `${new Date(t).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A window's length in its largest whole unit: 1 day, 6 hours, 90 minutes. */
function spanOf(windowMs: number): Period {
  if (windowMs % DAY === 0) return { count: windowMs / DAY, unit: "day" };
  if (windowMs % HOUR === 0) return { count: windowMs / HOUR, unit: "hour" };
  return { count: Math.round(windowMs / MINUTE), unit: "minute" };
}

/** How long something has lasted, roughly: 75 minutes, 5 hours, 3 days. */
function elapsedOf(ms: number): Period {
  if (ms >= 2 * DAY) return { count: Math.floor(ms / DAY), unit: "day" };
  if (ms >= 2 * HOUR) return { count: Math.floor(ms / HOUR), unit: "hour" };
  return { count: Math.floor(ms / MINUTE), unit: "minute" };
}

const english = (period: Period) => plural(period.count, period.unit);
const span = (windowMs: number) => english(spanOf(windowMs));
/** A period as a case title's values: `{name}Count` and `{name}Unit`. */
const periodValues = (name: string, period: Period) => ({
  [`${name}Count`]: period.count,
  [`${name}Unit`]: period.unit,
});

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** FNV-1a twice (two offsets): 16 hex digits naming a long text inside a key. Not a security hash. */
function shortHash(text: string): string {
  const pass = (offset: number) => {
    let h = offset >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, "0");
  };
  return pass(0x811c9dc5) + pass(0x9e3779b9);
}

const NO_ACTION = "The agent has taken no action: a person decides.";

const titled = (kind: CaseTitle["kind"], values: CaseTitle["values"] = {}): CaseTitle => ({ kind, values });

// ---------------------------------------------------------------------------------------------
// Risk

/**
 * Failures that say nothing against the credential itself, so they do not count as its failures:
 * the verifier's registration (compliance.unregistered-checks), the citizen declining, the request's
 * own state, the platform unable to check, and a revoked credential (risk.revoked-presented
 * raises every such presentation on its own).
 */
const NOT_THE_CREDENTIALS_FAILURE: readonly string[] = [
  "VERIFIER_NOT_REGISTERED",
  "REQUEST_DECLINED",
  "REQUEST_EXPIRED",
  "STATE_UNKNOWN",
  "STATUS_UNKNOWN",
  "KB_NONCE_UNVERIFIABLE",
  "STATUS_REVOKED",
];

/** risk.repeated-failures: one credential failing verification `failuresThreshold` times within `failureWindowMinutes`. */
export const repeatedFailures: Rule<Pick<RiskConfig, "failuresThreshold" | "failureWindowMinutes">> = (
  events,
  config,
) => {
  const windowMs = config.failureWindowMinutes * MINUTE;
  const failures = eventsOf(
    events,
    "verification_result",
    (e) =>
      e.data.credentialId !== null && e.data.result !== "valid" && !NOT_THE_CREDENTIALS_FAILURE.includes(e.data.result),
  );
  const findings: Finding[] = [];
  for (const { subject: credentialId, burst, first, last } of burstsBy(
    failures,
    (f) => f.event.data.credentialId!,
    windowMs,
    (w) => w.length >= config.failuresThreshold,
  )) {
    const organisations = new Set(burst.map((f) => f.event.data.organisationId ?? "unknown"));
    findings.push({
      agent: "risk",
      rule: "risk.repeated-failures",
      key: `risk.repeated-failures:${credentialId}:${bucket(first.t, windowMs)}`,
      adverse: true,
      priority: "high",
      title: `Credential failed verification ${burst.length} times within ${span(windowMs)}`,
      titleWords: titled("repeatedFailures", { count: burst.length, ...periodValues("window", spanOf(windowMs)) }),
      descriptionValues: {
        credentialId,
        count: burst.length,
        from: stamp(first.t),
        to: stamp(last.t),
        results: tally(burst.map((f) => f.event.data.result)),
        organisations: organisations.size,
      },
      description:
        `Credential ${credentialId} failed verification ${burst.length} times between ${stamp(first.t)} and ${stamp(last.t)} ` +
        `(${tally(burst.map((f) => f.event.data.result))}), at ${plural(organisations.size, "organisation")}. ` +
        `Someone may be trying to misuse it, or its holder may need help. ${NO_ACTION}`,
      caseId: credentialId,
      evidence: burst.map((f) => f.event.id),
    });
  }
  return findings;
};

/** risk.many-organisations: one credential verified valid by `organisationsThreshold` different organisations within `organisationsWindowHours`. */
export const manyOrganisations: Rule<Pick<RiskConfig, "organisationsThreshold" | "organisationsWindowHours">> = (
  events,
  config,
) => {
  const windowMs = config.organisationsWindowHours * HOUR;
  const valid = eventsOf(
    events,
    "verification_result",
    (e) => e.data.credentialId !== null && e.data.organisationId !== null && e.data.result === "valid",
  );
  const organisationsIn = (window: readonly Timed<"verification_result">[]) =>
    new Set(window.map((v) => v.event.data.organisationId!));
  const findings: Finding[] = [];
  for (const { subject: credentialId, burst, first, last } of burstsBy(
    valid,
    (v) => v.event.data.credentialId!,
    windowMs,
    (w) => organisationsIn(w).size >= config.organisationsThreshold,
  )) {
    const organisations = [...organisationsIn(burst)].sort(compare);
    findings.push({
      agent: "risk",
      rule: "risk.many-organisations",
      key: `risk.many-organisations:${credentialId}:${bucket(first.t, windowMs)}`,
      adverse: true,
      priority: "medium",
      title: `Credential verified by ${organisations.length} organisations within ${span(windowMs)}`,
      titleWords: titled("manyOrganisations", {
        count: organisations.length,
        ...periodValues("window", spanOf(windowMs)),
      }),
      descriptionValues: {
        credentialId,
        count: organisations.length,
        from: stamp(first.t),
        to: stamp(last.t),
        organisationIds: organisations.join(", "),
      },
      description:
        `Credential ${credentialId} was verified as valid by ${organisations.length} different organisations between ${stamp(first.t)} and ${stamp(last.t)}: ` +
        `${organisations.join(", ")}. This can be ordinary (someone applying for several jobs) or a sign that the credential is shared or copied. ${NO_ACTION}`,
      caseId: credentialId,
      evidence: burst.map((v) => v.event.id),
    });
  }
  return findings;
};

/** risk.revoked-presented: every presentation of a revoked credential, one finding each. */
export const revokedPresented: Rule<unknown> = (events) =>
  eventsOf(events, "verification_result", (e) => e.data.result === "STATUS_REVOKED").map(({ event, t }) => ({
    agent: "risk",
    rule: "risk.revoked-presented",
    key: `risk.revoked-presented:${event.id}`,
    adverse: true,
    priority: "high",
    title: "A revoked credential was presented",
    titleWords: titled("revokedPresented"),
    descriptionValues: {
      credentialKnown: event.data.credentialId ? "yes" : "no",
      credentialId: event.data.credentialId ?? "",
      organisationKnown: event.data.organisationId ? "yes" : "no",
      organisationId: event.data.organisationId ?? "",
      at: stamp(t),
      checkKnown: event.data.checkType ? "yes" : "no",
      ...(event.data.checkType ? { checkType: event.data.checkType } : {}),
      modeKnown: event.data.mode ? "yes" : "no",
      mode: event.data.mode ?? "",
    },
    description:
      `${event.data.credentialId ? `Credential ${event.data.credentialId}` : "A credential"}, which has been revoked, was presented ` +
      `${event.data.organisationId ? `to organisation ${event.data.organisationId}` : "to a verifier"} at ${stamp(t)}` +
      `${event.data.checkType ? ` for a ${checkName(event.data.checkType)} check` : ""}${event.data.mode ? ` (${event.data.mode})` : ""}. ` +
      `The verification was refused. ${NO_ACTION}`,
    caseId: event.data.credentialId ?? event.id,
    evidence: [event.id],
  }));

/** risk.sign-in-failures: `signInFailuresThreshold` failed sign-ins to one account within `signInWindowMinutes`. */
export const signInFailures: Rule<Pick<RiskConfig, "signInFailuresThreshold" | "signInWindowMinutes">> = (
  events,
  config,
) => {
  const windowMs = config.signInWindowMinutes * MINUTE;
  const failures = eventsOf(events, "sign_in_failure", (e) => e.data.userId !== null);
  const findings: Finding[] = [];
  for (const { subject: userId, burst, first, last } of burstsBy(
    failures,
    (f) => f.event.data.userId!,
    windowMs,
    (w) => w.length >= config.signInFailuresThreshold,
  )) {
    findings.push({
      agent: "risk",
      rule: "risk.sign-in-failures",
      key: `risk.sign-in-failures:${userId}:${bucket(first.t, windowMs)}`,
      adverse: true,
      priority: "medium",
      title: `${burst.length} failed sign-ins to one account within ${span(windowMs)}`,
      titleWords: titled("signInFailures", { count: burst.length, ...periodValues("window", spanOf(windowMs)) }),
      descriptionValues: {
        userId,
        count: burst.length,
        from: stamp(first.t),
        to: stamp(last.t),
        reasons: tally(burst.map((f) => f.event.data.reason ?? "no reason recorded")),
      },
      description:
        `Account ${userId} had ${burst.length} failed sign-ins between ${stamp(first.t)} and ${stamp(last.t)} ` +
        `(${tally(burst.map((f) => f.event.data.reason ?? "no reason recorded"))}). Someone may be guessing its password. ` +
        `Sign-in throttling still applies; the account is not locked by the agent. ${NO_ACTION}`,
      caseId: userId,
      evidence: burst.map((f) => f.event.id),
    });
  }
  return findings;
};

// ---------------------------------------------------------------------------------------------
// Compliance

/** What a request asks for beyond its check's default: the extra attribute ids, and those not part of the check at all. */
function extraAttributes(checkType: string, requested: readonly string[]): { extra: string[]; unknown: string[] } {
  if (!isCheckType(checkType)) return { extra: [...new Set(requested)], unknown: [...new Set(requested)] };
  const defaults: readonly string[] = CHECKS[checkType].defaultAttributes;
  const extra = [...new Set(requested)].filter((id) => !defaults.includes(id)).sort(compare);
  return { extra, unknown: extra.filter((id) => !checkAttribute(checkType, id)) };
}

/**
 * compliance.data-minimisation: verification requests asking for more than `maxExtraAttributes`
 * attributes beyond their check's default, or for a kind of check that does not exist. Requests of
 * one organisation on one day with the same check, extras and purpose are one finding (a verifier
 * whose form always asks too much raises one case a day, not one per applicant); a request with no
 * organisation is a finding of its own.
 */
export const dataMinimisation: Rule<Pick<ComplianceConfig, "maxExtraAttributes">> = (events, config) => {
  const flagged = eventsOf(events, "verification_request").filter(({ event }) => {
    if (!isCheckType(event.data.credentialType)) return true;
    return (
      extraAttributes(event.data.credentialType, event.data.requestedAttributes).extra.length >
      config.maxExtraAttributes
    );
  });
  const purposeOf = (text: string) => clip(text, 200);
  const findings: Finding[] = [];
  const groups = groupBy(flagged, ({ event, t }) => {
    const { extra } = extraAttributes(event.data.credentialType, event.data.requestedAttributes);
    const who = event.data.organisationId ?? `request ${event.data.requestId}`;
    return [
      who,
      event.data.credentialType,
      extra.join(","),
      purposeOf(event.data.purpose).toLowerCase(),
      new Date(t).toISOString().slice(0, 10),
    ].join("\n");
  });
  for (const [group, list] of groups) {
    const { event, t } = list[0]!;
    const { credentialType, organisationId, requestId } = event.data;
    const caseId = organisationId ?? requestId;
    const day = new Date(t).toISOString().slice(0, 10);
    const who = organisationId
      ? `Organisation ${organisationId}`
      : `A verifier with no organisation (request ${requestId})`;
    const requests = list.length === 1 ? "a request" : `${list.length} requests`;
    const purpose = purposeOf(event.data.purpose) || "none given";
    const asked = {
      organisationKnown: organisationId ? "yes" : "no",
      organisationId: organisationId ?? "",
      requestId,
      count: list.length,
      day,
      purposeGiven: purposeOf(event.data.purpose) ? "yes" : "no",
      purpose: purposeOf(event.data.purpose),
    };
    const key = `compliance.data-minimisation:${caseId}:${shortHash(group)}:${day}`;
    const evidence = list.map((r) => r.event.id);
    if (!isCheckType(credentialType)) {
      findings.push({
        agent: "compliance",
        rule: "compliance.data-minimisation",
        key,
        adverse: true,
        priority: "medium",
        title: "Verification request for a kind of check that does not exist",
        titleWords: titled("unknownCheck"),
        descriptionValues: { ...asked, credentialType: clip(credentialType, 40) },
        description: `${who} made ${requests} on ${day} for "${clip(credentialType, 40)}", which is not a kind of check the platform offers. Stated purpose: "${purpose}". ${NO_ACTION}`,
        caseId,
        evidence,
      });
      continue;
    }
    const check = CHECKS[credentialType];
    const { extra, unknown } = extraAttributes(credentialType, event.data.requestedAttributes);
    const named = extra
      .map((id) => `${checkAttribute(credentialType, id)?.label ?? "not an attribute of this check"} (${clip(id, 40)})`)
      .join(", ");
    const defaults = check.defaultAttributes.map((id) => checkAttribute(credentialType, id)?.label ?? id).join(", ");
    findings.push({
      agent: "compliance",
      rule: "compliance.data-minimisation",
      key,
      adverse: true,
      priority: "medium",
      title: `${check.name} request asks for ${plural(extra.length, "attribute")} beyond what the check needs`,
      titleWords: titled("extraAttributes", { check: check.name, checkType: credentialType, count: extra.length }),
      descriptionValues: {
        ...asked,
        checkType: credentialType,
        extra: extra.map((id) => clip(id, 40)),
        defaults: [...check.defaultAttributes],
        allowed: config.maxExtraAttributes,
        unknown: unknown.length,
      },
      description:
        `${who} made ${requests} on ${day} for a ${check.name} check asking for ${named}, beyond the check's default (${defaults}); ` +
        `the policy allows ${config.maxExtraAttributes} more. Stated purpose: "${purpose}".` +
        `${unknown.length ? ` ${plural(unknown.length, "attribute is", "attributes are")} not part of this check at all.` : ""} ` +
        `A person should decide whether the purpose needs them. ${NO_ACTION}`,
      caseId,
      evidence,
    });
  }
  return findings;
};

/** compliance.unregistered-checks: one organisation refused `unregisteredThreshold` times within `unregisteredWindowHours` for checks it is not registered for. */
export const unregisteredChecks: Rule<Pick<ComplianceConfig, "unregisteredThreshold" | "unregisteredWindowHours">> = (
  events,
  config,
) => {
  const windowMs = config.unregisteredWindowHours * HOUR;
  const refusals = eventsOf(
    events,
    "verification_result",
    (e) => e.data.result === "VERIFIER_NOT_REGISTERED" && e.data.organisationId !== null,
  );
  const findings: Finding[] = [];
  for (const { subject: organisationId, burst, first, last } of burstsBy(
    refusals,
    (r) => r.event.data.organisationId!,
    windowMs,
    (w) => w.length >= config.unregisteredThreshold,
  )) {
    findings.push({
      agent: "compliance",
      rule: "compliance.unregistered-checks",
      key: `compliance.unregistered-checks:${organisationId}:${bucket(first.t, windowMs)}`,
      adverse: true,
      priority: "medium",
      title: `Organisation asked ${plural(burst.length, "time")} for checks it is not registered for`,
      titleWords: titled("unregisteredChecks", { count: burst.length }),
      descriptionValues: {
        organisationId,
        count: burst.length,
        from: stamp(first.t),
        to: stamp(last.t),
        checkTypes: burst.map((r) => r.event.data.checkType ?? ""),
      },
      description:
        `Organisation ${organisationId} was refused ${plural(burst.length, "time")} between ${stamp(first.t)} and ${stamp(last.t)} ` +
        `for checks its registration does not allow (${tally(burst.map((r) => checkName(r.event.data.checkType)))}). ` +
        `A person should decide whether its registration or its use of the service needs attention. ${NO_ACTION}`,
      caseId: organisationId,
      evidence: burst.map((r) => r.event.id),
    });
  }
  return findings;
};

// ---------------------------------------------------------------------------------------------
// Onboarding

/**
 * onboarding.stalled-account: an account made more than `stallDays` ago with no credential issued
 * to it since. Not adverse: nothing has been decided about anyone, and an account without a
 * credential may simply be waiting for its holder; it is recorded as the agent's work (the console
 * and the audit trail show it) rather than put in front of a reviewer, who would have nothing to
 * decide. One finding per account, ever.
 */
export const stalledAccounts: Rule<Pick<OnboardingConfig, "stallDays">> = (events, config, now) => {
  const stallMs = config.stallDays * DAY;
  const withCredential = new Set(eventsOf(events, "credential_issued").map(({ event }) => event.data.userId));
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const { event, t } of eventsOf(events, "registration")) {
    const { userId } = event.data;
    if (now.getTime() - t <= stallMs || withCredential.has(userId) || seen.has(userId)) continue;
    seen.add(userId);
    const days = Math.floor((now.getTime() - t) / DAY);
    findings.push({
      agent: "onboarding",
      rule: "onboarding.stalled-account",
      key: `onboarding.stalled-account:${userId}`,
      adverse: false,
      priority: "low",
      title: `Account has no credential ${plural(days, "day")} after it was made`,
      titleWords: titled("stalledAccount", { days }),
      descriptionValues: { userId, at: stamp(t) },
      description: `Account ${userId}, made at ${stamp(t)}, has had no credential issued since. Recorded for the onboarding picture: no one is contacted and nothing is changed.`,
      caseId: userId,
      evidence: [event.id],
    });
  }
  return findings;
};

/** The assisted-session events that mean the details given at the counter disagree with the document or the authority's record. */
const DISAGREEMENT_EVENTS: Readonly<Record<string, { slug: string; says: string }>> = {
  "Approval denied": {
    slug: "approval-denied",
    says: "a supervisor denied approval of the identity document recorded",
  },
  "Visual match failed": {
    slug: "visual-match-failed",
    says: "the operator found that the person did not match the identity document",
  },
};

/** onboarding.record-disagrees: an assisted setup whose document was refused by a supervisor or failed the visual match; one finding per session and kind. */
export const recordDisagrees: Rule<unknown> = (events) => {
  const sessionEvents = eventsOf(events, "assisted_event");
  const disagreements = sessionEvents.filter(({ event }) => Object.hasOwn(DISAGREEMENT_EVENTS, event.data.event));
  const actorsBySession = new Map<string, Set<string>>();
  for (const { event } of sessionEvents) {
    if (!event.data.actorId) continue;
    const actors = actorsBySession.get(event.data.sessionId) ?? new Set<string>();
    actorsBySession.set(event.data.sessionId, actors.add(event.data.actorId));
  }
  const findings: Finding[] = [];
  for (const list of groupBy(disagreements, ({ event }) => `${event.data.sessionId}\n${event.data.event}`).values()) {
    const { event } = list[0]!;
    const last = list[list.length - 1]!;
    const kind = DISAGREEMENT_EVENTS[event.data.event]!;
    const { sessionId, officeId } = event.data;
    findings.push({
      agent: "onboarding",
      rule: "onboarding.record-disagrees",
      key: `onboarding.record-disagrees:${sessionId}:${kind.slug}`,
      adverse: true,
      priority: "medium",
      title:
        kind.slug === "approval-denied"
          ? "Assisted setup: approval of the identity document denied"
          : "Assisted setup: the person did not match the identity document",
      titleWords: titled(kind.slug === "approval-denied" ? "approvalDenied" : "visualMismatch"),
      descriptionValues: {
        sessionId,
        officeKnown: officeId ? "yes" : "no",
        officeId: officeId ?? "",
        count: list.length,
        last: stamp(last.t),
      },
      description:
        `In assisted session ${sessionId}${officeId ? ` (office ${officeId})` : ""}, ${kind.says}` +
        `${list.length > 1 ? ` ${list.length} times, most recently at ${stamp(last.t)}` : ` at ${stamp(last.t)}`}. ` +
        `A person should compare the session's record with the document and the issuing authority's record before the client is helped further. ${NO_ACTION}`,
      caseId: sessionId,
      evidence: list.map((e) => e.event.id),
      // The staff who acted in the session (operator, supervisor) do not review their own session.
      involved: [...(actorsBySession.get(sessionId) ?? [])].sort(),
    });
  }
  return findings;
};

// ---------------------------------------------------------------------------------------------
// Support

/** Events the system writes on its own long after a session (they are not activity). */
const HOUSEKEEPING_EVENTS: readonly string[] = ["Raw document data deleted"];
const SESSION_ENDED = "Session ended";

/**
 * support.stuck-session: an assisted session that has not ended and has had no activity for
 * `stuckSessionMinutes` (a paused session left behind counts). Not adverse: it concerns the
 * service, not a citizen; recorded as the agent's work, keyed by its last event, so a session that
 * moves on and sticks again is recorded again.
 */
export const stuckSessions: Rule<Pick<SupportConfig, "stuckSessionMinutes">> = (events, config, now) => {
  const stuckMs = config.stuckSessionMinutes * MINUTE;
  const findings: Finding[] = [];
  for (const [sessionId, list] of groupBy(eventsOf(events, "assisted_event"), ({ event }) => event.data.sessionId)) {
    if (list.some(({ event }) => event.data.event === SESSION_ENDED)) continue;
    const activity = list.filter(({ event }) => !HOUSEKEEPING_EVENTS.includes(event.data.event));
    const last = activity[activity.length - 1];
    if (!last || now.getTime() - last.t <= stuckMs) continue;
    const officeId = last.event.data.officeId;
    findings.push({
      agent: "support",
      rule: "support.stuck-session",
      key: `support.stuck-session:${sessionId}:${last.event.id}`,
      adverse: false,
      priority: "medium",
      title: `Assisted session idle for ${english(elapsedOf(now.getTime() - last.t))}`,
      titleWords: titled("stuckSession", periodValues("idle", elapsedOf(now.getTime() - last.t))),
      descriptionValues: {
        sessionId,
        officeKnown: officeId ? "yes" : "no",
        officeId: officeId ?? "",
        at: stamp(last.t),
        event: clip(last.event.data.event, 60),
      },
      description:
        `Assisted session ${sessionId}${officeId ? ` (office ${officeId})` : ""} has not ended and has had no activity since ${stamp(last.t)}, ` +
        `when it recorded "${clip(last.event.data.event, 60)}". Recorded so that the office can follow up; the agent has not ended, paused or changed it.`,
      caseId: sessionId,
      evidence: [last.event.id],
    });
  }
  return findings;
};

/**
 * support.recurring-errors: the same server error `errorRepeatThreshold` times within
 * `errorWindowMinutes`, "the same" as the analytics Errors tab groups them (one fingerprint).
 */
export const recurringErrors: Rule<Pick<SupportConfig, "errorRepeatThreshold" | "errorWindowMinutes">> = (
  events,
  config,
) => {
  const windowMs = config.errorWindowMinutes * MINUTE;
  const findings: Finding[] = [];
  for (const { subject: fingerprint, burst, first, last } of burstsBy(
    eventsOf(events, "server_error"),
    ({ event }) => occurrenceFingerprint(event.data),
    windowMs,
    (w) => w.length >= config.errorRepeatThreshold,
  )) {
    const { component, errorType, message } = first.event.data;
    findings.push({
      agent: "support",
      rule: "support.recurring-errors",
      key: `support.recurring-errors:${component}:${shortHash(fingerprint)}:${bucket(first.t, windowMs)}`,
      adverse: true,
      priority: "medium",
      title: `Recurring error in ${clip(component, 60)}: ${burst.length} times within ${span(windowMs)}`,
      titleWords: titled("recurringErrors", {
        component: clip(component, 60),
        count: burst.length,
        ...periodValues("window", spanOf(windowMs)),
      }),
      descriptionValues: {
        typeKnown: errorType === null ? "no" : "yes",
        errorType: clip(errorType ?? "", 60),
        component: clip(component, 60),
        message: normaliseMessage(message),
        count: burst.length,
        from: stamp(first.t),
        to: stamp(last.t),
      },
      description:
        `${clip(errorType ?? "An error", 60)} in ${clip(component, 60)}, "${normaliseMessage(message)}", happened ${burst.length} times ` +
        `between ${stamp(first.t)} and ${stamp(last.t)}. A person should find the cause; the agent has changed nothing.`,
      caseId: component,
      evidence: burst.map((e) => e.event.id),
    });
  }
  return findings;
};

// ---------------------------------------------------------------------------------------------
// Running an agent

/** Every agent's rules by id, in the order AGENTS declares them. */
export const RULES: { readonly [T in AgentType]: Readonly<Record<string, Rule<AgentConfig<T>>>> } = {
  onboarding: { "onboarding.record-disagrees": recordDisagrees, "onboarding.stalled-account": stalledAccounts },
  compliance: {
    "compliance.data-minimisation": dataMinimisation,
    "compliance.unregistered-checks": unregisteredChecks,
  },
  risk: {
    "risk.repeated-failures": repeatedFailures,
    "risk.many-organisations": manyOrganisations,
    "risk.revoked-presented": revokedPresented,
    "risk.sign-in-failures": signInFailures,
  },
  support: { "support.stuck-session": stuckSessions, "support.recurring-errors": recurringErrors },
};

export interface AgentRunInput<T extends AgentType> {
  /** The platform's events of the lookback window (`lookbackMs` before `now`), in any order. */
  events: readonly PlatformEvent[];
  /** The agent's thresholds (`readConfig` turns a stored config into one). */
  config: AgentConfig<T>;
  now: Date;
}

/** One run of an agent: every rule of its type over the events of its kinds, each key once. */
export function runAgent<T extends AgentType>(type: T, input: AgentRunInput<T>): Finding[] {
  const agent = AGENTS[type];
  const rules = RULES[type] as Readonly<Record<string, Rule<AgentConfig<T>>>>;
  const events = input.events.filter((event) => agent.kinds.includes(event.kind));
  const keys = new Set<string>();
  const findings: Finding[] = [];
  for (const { id } of agent.rules) {
    const rule = rules[id];
    if (!rule) throw new Error(`No rule implements ${id}`);
    for (const finding of rule(events, input.config, input.now)) {
      if (keys.has(finding.key)) continue;
      keys.add(finding.key);
      findings.push(finding);
    }
  }
  return findings;
}

/**
 * How far back a run must read so that every rule sees whole patterns: twice the longest window
 * (a burst that began just before the previous run is still seen whole, and keeps its key), for
 * onboarding twice the stall time, for support at least a day past the stuck time.
 */
export function lookbackMs<T extends AgentType>(type: T, config: AgentConfig<T>): number {
  switch (type) {
    case "onboarding": {
      const c = config as OnboardingConfig;
      return 2 * c.stallDays * DAY;
    }
    case "compliance": {
      const c = config as ComplianceConfig;
      return 2 * c.unregisteredWindowHours * HOUR;
    }
    case "risk": {
      const c = config as RiskConfig;
      return (
        2 * Math.max(c.failureWindowMinutes * MINUTE, c.organisationsWindowHours * HOUR, c.signInWindowMinutes * MINUTE)
      );
    }
    case "support": {
      const c = config as SupportConfig;
      return Math.max(2 * c.errorWindowMinutes * MINUTE, c.stuckSessionMinutes * MINUTE + DAY);
    }
  }
  throw new Error(`Unknown agent type ${String(type)}`);
}
