import { describe, expect, it } from "vitest";
import { defaultConfig } from "#core/gabriel/agents.ts";
import { caseDescription } from "#core/gabriel/case-descriptions.ts";
import { CASE_TITLE_KINDS, caseTitle } from "#core/gabriel/case-titles.ts";
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
    event("verification_result", late, {
      credentialId: null,
      organisationId: null,
      checkType: null,
      mode: null,
      result: "STATUS_REVOKED",
    }),
    event("verification_request", late, {
      requestId: "req-3",
      organisationId: null,
      credentialType: "rtw",
      requestedAttributes: ["hasRightToWork", "given_name", "family_name", "shoe_size"],
      purpose: "",
    }),
    ...[0, 1].map((m) =>
      event("verification_result", late + m, {
        credentialId: null,
        organisationId: "org-9",
        checkType: "rtr",
        mode: "online",
        result: "VERIFIER_NOT_REGISTERED",
      }),
    ),
    event("assisted_event", late, { sessionId: "s-1", officeId: null, event: "Approval denied", detail: "No" }),
    ...[0, 1].map((m) =>
      event("assisted_event", late + m, {
        sessionId: "s-4",
        officeId: "office-7",
        event: "Approval denied",
        detail: "",
      }),
    ),
    event("assisted_event", 6 * 24 * 60 - 200, {
      sessionId: "s-5",
      officeId: "office-7",
      event: "Session started",
      detail: "",
    }),
    ...[0, 1, 2, 3, 4].map((m) =>
      event("server_error", late + m, { component: "db", errorType: null, message: "disk full" }),
    ),
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

describe("a review case's description", () => {
  const findings = everyFinding();
  const english = serverIntl("en");

  it("is raised with values by every rule, for every kind of case", () => {
    const kinds = findings.filter((f) => Object.keys(f.descriptionValues).length > 0).map((f) => f.titleWords.kind);
    expect(new Set(kinds)).toEqual(new Set(CASE_TITLE_KINDS));
  });

  it("reads in English exactly as the agent's English description, in every variant", () => {
    for (const finding of findings)
      expect(caseDescription(english, finding.titleWords.kind, finding.descriptionValues)).toBe(finding.description);
  });

  it("reads in Welsh around the data, which stays as it is", () => {
    const welsh = serverIntl("cy");
    const cy = (kind: string, has = (_: Finding) => true) => {
      const finding = findings.find((f) => f.titleWords.kind === kind && has(f))!;
      return caseDescription(welsh, finding.titleWords.kind, finding.descriptionValues);
    };
    expect(cy("repeatedFailures")).toBe(
      "Methodd tystlythyr cred-1 y gwiriad 3 gwaith rhwng 2026-05-07 08:35 UTC a 2026-05-07 08:37 UTC (BAD_SIGNATURE ×3), mewn 1 sefydliad. Efallai fod rhywun yn ceisio ei gamddefnyddio, neu fod angen help ar ei ddeiliad. Nid yw'r asiant wedi gweithredu: mae person yn penderfynu.",
    );
    expect(cy("stalledAccount")).toBe(
      "Gwnaed cyfrif user-stalled am 2026-05-01 10:05 UTC, a does dim tystlythyr wedi'i gyhoeddi iddo ers hynny. Wedi'i gofnodi ar gyfer y darlun cofrestru: does neb yn cael ei gysylltu a does dim yn cael ei newid.",
    );
    expect(cy("extraAttributes", (f) => f.caseId === "req-3")).toContain(
      "Gwnaeth gwiriwr heb sefydliad (cais req-3) un cais ar 2026-05-07 ar gyfer gwiriad Hawl i Weithio yn gofyn am Cyfenw (family_name), Enw cyntaf (given_name), nid yw'n briodoledd o'r gwiriad hwn (shoe_size), y tu hwnt i'r hyn y mae'r gwiriad yn ei ofyn fel arfer (Yr hawl i weithio yn y DU);",
    );
    expect(cy("approvalDenied", (f) => f.caseId === "s-4")).toContain(
      "Yn sesiwn â chymorth s-4 (swyddfa office-7), gwrthododd goruchwyliwr gymeradwyo'r ddogfen hunaniaeth a gofnodwyd 2 waith, yn fwyaf diweddar am 2026-05-07 08:36 UTC.",
    );
  });
});
