import { runInDurableObject } from "cloudflare:test";
import { afterEach } from "vitest";
import { assistedOffices, users, verificationRequests } from "#db/schema/index.ts";
import type { Clock } from "#server/worker/clock.ts";
import { db } from "#tests/support/workerd-database.ts";

/**
 * What the Durable Object tests share (test support: left out of the worker's build and type
 * project like every worker's test-support.ts). Time moves by an injected clock, never by
 * rewriting an object's stored state (docs/decisions/006-test-layout.md).
 */

/** A clock the test moves: the object reads it (the test and the object share one isolate). */
export class TestClock implements Clock {
  constructor(private at: number) {}
  now() {
    return this.at;
  }
  advance(ms: number) {
    this.at += ms;
  }
}

/**
 * The stubs a test file makes: push each one, and the alarms it left are deleted after every test
 * (alarms outlive the test that set them: workers-sdk#5388).
 */
export function stubsWithAlarmsCleared<Stub extends DurableObjectStub>(): Stub[] {
  const made: Stub[] = [];
  afterEach(async () => {
    for (const stub of made.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
  });
  return made;
}

/** A person of `role` with a name of their own (a users row that never signs in): `{ id, name }` as the objects record people. */
export async function testPerson(name: string, role = "operator") {
  const [row] = await db()
    .insert(users)
    .values({
      username: `${name.toLowerCase()}${crypto.randomUUID().slice(0, 10)}`,
      passwordHash: "not-used-to-sign-in",
      role,
      firstName: name,
    })
    .returning();
  return { id: row!.id, name };
}

/** An assisted-digital office of its own at `address` (its assisted_offices row). */
export async function testOffice(address: string) {
  const [row] = await db()
    .insert(assistedOffices)
    .values({ name: `Office ${crypto.randomUUID()}`, address })
    .returning();
  return row!;
}

/** The verification_requests row the verifier worker writes before it opens a PresentationRequest, asked by a verifier of its own. */
export async function requestRow(id: string, expiresAt: number) {
  const verifier = await testPerson("Verifier", "verifier");
  await db()
    .insert(verificationRequests)
    .values({
      id,
      verifierId: verifier.id,
      credentialType: "rtw",
      requestedAttributes: ["hasRightToWork"],
      purpose: "Hiring",
      nonce: crypto.randomUUID(),
      stateHash: crypto.randomUUID(),
      clientId: "verifier_attestation:https://identity.example/verifiers/test",
      expiresAt: new Date(expiresAt),
    });
}

/** When the object's alarm is set for (null: none). */
export const alarmAt = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
