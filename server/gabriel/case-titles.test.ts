import { describe, expect, it } from "vitest";
import { defaultConfig } from "#core/gabriel/agents.ts";
import { caseTitle } from "#core/gabriel/case-titles.ts";
import type { Finding, PlatformEvent, PlatformEventData } from "#core/gabriel/events.ts";
import { RULES } from "#core/gabriel/rules.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";

/**
 * Review cases' titles (issue 21): raised as a kind and values, worded when a page is made. In
 * English they read exactly as the agents' English titles (the audit trail's, the spec's); in
 * Welsh they are Welsh, with Welsh plurals.
 */
const T0 = Date.parse("2026-05-01T10:05:00.000Z");
const MINUTE = 60_000;
let counter = 0;
function event<K extends keyof PlatformEventData>(kind: K, minutes: number, data: PlatformEventData[K]): PlatformEvent {
  counter += 1;
  return { id: `${kind}:${counter}`, kind, at: new Date(T0 + minutes * MINUTE).toISOString(), data } as PlatformEvent;
}

/** Events that make every rule raise a finding, and the run's time. */
function everyFinding(): Finding[] {
  const now = new Date(T0 + 6 * 24 * 60 * MINUTE);
  const late = 6 * 24 * 60 - 90;
  const events: PlatformEvent[] = [
    event("registration", 0, { userId: "user-stalled" }),
    ...[0, 1, 2].map((m) =>
      event("verification_result", late + m, {
        credentialId: "cred-1",
        organisationId: "org-1",
        checkType: "rtw",
        mode: "online",
        result: "BAD_SIGNATURE",
      }),
    ),
    ...[0, 1, 2, 3, 4].map((m) =>
      event("verification_result", late + m, {
        credentialId: "cred-2",
        organisationId: `org-${m}`,
        checkType: "rtw",
        mode: "online",
        result: "valid",
      }),
    ),
    event("verification_result", late, {
      credentialId: "cred-3",
      organisationId: "org-1",
      checkType: "rtw",
      mode: "online",
      result: "STATUS_REVOKED",
    }),
    ...Array.from({ length: 10 }, (_, m) =>
      event("sign_in_failure", late + m, { userId: "user-1", reason: "bad-password" }),
    ),
    event("verification_request", late, {
      requestId: "req-1",
      organisationId: "org-1",
      credentialType: "rtw",
      requestedAttributes: ["hasRightToWork", "given_name"],
      purpose: "Hiring",
    }),
    event("verification_request", late, {
      requestId: "req-2",
      organisationId: "org-1",
      credentialType: "no-such-check",
      requestedAttributes: [],
      purpose: "Hiring",
    }),
    ...[0, 1, 2].map((m) =>
      event("verification_result", late + m, {
        credentialId: null,
        organisationId: "org-9",
        checkType: "dbs",
        mode: "online",
        result: "VERIFIER_NOT_REGISTERED",
      }),
    ),
    event("assisted_event", late, { sessionId: "s-1", officeId: null, event: "Approval denied", detail: "No" }),
    event("assisted_event", late, { sessionId: "s-2", officeId: null, event: "Visual match failed", detail: "" }),
    event("assisted_event", 6 * 24 * 60 - 200, {
      sessionId: "s-3",
      officeId: null,
      event: "Session started",
      detail: "",
    }),
    ...[0, 1, 2, 3, 4].map((m) =>
      event("server_error", late + m, { component: "web", errorType: "TypeError", message: "x is undefined" }),
    ),
  ];
  return Object.entries(RULES).flatMap(([type, rules]) =>
    Object.values(rules).flatMap((rule) =>
      (rule as (e: PlatformEvent[], c: unknown, n: Date) => Finding[])(
        events,
        defaultConfig(type as keyof typeof RULES),
        now,
      ),
    ),
  );
}

describe("a review case's title", () => {
  const findings = everyFinding();

  it("is raised with a kind by every rule", () => {
    expect(new Set(findings.map((finding) => finding.titleWords.kind))).toEqual(
      new Set([
        "repeatedFailures",
        "manyOrganisations",
        "revokedPresented",
        "signInFailures",
        "unknownCheck",
        "extraAttributes",
        "unregisteredChecks",
        "stalledAccount",
        "approvalDenied",
        "visualMismatch",
        "stuckSession",
        "recurringErrors",
      ]),
    );
  });

  it("reads in English exactly as the agent's English title", () => {
    for (const finding of findings) expect(caseTitle(serverIntl("en"), finding.titleWords)).toBe(finding.title);
  });

  it("reads in Welsh, with the period and the count worded in Welsh", () => {
    const welsh = serverIntl("cy");
    const cy = (kind: string) => caseTitle(welsh, findings.find((f) => f.titleWords.kind === kind)!.titleWords);
    expect(cy("repeatedFailures")).toBe("Methodd y tystlythyr y gwiriad 3 gwaith o fewn 1 awr");
    expect(cy("stalledAccount")).toBe("Does gan y cyfrif ddim tystlythyr 6 diwrnod ar ôl iddo gael ei greu");
    expect(cy("stuckSession")).toBe("Sesiwn â chymorth yn segur ers 3 awr");
    expect(caseTitle(welsh, { kind: "stalledAccount", values: { days: 2 } })).toBe(
      "Does gan y cyfrif ddim tystlythyr 2 ddiwrnod ar ôl iddo gael ei greu",
    );
  });
});
