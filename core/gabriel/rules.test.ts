import { describe, expect, it } from "vitest";
import {
  type ErrorOccurrence,
  errorFingerprint,
  occurrenceFingerprint,
  recordedError,
} from "#core/analytics/fingerprint.ts";
import { AGENTS, defaultConfig } from "./agents.ts";
import { AGENT_TYPES, type Finding, type PlatformEvent, type PlatformEventData } from "./events.ts";
import {
  bucket,
  bursts,
  dataMinimisation,
  lookbackMs,
  manyOrganisations,
  RULES,
  type Rule,
  recordDisagrees,
  recurringErrors,
  repeatedFailures,
  revokedPresented,
  runAgent,
  signInFailures,
  stalledAccounts,
  stuckSessions,
  unregisteredChecks,
} from "./rules.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 10:05 UTC: a few minutes into an hour, so that minute shifts stay inside one bucket. */
const T0 = Date.parse("2026-05-01T10:05:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString();
const nowAt = (minutes: number) => new Date(T0 + minutes * MINUTE);

let counter = 0;
function event<K extends keyof PlatformEventData>(kind: K, minutes: number, data: PlatformEventData[K]): PlatformEvent {
  counter += 1;
  return { id: `${kind}:${String(counter).padStart(4, "0")}`, kind, at: at(minutes), data } as PlatformEvent;
}

type Result = PlatformEventData["verification_result"];
const result = (minutes: number, data: Partial<Result> = {}) =>
  event("verification_result", minutes, {
    credentialId: "cred-1",
    organisationId: "org-1",
    checkType: "rtw",
    mode: "online",
    result: "BAD_SIGNATURE",
    ...data,
  });
const request = (minutes: number, data: Partial<PlatformEventData["verification_request"]> = {}) =>
  event("verification_request", minutes, {
    requestId: `req-${++counter}`,
    organisationId: "org-1",
    credentialType: "rtw",
    requestedAttributes: ["hasRightToWork"],
    purpose: "Pre-employment right to work check",
    ...data,
  });
const assisted = (minutes: number, sessionId: string, phrase: string, detail = "", actorId?: string) =>
  event("assisted_event", minutes, { sessionId, officeId: "office-1", event: phrase, detail, actorId });
const serverError = (
  minutes: number,
  message: string,
  component = "verifier",
  errorType: string | null = "TypeError",
) => event("server_error", minutes, { component, errorType, message });

/** Shuffled deterministically: rules must not depend on the order they are given events in. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  let seed = 7;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** What a run at `now` sees: the events of its lookback window (lookbackMs before now, up to now). */
const visibleAt = (events: readonly PlatformEvent[], now: Date, lookback: number) =>
  events.filter((e) => Date.parse(e.at) > now.getTime() - lookback && Date.parse(e.at) <= now.getTime());

const keys = (findings: readonly Finding[]) => findings.map((f) => f.key);

/** The same rule run at `now` and one minute later, each over its own lookback window: the keys agree. */
function expectStableKeys<C>(rule: Rule<C>, events: readonly PlatformEvent[], config: C, now: Date, lookback: number) {
  const first = rule(visibleAt(events, now, lookback), config, now);
  const later = new Date(now.getTime() + MINUTE);
  const second = rule(shuffled(visibleAt(events, later, lookback)), config, later);
  expect(first.length).toBeGreaterThan(0);
  expect(keys(second)).toEqual(keys(first));
}

const NO_PERSONAL_DATA = /Sarah|Thompson|passport number|123456789/i;

describe("bursts", () => {
  const items = [0, 10, 20, 30, 100, 101].map((m) => ({ t: m * MINUTE }));
  it("finds each window holding the pattern, then starts again after it", () => {
    expect(bursts(items, 60 * MINUTE, (w) => w.length >= 2).map((b) => b.map((i) => i.t / MINUTE))).toEqual([
      [0, 10],
      [20, 30],
      [100, 101],
    ]);
  });
  it("counts a window inclusively (first to last event at most the window apart)", () => {
    const edge = [0, 60].map((m) => ({ t: m * MINUTE }));
    expect(bursts(edge, 60 * MINUTE, (w) => w.length >= 2)).toHaveLength(1);
    expect(bursts(edge, 59 * MINUTE, (w) => w.length >= 2)).toHaveLength(0);
  });
  it("floors a time to its window's bucket", () => {
    expect(bucket(Date.parse("2026-05-01T10:59:59Z"), HOUR)).toBe("2026-05-01T10:00:00.000Z");
    expect(bucket(Date.parse("2026-05-01T11:00:00Z"), HOUR)).toBe("2026-05-01T11:00:00.000Z");
  });
});

describe("risk.repeated-failures", () => {
  const config = { failuresThreshold: 3, failureWindowMinutes: 60 };

  it("flags a credential failing three times within an hour, for a person, as high priority", () => {
    const events = [result(0), result(20, { result: "EXPIRED", organisationId: "org-2" }), result(40)];
    const findings = repeatedFailures(events, config, nowAt(41));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      agent: "risk",
      rule: "risk.repeated-failures",
      adverse: true,
      priority: "high",
      caseId: "cred-1",
      key: "risk.repeated-failures:cred-1:2026-05-01T10:00:00.000Z",
      evidence: events.map((e) => e.id),
    });
    expect(findings[0]!.description).toContain("BAD_SIGNATURE ×2, EXPIRED ×1");
    expect(findings[0]!.description).toContain("2 organisations");
  });

  it("does not flag two failures (just under the threshold)", () => {
    expect(repeatedFailures([result(0), result(10)], config, nowAt(11))).toEqual([]);
  });

  it("uses the configured threshold", () => {
    const four = [result(0), result(1), result(2), result(3)];
    expect(repeatedFailures(four, { ...config, failuresThreshold: 5 }, nowAt(4))).toEqual([]);
    expect(repeatedFailures(four, { ...config, failuresThreshold: 4 }, nowAt(4))).toHaveLength(1);
  });

  it("does not flag failures spread over more than the window, and honours the configured window", () => {
    const spread = [result(0), result(30), result(61)];
    expect(repeatedFailures(spread, config, nowAt(62))).toEqual([]);
    expect(repeatedFailures(spread, { ...config, failureWindowMinutes: 61 }, nowAt(62))).toHaveLength(1);
    expect(repeatedFailures([result(0), result(30), result(60)], config, nowAt(62))).toHaveLength(1);
  });

  it("does not add up failures of different credentials", () => {
    expect(repeatedFailures([result(0), result(1, { credentialId: "cred-2" }), result(2)], config, nowAt(3))).toEqual(
      [],
    );
  });

  it("does not count valid results, presentations with no credential, or refusals that are not the credential's failure", () => {
    const events = [
      result(0),
      result(1, { result: "valid" }),
      result(2, { credentialId: null }),
      result(3, { result: "VERIFIER_NOT_REGISTERED" }),
      result(4, { result: "REQUEST_DECLINED" }),
      result(5, { result: "STATUS_REVOKED" }),
      result(6),
    ];
    expect(repeatedFailures(events, config, nowAt(7))).toEqual([]);
  });

  it("raises a second burst later as a second finding", () => {
    const findings = repeatedFailures(
      [result(0), result(1), result(2), result(300), result(301), result(302)],
      config,
      nowAt(303),
    );
    expect(findings).toHaveLength(2);
    expect(new Set(keys(findings)).size).toBe(2);
  });

  it("keeps its key when the run's window shifts by a minute, even as the first failure leaves it", () => {
    const events = [result(0), result(10), result(20), result(30)];
    const lookback = 60 * MINUTE;
    // At 10:59 all four are visible; at 11:00 the one at 10:05 is still visible; at 11:05 it has left,
    // and the burst is found from 10:15 instead: the same hour, the same key.
    expectStableKeys(repeatedFailures, events, config, nowAt(54), lookback);
    const early = repeatedFailures(visibleAt(events, nowAt(54), lookback), config, nowAt(54));
    const late = repeatedFailures(visibleAt(events, nowAt(61), lookback), config, nowAt(61));
    expect(late[0]!.evidence).not.toContain(events[0]!.id);
    expect(keys(late)).toEqual(keys(early));
  });
});

describe("risk.many-organisations", () => {
  const config = { organisationsThreshold: 5, organisationsWindowHours: 24 };
  const valid = (hours: number, organisationId: string, credentialId = "cred-1") =>
    result(hours * 60, { result: "valid", organisationId, credentialId });

  it("flags a credential verified by five organisations within a day", () => {
    const events = ["org-1", "org-2", "org-3", "org-4", "org-5"].map((org, i) => valid(i * 5, org));
    const findings = manyOrganisations(events, config, nowAt(21 * 60));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      agent: "risk",
      rule: "risk.many-organisations",
      adverse: true,
      priority: "medium",
      caseId: "cred-1",
    });
    expect(findings[0]!.description).toContain("org-1, org-2, org-3, org-4, org-5");
    expect(findings[0]!.key).toBe("risk.many-organisations:cred-1:2026-05-01T00:00:00.000Z");
  });

  it("counts organisations, not verifications: four organisations verifying six times is not enough", () => {
    const events = ["org-1", "org-2", "org-1", "org-3", "org-4", "org-2"].map((org, i) => valid(i, org));
    expect(manyOrganisations(events, config, nowAt(400))).toEqual([]);
    expect(manyOrganisations(events, { ...config, organisationsThreshold: 4 }, nowAt(400))).toHaveLength(1);
  });

  it("does not flag organisations spread over more than the window", () => {
    const events = ["org-1", "org-2", "org-3", "org-4", "org-5"].map((org, i) => valid(i * 6.25, org));
    expect(manyOrganisations(events, config, nowAt(26 * 60))).toEqual([]);
    expect(manyOrganisations(events, { ...config, organisationsWindowHours: 25 }, nowAt(26 * 60))).toHaveLength(1);
  });

  it("does not add up different credentials, failed results, or results with no organisation", () => {
    const events = [
      valid(0, "org-1"),
      valid(1, "org-2"),
      valid(2, "org-3"),
      valid(3, "org-4", "cred-2"),
      result(4 * 60, { organisationId: "org-5" }),
      result(5 * 60, { result: "valid", organisationId: null }),
    ];
    expect(manyOrganisations(events, config, nowAt(400))).toEqual([]);
  });

  it("keeps its key when the run's window shifts by a minute", () => {
    const events = ["org-1", "org-2", "org-3", "org-4", "org-5", "org-6"].map((org, i) => valid(i, org));
    expectStableKeys(manyOrganisations, events, config, nowAt(6 * 60), lookbackMs("risk", defaultConfig("risk")));
  });
});

describe("risk.revoked-presented", () => {
  it("flags every presentation of a revoked credential, keyed by the event", () => {
    const first = result(0, { result: "STATUS_REVOKED" });
    const second = result(5, {
      result: "STATUS_REVOKED",
      credentialId: null,
      organisationId: null,
      checkType: null,
      mode: null,
    });
    const findings = revokedPresented(
      [second, result(1, { result: "valid" }), result(2, { result: "STATUS_SUSPENDED" }), first],
      {},
      nowAt(6),
    );
    expect(findings).toHaveLength(2);
    expect(findings[0]).toMatchObject({
      rule: "risk.revoked-presented",
      adverse: true,
      priority: "high",
      caseId: "cred-1",
      key: `risk.revoked-presented:${first.id}`,
      evidence: [first.id],
    });
    expect(findings[0]!.description).toContain("Right to Work");
    expect(findings[1]).toMatchObject({ caseId: second.id, key: `risk.revoked-presented:${second.id}` });
  });

  it("does not flag other results", () => {
    expect(
      revokedPresented(
        [result(0, { result: "valid" }), result(1, { result: "EXPIRED" }), result(2, { result: "STATUS_UNKNOWN" })],
        {},
        nowAt(3),
      ),
    ).toEqual([]);
  });

  it("keeps its key when the run's window shifts by a minute", () => {
    expectStableKeys(revokedPresented, [result(0, { result: "STATUS_REVOKED" })], {}, nowAt(1), HOUR);
  });
});

describe("risk.sign-in-failures", () => {
  const config = { signInFailuresThreshold: 10, signInWindowMinutes: 15 };
  const failure = (minutes: number, userId: string | null = "user-1") =>
    event("sign_in_failure", minutes, { userId, reason: "BAD_PASSWORD" });
  const burst = (n: number, userId?: string | null) => Array.from({ length: n }, (_, i) => failure(i, userId));

  it("flags ten failed sign-ins to one account within fifteen minutes", () => {
    const findings = signInFailures(burst(10), config, nowAt(10));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      rule: "risk.sign-in-failures",
      adverse: true,
      priority: "medium",
      caseId: "user-1",
    });
    expect(findings[0]!.description).toContain("BAD_PASSWORD ×10");
  });

  it("does not flag nine, nor ten spread over more than fifteen minutes, nor unknown accounts, nor two accounts' failures added up", () => {
    expect(signInFailures(burst(9), config, nowAt(10))).toEqual([]);
    expect(
      signInFailures(
        Array.from({ length: 10 }, (_, i) => failure(i * 2)),
        config,
        nowAt(20),
      ),
    ).toEqual([]);
    expect(signInFailures(burst(10, null), config, nowAt(10))).toEqual([]);
    expect(signInFailures([...burst(5, "user-1"), ...burst(5, "user-2")], config, nowAt(10))).toEqual([]);
  });

  it("keeps its key when the run's window shifts by a minute", () => {
    expectStableKeys(signInFailures, burst(12), config, nowAt(12), lookbackMs("risk", defaultConfig("risk")));
  });
});

describe("compliance.data-minimisation", () => {
  const config = { maxExtraAttributes: 0 };

  it("does not flag a request for what the check needs by default", () => {
    const events = [
      request(0),
      request(1, {
        credentialType: "dbs",
        requestedAttributes: ["checkLevel", "policeRecords", "barredListChildren", "barredListAdults"],
      }),
      request(2, { credentialType: "age", requestedAttributes: ["age_over_18"] }),
      request(3, { requestedAttributes: [] }),
    ];
    expect(dataMinimisation(events, config, nowAt(4))).toEqual([]);
  });

  it("flags a request for attributes beyond the default, naming them and the purpose", () => {
    const events = [request(0, { requestedAttributes: ["hasRightToWork", "given_name", "family_name"] })];
    const findings = dataMinimisation(events, config, nowAt(1));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      agent: "compliance",
      rule: "compliance.data-minimisation",
      adverse: true,
      priority: "medium",
      caseId: "org-1",
      evidence: [events[0]!.id],
    });
    expect(findings[0]!.title).toBe("Right to Work request asks for 2 attributes beyond what the check needs");
    expect(findings[0]!.description).toContain("Family name (family_name), Given name (given_name)");
    expect(findings[0]!.description).toContain('"Pre-employment right to work check"');
  });

  it("uses the configured allowance", () => {
    const events = [request(0, { requestedAttributes: ["hasRightToWork", "given_name", "family_name"] })];
    expect(dataMinimisation(events, { maxExtraAttributes: 1 }, nowAt(1))).toHaveLength(1);
    expect(dataMinimisation(events, { maxExtraAttributes: 2 }, nowAt(1))).toEqual([]);
  });

  it("flags a request for a kind of check that does not exist, and an attribute not part of the check", () => {
    const unknownCheck = dataMinimisation(
      [request(0, { credentialType: "nationality", requestedAttributes: [] })],
      { maxExtraAttributes: 20 },
      nowAt(1),
    );
    expect(unknownCheck).toHaveLength(1);
    expect(unknownCheck[0]!.title).toBe("Verification request for a kind of check that does not exist");
    const unknownAttribute = dataMinimisation(
      [request(0, { requestedAttributes: ["hasRightToWork", "nationality"] })],
      config,
      nowAt(1),
    );
    expect(unknownAttribute[0]!.description).toContain("not an attribute of this check (nationality)");
    expect(unknownAttribute[0]!.description).toContain("1 attribute is not part of this check at all");
  });

  it("raises one finding a day for one organisation asking the same, and separate ones otherwise", () => {
    const extra = { requestedAttributes: ["hasRightToWork", "expiryDate"] };
    const events = [
      request(0, extra),
      request(30, extra),
      request(60, { ...extra, organisationId: "org-2" }),
      request(DAY / MINUTE, extra),
      request(90, { ...extra, purpose: "Tenancy" }),
    ];
    const findings = dataMinimisation(events, config, nowAt(DAY / MINUTE + 1));
    expect(findings.map((f) => [f.caseId, f.evidence.length])).toEqual([
      ["org-1", 2],
      ["org-2", 1],
      ["org-1", 1],
      ["org-1", 1],
    ]);
    expect(new Set(keys(findings)).size).toBe(4);
  });

  it("keeps its key when the run's window shifts by a minute", () => {
    const extra = { requestedAttributes: ["hasRightToWork", "given_name"] };
    expectStableKeys(
      dataMinimisation,
      [request(0, extra), request(5, extra)],
      config,
      nowAt(10),
      lookbackMs("compliance", defaultConfig("compliance")),
    );
  });
});

describe("compliance.unregistered-checks", () => {
  const config = { unregisteredThreshold: 3, unregisteredWindowHours: 24 };
  const refused = (minutes: number, organisationId: string | null = "org-9", checkType = "dbs") =>
    result(minutes, { result: "VERIFIER_NOT_REGISTERED", organisationId, checkType, credentialId: null });

  it("flags an organisation refused three times within a day for checks it is not registered for", () => {
    const findings = unregisteredChecks([refused(0), refused(60), refused(120, "org-9", "rtw")], config, nowAt(121));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      agent: "compliance",
      rule: "compliance.unregistered-checks",
      adverse: true,
      priority: "medium",
      caseId: "org-9",
    });
    expect(findings[0]!.description).toContain("DBS Check ×2, Right to Work ×1");
  });

  it("does not flag two refusals, refusals over more than the window, other organisations' refusals or other results", () => {
    expect(unregisteredChecks([refused(0), refused(1)], config, nowAt(2))).toEqual([]);
    expect(
      unregisteredChecks([refused(0), refused(12 * 60), refused(24 * 60 + 1)], config, nowAt(24 * 60 + 2)),
    ).toEqual([]);
    expect(unregisteredChecks([refused(0), refused(1, "org-8"), refused(2)], config, nowAt(3))).toEqual([]);
    expect(
      unregisteredChecks(
        [refused(0), result(1, { organisationId: "org-9" }), refused(2, null), refused(3)],
        config,
        nowAt(4),
      ),
    ).toEqual([]);
  });

  it("uses the configured threshold", () => {
    expect(
      unregisteredChecks([refused(0), refused(1)], { ...config, unregisteredThreshold: 2 }, nowAt(2)),
    ).toHaveLength(1);
  });

  it("keeps its key when the run's window shifts by a minute", () => {
    expectStableKeys(
      unregisteredChecks,
      [refused(0), refused(1), refused(2), refused(3)],
      config,
      nowAt(4),
      lookbackMs("compliance", defaultConfig("compliance")),
    );
  });
});

describe("onboarding.stalled-account", () => {
  const config = { stallDays: 3 };
  const registered = (minutes: number, userId: string) => event("registration", minutes, { userId });
  const issued = (minutes: number, userId: string) =>
    event("credential_issued", minutes, { userId, credentialId: `cred-${userId}`, type: "rtw", delivery: "device" });
  const threeDays = (3 * DAY) / MINUTE;

  it("records an account with no credential more than three days after it was made, as work, not a review item", () => {
    const findings = stalledAccounts([registered(0, "user-1")], config, nowAt(threeDays + 1));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      agent: "onboarding",
      rule: "onboarding.stalled-account",
      adverse: false,
      priority: "low",
      caseId: "user-1",
      key: "onboarding.stalled-account:user-1",
    });
    expect(findings[0]!.title).toBe("Account has no credential 3 days after it was made");
  });

  it("does not record an account younger than the stall time, or one that has a credential", () => {
    expect(stalledAccounts([registered(0, "user-1")], config, nowAt(threeDays - 1))).toEqual([]);
    expect(
      stalledAccounts([registered(0, "user-1"), issued(threeDays - 10, "user-1")], config, nowAt(threeDays + 1)),
    ).toEqual([]);
    expect(
      stalledAccounts([registered(0, "user-1"), issued(10, "user-2")], config, nowAt(threeDays + 1)).map(
        (f) => f.caseId,
      ),
    ).toEqual(["user-1"]);
  });

  it("uses the configured stall time", () => {
    expect(stalledAccounts([registered(0, "user-1")], { stallDays: 5 }, nowAt((4 * DAY) / MINUTE))).toEqual([]);
    expect(stalledAccounts([registered(0, "user-1")], { stallDays: 1 }, nowAt(DAY / MINUTE + 1))).toHaveLength(1);
  });

  it("keeps its key as days pass", () => {
    expectStableKeys(
      stalledAccounts,
      [registered(0, "user-1")],
      config,
      nowAt(threeDays + 1),
      lookbackMs("onboarding", defaultConfig("onboarding")),
    );
  });
});

describe("onboarding.record-disagrees", () => {
  it("flags an assisted setup whose document approval was denied, or whose visual match failed, for a person", () => {
    const denied = assisted(0, "session-1", "Approval denied", "Name on passport is Sarah Thompson, account says Sara");
    const failed = assisted(5, "session-2", "Visual match failed", "Photo does not match");
    const findings = recordDisagrees(
      [failed, denied, assisted(1, "session-1", "Approval given"), assisted(6, "session-3", "Visual match confirmed")],
      {},
      nowAt(7),
    );
    expect(findings.map((f) => [f.caseId, f.key, f.adverse, f.priority])).toEqual([
      ["session-1", "onboarding.record-disagrees:session-1:approval-denied", true, "medium"],
      ["session-2", "onboarding.record-disagrees:session-2:visual-match-failed", true, "medium"],
    ]);
    for (const finding of findings) expect(finding.description).not.toMatch(NO_PERSONAL_DATA);
    expect(findings[0]!.description).toContain("office office-1");
  });

  it("names the staff who acted in the session, so none of them reviews it", () => {
    const events = [
      assisted(0, "session-1", "Document recorded", "", "operator-1"),
      assisted(1, "session-1", "Approval requested", "", "operator-1"),
      assisted(2, "session-1", "Approval denied", "", "supervisor-1"),
      assisted(3, "session-1", "Session paused"),
      // Another session's staff are not named.
      assisted(3, "session-2", "Document recorded", "", "operator-2"),
    ];
    expect(recordDisagrees(events, {}, nowAt(4)).map((f) => f.involved)).toEqual([["operator-1", "supervisor-1"]]);
  });

  it("raises one finding for a session denied twice", () => {
    const events = [assisted(0, "session-1", "Approval denied"), assisted(20, "session-1", "Approval denied")];
    const findings = recordDisagrees(events, {}, nowAt(21));
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence).toEqual(events.map((e) => e.id));
    expect(findings[0]!.description).toContain("2 times");
  });

  it("does not flag the rest of a session's events", () => {
    const phrases = [
      "Session started",
      "Account created",
      "Document recorded",
      "Approval requested",
      "Approval given",
      "Visual match confirmed",
      "Credentials issued",
      "Session ended",
    ];
    expect(
      recordDisagrees(
        phrases.map((p, i) => assisted(i, "session-1", p)),
        {},
        nowAt(10),
      ),
    ).toEqual([]);
  });

  it("keeps its key when the run's window shifts by a minute", () => {
    expectStableKeys(
      recordDisagrees,
      [assisted(0, "session-1", "Visual match failed"), assisted(3, "session-1", "Visual match failed")],
      {},
      nowAt(4),
      HOUR,
    );
  });
});

describe("support.stuck-session", () => {
  const config = { stuckSessionMinutes: 60 };

  it("records a session that has not ended and has been idle over an hour, keyed by its last event", () => {
    const last = assisted(10, "session-1", "Approval requested");
    const findings = stuckSessions([assisted(0, "session-1", "Session started"), last], config, nowAt(71));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      agent: "support",
      rule: "support.stuck-session",
      adverse: false,
      priority: "medium",
      caseId: "session-1",
      key: `support.stuck-session:session-1:${last.id}`,
      evidence: [last.id],
    });
    expect(findings[0]!.description).toContain('"Approval requested"');
    expect(findings[0]!.title).toBe("Assisted session idle for 61 minutes");
  });

  it("does not record a session idle for under the threshold, or one that has ended", () => {
    expect(
      stuckSessions(
        [assisted(0, "session-1", "Session started"), assisted(10, "session-1", "Approval requested")],
        config,
        nowAt(69),
      ),
    ).toEqual([]);
    expect(
      stuckSessions(
        [assisted(0, "session-1", "Session started"), assisted(10, "session-1", "Session ended")],
        config,
        nowAt(600),
      ),
    ).toEqual([]);
  });

  it("does not count the system's later clean-up as activity, or as a reason to record an ended session", () => {
    const ended = [
      assisted(0, "session-1", "Session started"),
      assisted(5, "session-1", "Session ended"),
      assisted(4320, "session-1", "Raw document data deleted"),
    ];
    expect(stuckSessions(ended, config, nowAt(4500))).toEqual([]);
    const lastActivity = assisted(5, "session-2", "Document recorded");
    const abandoned = [
      assisted(0, "session-2", "Session started"),
      lastActivity,
      assisted(4320, "session-2", "Raw document data deleted"),
    ];
    const found = stuckSessions(abandoned, config, nowAt(4330));
    expect(found.map((f) => f.key)).toEqual([`support.stuck-session:session-2:${lastActivity.id}`]);
    expect(found[0]!.title).toBe("Assisted session idle for 3 days");
  });

  it("uses the configured threshold, and records a session again once it moves on and sticks again", () => {
    const events = [assisted(0, "session-1", "Session started")];
    expect(stuckSessions(events, { stuckSessionMinutes: 120 }, nowAt(100))).toEqual([]);
    const before = stuckSessions(events, config, nowAt(100));
    const after = stuckSessions([...events, assisted(110, "session-1", "Session resumed")], config, nowAt(200));
    expect(before).toHaveLength(1);
    expect(after).toHaveLength(1);
    expect(after[0]!.key).not.toBe(before[0]!.key);
  });

  it("keeps its key when the run's window shifts by a minute", () => {
    expectStableKeys(
      stuckSessions,
      [assisted(0, "session-1", "Session started"), assisted(2, "session-1", "Session paused")],
      config,
      nowAt(90),
      lookbackMs("support", defaultConfig("support")),
    );
  });
});

describe("support.recurring-errors", () => {
  const config = { errorRepeatThreshold: 5, errorWindowMinutes: 60 };
  const varying = (minutes: number, i: number) =>
    serverError(
      minutes,
      `Request 9f1c2a9e-6f55-4c1b-9a7e-2b8f0f6d9c1${i} failed after ${100 + i} ms for someone${i}@example.org`,
    );

  it("groups one error stream exactly as the analytics Errors tab does: one fingerprint for both screens", () => {
    const stream = [
      // One error whatever ids, counts and addresses it carries.
      ...Array.from({ length: 5 }, (_, i) => varying(i, i)),
      // No error type is the Errors tab's "Error"; counts masked inside words too.
      ...Array.from({ length: 5 }, (_, i) => serverError(i, `Upstream ERR_50${i} after ${i}s`, "web", null)),
      // The Errors tab keeps case: three and two are two groups, neither recurring.
      ...Array.from({ length: 5 }, (_, i) => serverError(i, i < 3 ? "Upstream timeout" : "upstream timeout", "status")),
    ];
    // The Errors tab's groups: each occurrence under the fingerprint it is recorded with (server/observability/errors.ts,
    // whose test runs recorded rows through this agent as Gabriel reads them).
    const tab = new Map<string, string[]>();
    for (const { id, data } of stream) {
      const { errorType, component, message } = recordedError(data as ErrorOccurrence);
      const group = errorFingerprint(errorType, component, message);
      tab.set(group, [...(tab.get(group) ?? []), id]);
    }
    const recurring = [...tab.values()].filter((ids) => ids.length >= config.errorRepeatThreshold);
    expect(recurring).toHaveLength(2);
    const findings = recurringErrors(stream, config, nowAt(6));
    expect(findings.map((finding) => finding.evidence)).toEqual(recurring);
    for (const { id, data } of stream)
      expect(occurrenceFingerprint(data as ErrorOccurrence)).toBe([...tab].find(([, ids]) => ids.includes(id))![0]);
  });

  it("flags the same error five times within an hour, by component, without the message's personal details", () => {
    const events = Array.from({ length: 5 }, (_, i) => varying(i * 10, i));
    const findings = recurringErrors(events, config, nowAt(41));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      agent: "support",
      rule: "support.recurring-errors",
      adverse: true,
      priority: "medium",
      caseId: "verifier",
      evidence: events.map((e) => e.id),
    });
    expect(findings[0]!.key).toMatch(/^support\.recurring-errors:verifier:[0-9a-f]{16}:2026-05-01T10:00:00\.000Z$/);
    expect(findings[0]!.description).toContain('"Request <uuid> failed after <n> ms for <email>"');
    expect(findings[0]!.description).not.toContain("example.org");
  });

  it("does not flag four, five spread over more than the window, or five different errors", () => {
    expect(
      recurringErrors(
        Array.from({ length: 4 }, (_, i) => varying(i, i)),
        config,
        nowAt(5),
      ),
    ).toEqual([]);
    expect(
      recurringErrors(
        Array.from({ length: 5 }, (_, i) => varying(i * 16, i)),
        config,
        nowAt(70),
      ),
    ).toEqual([]);
    const different = ["Timeout", "Bad gateway", "Out of memory", "Not found", "Forbidden"].map((m, i) =>
      serverError(i, m),
    );
    expect(recurringErrors(different, config, nowAt(6))).toEqual([]);
    const components = ["web", "web", "status", "status", "verifier"].map((c, i) => serverError(i, "Timeout", c));
    expect(recurringErrors(components, config, nowAt(6))).toEqual([]);
    const types = ["TypeError", "TypeError", "RangeError", "RangeError", null].map((t, i) =>
      serverError(i, "Timeout", "web", t),
    );
    expect(recurringErrors(types, config, nowAt(6))).toEqual([]);
  });

  it("uses the configured threshold and window", () => {
    const four = Array.from({ length: 4 }, (_, i) => varying(i * 30, i));
    expect(recurringErrors(four, { errorRepeatThreshold: 4, errorWindowMinutes: 90 }, nowAt(91))).toHaveLength(1);
    expect(recurringErrors(four, { errorRepeatThreshold: 4, errorWindowMinutes: 89 }, nowAt(91))).toEqual([]);
  });

  it("keeps its key when the run's window shifts by a minute", () => {
    expectStableKeys(
      recurringErrors,
      Array.from({ length: 6 }, (_, i) => varying(i, i)),
      config,
      nowAt(7),
      lookbackMs("support", defaultConfig("support")),
    );
  });
});

describe("runAgent", () => {
  const mixed = [
    result(0),
    result(1),
    result(2),
    result(3, { result: "STATUS_REVOKED" }),
    request(4, { requestedAttributes: ["hasRightToWork", "given_name"] }),
    assisted(5, "session-1", "Approval denied"),
    ...Array.from({ length: 5 }, (_, i) => serverError(6 + i, "Timeout")),
    event("registration", (-5 * DAY) / MINUTE, { userId: "user-1" }),
  ];
  const now = nowAt(200);

  it("implements every rule each agent declares, and no other", () => {
    for (const type of AGENT_TYPES)
      expect(Object.keys(RULES[type]).sort()).toEqual(AGENTS[type].rules.map((r) => r.id).sort());
  });

  it("runs only its own agent's rules, over its own kinds of event", () => {
    const run = (type: (typeof AGENT_TYPES)[number]) =>
      runAgent(type, { events: shuffled(mixed), config: defaultConfig(type), now }).map((f) => f.rule);
    expect(run("risk")).toEqual(["risk.repeated-failures", "risk.revoked-presented"]);
    expect(run("compliance")).toEqual(["compliance.data-minimisation"]);
    expect(run("onboarding")).toEqual(["onboarding.record-disagrees", "onboarding.stalled-account"]);
    expect(run("support")).toEqual(["support.stuck-session", "support.recurring-errors"]);
  });

  it("says whether a finding goes to a person as the agent's declaration says", () => {
    for (const type of AGENT_TYPES) {
      const adverse = new Map(AGENTS[type].rules.map((r) => [r.id, r.adverse]));
      for (const finding of runAgent(type, { events: mixed, config: defaultConfig(type), now })) {
        expect(finding.agent).toBe(type);
        expect(finding.adverse).toBe(adverse.get(finding.rule));
      }
    }
  });

  it("gives each key once, whatever the events' order", () => {
    const findings = runAgent("risk", { events: [...mixed, ...mixed], config: defaultConfig("risk"), now });
    expect(new Set(keys(findings)).size).toBe(findings.length);
    expect(keys(runAgent("risk", { events: shuffled(mixed), config: defaultConfig("risk"), now }))).toEqual(
      keys(runAgent("risk", { events: mixed, config: defaultConfig("risk"), now })),
    );
  });

  it("ignores events whose time cannot be read", () => {
    const broken = { ...result(0, { result: "STATUS_REVOKED" }), at: "yesterday" } as PlatformEvent;
    expect(runAgent("risk", { events: [broken], config: defaultConfig("risk"), now })).toEqual([]);
  });
});

describe("lookbackMs", () => {
  it("reads at least twice every window an agent's rules use", () => {
    expect(lookbackMs("risk", defaultConfig("risk"))).toBe(2 * DAY);
    expect(
      lookbackMs("risk", { ...defaultConfig("risk"), organisationsWindowHours: 1, failureWindowMinutes: 600 }),
    ).toBe(20 * HOUR);
    expect(lookbackMs("compliance", defaultConfig("compliance"))).toBe(2 * DAY);
    expect(lookbackMs("onboarding", { stallDays: 10 })).toBe(20 * DAY);
    expect(lookbackMs("support", defaultConfig("support"))).toBe(DAY + HOUR);
  });
});
