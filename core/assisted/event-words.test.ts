import { describe, expect, it } from "vitest";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { eventText } from "./event-words.ts";
import {
  type AssistedSession,
  advance,
  decideApproval,
  linkClient,
  markRawDataPurged,
  newSession,
  type Person,
  recordDocument,
  recordIssuance,
  recordVisualMatch,
  requestApproval,
  SESSION_EVENT_KINDS,
  setStatus,
} from "./session.ts";

const operator: Person = { id: "00000000-0000-4000-8000-000000000001", name: "Olwen Operator" };
const supervisor: Person = { id: "00000000-0000-4000-8000-000000000002", name: "Siân Supervisor" };
const now = new Date("2026-11-29T10:00:00Z");
const client = { userId: "00000000-0000-4000-8000-000000000003", username: "margaret", name: "Margaret Tester" };
const passport = {
  type: "passport" as const,
  numberLast4: "6789",
  expiryDate: "2031-01-31",
  authorityRecordIds: [] as string[],
};

/** Sessions whose events, between them, are of every kind the rules record. */
function sessions(): AssistedSession[] {
  let first = newSession({
    id: "s1",
    officeId: "o1",
    operator,
    now,
    clientName: "Margaret Tester",
    assistanceType: "Digital Identity Setup",
  });
  first = linkClient(first, { ...client, createdHere: false }, operator, now);
  first = setStatus(first, "paused", operator, now);
  first = setStatus(first, "active", operator, now);
  first = advance(first, 2, operator, now);
  first = recordDocument(first, { ...passport, hasImage: true }, operator, now);
  first = requestApproval(first, { id: "a1", actor: operator }, now);
  first = decideApproval(first, { approvalId: "a1", decision: "approved", reason: "Genuine", supervisor }, now);
  // A new document after approval voids it.
  first = recordDocument(first, { ...passport, type: "driving-licence", hasImage: false }, operator, now);
  first = requestApproval(first, { id: "a2", actor: operator }, now);
  first = decideApproval(first, { approvalId: "a2", decision: "approved", reason: "Checked", supervisor }, now);
  first = advance(first, 3, operator, now);
  first = recordVisualMatch(first, { matched: true, notes: "" }, operator, now);
  first = advance(first, 4, operator, now);
  first = recordIssuance(
    first,
    { credentialTypes: ["rtw", "dbs"], delivery: "paper", paperCredentialIds: ["p1", "p2"] },
    operator,
    now,
  );
  first = markRawDataPurged(first, now);
  first = setStatus(first, "completed", operator, now);

  let second = newSession({ id: "s2", officeId: "o1", operator, now, clientName: "أحمد", assistanceType: "Help" });
  second = linkClient(second, { ...client, createdHere: true }, operator, now);
  second = advance(second, 2, operator, now);
  second = recordDocument(second, { ...passport, type: "brp", hasImage: false }, operator, now);
  second = requestApproval(second, { id: "a3", actor: operator }, now);
  second = decideApproval(second, { approvalId: "a3", decision: "denied", reason: "Photo unclear", supervisor }, now);
  let third = newSession({ id: "s3", officeId: "o1", operator, now, clientName: "X", assistanceType: "Help" });
  third = linkClient(third, { ...client, createdHere: false }, operator, now);
  third = advance(third, 2, operator, now);
  third = recordDocument(third, { ...passport, hasImage: false }, operator, now);
  third = requestApproval(third, { id: "a4", actor: operator }, now);
  third = decideApproval(third, { approvalId: "a4", decision: "approved", reason: "OK", supervisor }, now);
  third = advance(third, 3, operator, now);
  third = recordVisualMatch(third, { matched: false, notes: "Does not look like the photo" }, operator, now);
  third = setStatus(third, "completed", operator, now);
  let fourth = newSession({ id: "s4", officeId: "o1", operator, now, clientName: "Y", assistanceType: "Help" });
  fourth = { ...fourth, currentStep: 4, client: { ...client, createdHere: false } };
  fourth = recordIssuance(
    fourth,
    { credentialTypes: ["driving_licence"], delivery: "wallet", paperCredentialIds: [] },
    operator,
    now,
  );
  let fifth = newSession({ id: "s5", officeId: "o1", operator, now, clientName: "Z", assistanceType: "Help" });
  fifth = { ...fifth, currentStep: 4, client: { ...client, createdHere: false } };
  fifth = recordIssuance(
    fifth,
    { credentialTypes: ["rtw", "dbs"], delivery: "app", paperCredentialIds: [] },
    operator,
    now,
  );
  return [first, second, third, fourth, fifth];
}

const asIs = (isoDate: string) => isoDate;

describe("the activity log's words (ADR 046)", () => {
  const events = sessions().flatMap((session) => session.events);

  it("gives every event the rules record a kind, of every kind there is", () => {
    for (const event of events) expect(event.words, event.type).toBeDefined();
    expect(new Set(events.map((event) => event.words?.kind))).toEqual(new Set(SESSION_EVENT_KINDS));
  });

  it("words each event, from its kind and values, as exactly the English the rules store", () => {
    const english = serverIntl("en");
    for (const event of events)
      expect(eventText(english, event.words, asIs)).toEqual({ type: event.type, detail: event.detail });
  });

  it("words each event in Welsh, keeping what was typed as it was typed", () => {
    const welsh = serverIntl("cy");
    const cy = (kind: string) =>
      eventText(welsh, events.find((event) => event.words?.kind === kind)?.words, (date) => `[${date}]`);
    for (const kind of SESSION_EVENT_KINDS)
      expect(cy(kind)?.type).not.toBe(
        eventText(serverIntl("en"), events.find((event) => event.words?.kind === kind)?.words, asIs)?.type,
      );
    expect(cy("sessionStarted")).toEqual({
      type: "Sesiwn wedi dechrau",
      detail: "Digital Identity Setup ar gyfer Margaret Tester",
    });
    expect(cy("approvalRequested")).toEqual({ type: "Gofynnwyd am gymeradwyaeth", detail: "Cam 2: Dogfen hunaniaeth" });
    expect(cy("stepCompleted")?.detail).toBe("Cam 1 wedi'i wneud; nesaf: Dogfen hunaniaeth");
    expect(cy("documentRecorded")?.detail).toBe(
      "Pasbort y DU yn gorffen â 6789, yn dod i ben [2031-01-31], delwedd wedi'i chipio",
    );
    expect(cy("approvalGiven")?.detail).toBe("Genuine");
    expect(cy("visualMatchConfirmed")?.detail).toBe("Dim nodiadau");
    expect(cy("credentialsIssued")?.detail).toMatch(/ \(ar bapur\)$/);
    expect(cy("credentialsOffered")?.detail).toMatch(/ \(2 wedi'u cynnig i ap waled y cleient\)$/);
    expect(cy("rawDataDeleted")?.detail).toBe("72 awr ar ôl cipio: rhif llawn y ddogfen ac unrhyw ddelwedd");
  });

  it("leaves an event without words, or of a kind it does not know, to its English", () => {
    const english = serverIntl("en");
    expect(eventText(english, undefined, asIs)).toBeNull();
    expect(eventText(english, { kind: "later" as never, values: {} }, asIs)).toBeNull();
  });
});
