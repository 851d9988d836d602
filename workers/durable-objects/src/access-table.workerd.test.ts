/// <reference types="vite/client" />
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AssistedSessionApi } from "#server/assisted/session-state.ts";
import { type BindingWorker, OBJECT_ENTRY_POINTS } from "#server/security/access/durable-objects.ts";
import { STATUS_ENDPOINTS } from "#server/security/access/status.ts";
import { VERIFIER_ENDPOINTS } from "#server/security/access/verifier.ts";
import { WEB_ENDPOINTS } from "#server/security/access/web.ts";
import { endpointKey } from "#server/security/access-table.ts";
import objectsWrangler from "#workers/durable-objects/wrangler.toml?raw";
import verifierWrangler from "#workers/verifier/wrangler.toml?raw";
import webWrangler from "/wrangler.toml?raw";
import { ClockedObject } from "./clocked-object.ts";
import type { DurableObjectsEnv } from "./env.ts";
import * as worker from "./index.ts";
import { stubsWithAlarmsCleared, testOffice, testPerson } from "./test-support.ts";

/**
 * The Durable Object entry points against the authorisation table (server/security/access/durable-objects.ts,
 * ADR 022): every method of every class has an entry, every caller the table names holds a binding
 * to the class, and nothing else reaches an object.
 */

type Constructor = abstract new (...args: never[]) => unknown;
/** The classes the worker exports (its default export is the 404 answer to everything else). */
const classes = Object.entries(worker).filter(([name]) => name !== "default") as [string, Constructor][];

/**
 * A class's own prototype methods: all RPC can reach (TypeScript's private and protected ones would be
 * listed too, being on the prototype like any other; `#private` ones are not, which is why helpers are).
 */
const ownMethods = (type: Constructor) =>
  Object.getOwnPropertyNames(type.prototype).filter(
    (name) =>
      name !== "constructor" && typeof Object.getOwnPropertyDescriptor(type.prototype, name)?.value === "function",
  );

/** The classes a worker's wrangler.toml binds ([[durable_objects.bindings]] class_name). */
const boundClasses = (toml: string) =>
  new Set(
    [...toml.matchAll(/\[\[durable_objects\.bindings\]\][^[]*?class_name\s*=\s*"([^"]+)"/g)].map((match) => match[1]!),
  );
const BINDINGS: Record<BindingWorker, Set<string>> = {
  web: boundClasses(webWrangler),
  verifier: boundClasses(verifierWrangler),
  "durable-objects": boundClasses(objectsWrangler),
};

const declared = new Map(OBJECT_ENTRY_POINTS.map((entry) => [`${entry.className}.${entry.method}`, entry]));

describe("the Durable Object entry points against the access table", () => {
  it("has an entry for every public method of every class, and no entry for a method that is gone", () => {
    const methods = [["ClockedObject", ClockedObject] as const, ...classes].flatMap(([name, type]) =>
      ownMethods(type).map((method) => `${name}.${method}`),
    );
    expect(
      methods.filter((method) => !declared.has(method)),
      "methods with no entry in server/security/access/durable-objects.ts",
    ).toEqual([]);
    expect(
      [...declared.keys()].filter((method) => !methods.includes(method)),
      "entries whose method is gone",
    ).toEqual([]);
    // Every object shares the base's entry points (its WebSocket close, its helpers).
    for (const [name, type] of classes) expect(type.prototype instanceof ClockedObject, name).toBe(true);
  });

  it("names as callers only workers that hold a binding to the class, and every worker that holds one", () => {
    for (const entry of OBJECT_ENTRY_POINTS) {
      for (const caller of entry.callers)
        expect(
          BINDINGS[caller.worker].has(entry.className),
          `${entry.className}.${entry.method}: ${caller.worker} has no binding`,
        ).toBe(true);
    }
    for (const holder of ["web", "verifier"] as const) {
      for (const className of BINDINGS[holder]) {
        expect(
          OBJECT_ENTRY_POINTS.some(
            (entry) => entry.className === className && entry.callers.some((caller) => caller.worker === holder),
          ),
          `${holder} binds ${className}`,
        ).toBe(true);
      }
    }
  });

  it("traces every call to an endpoint of the table, the web worker's entry, or another object's method", () => {
    const endpoints = new Set([...WEB_ENDPOINTS, ...VERIFIER_ENDPOINTS, ...STATUS_ENDPOINTS].map(endpointKey));
    const unknown = OBJECT_ENTRY_POINTS.flatMap((entry) =>
      entry.callers.flatMap((caller) =>
        caller.via.filter((via) => via !== "entry" && !endpoints.has(via) && !declared.has(via)),
      ),
    );
    expect(unknown).toEqual([]);
    // An entry point someone calls says what they checked; only the runtime and the class itself call the rest.
    for (const entry of OBJECT_ENTRY_POINTS) {
      if (entry.kind === "rpc" || entry.kind === "fetch")
        expect(entry.callers.length > 0 || Boolean(entry.note), `${entry.className}.${entry.method}`).toBe(true);
      else expect(entry.callers, `${entry.className}.${entry.method}`).toEqual([]);
    }
  });
});

const bindings = env as unknown as DurableObjectsEnv & { ASSISTED_SESSIONS: DurableObjectNamespace };
const made = stubsWithAlarmsCleared();

describe("reaching an object", () => {
  it("is refused to the Internet: the objects' worker answers 404 to any request", async () => {
    for (const path of ["/", "/live", "/gabriel", "/assisted/live"])
      expect((await SELF.fetch(`https://objects.example${path}`)).status, path).toBe(404);
  });

  it("does not answer a class's helpers over RPC: they are ECMAScript-private (or instance fields), off the prototype", async () => {
    const stub = bindings.ASSISTED_SESSIONS.get(
      bindings.ASSISTED_SESSIONS.idFromName(crypto.randomUUID()),
    ) as unknown as { load: Promise<unknown>; watchers: Promise<unknown> };
    // Each refusal below also prints an "uncaught exception ... Uncaught (in promise)" line: the test
    // pool's object wrapper reads the property eagerly, inside the object, and the rejection reaches
    // this isolate a turn later. Calling it as a method (`stub.load()`) is worse: vitest then counts
    // two unhandled rejections. The lines are expected; the assertions are what count.
    // TypeScript's `private load()` was answered here (undefined: an object holding no session); `#load()` is not.
    await expect((async () => await stub.load)()).rejects.toThrow('does not implement "load"');
    // The consoles watching an object (whom a forged broadcast would reach) are an instance field: not on the prototype.
    await expect((async () => await stub.watchers)()).rejects.toThrow('prototype does not implement "watchers"');
  });

  it("answers an assisted session only within the caller's office: another office's scope sees nothing and changes nothing", async () => {
    const [office, other] = [await testOffice("1 Probe Street"), await testOffice("2 Probe Street")];
    const person = await testPerson("Olu");
    const id = crypto.randomUUID();
    const stub = bindings.ASSISTED_SESSIONS.get(bindings.ASSISTED_SESSIONS.idFromName(id));
    made.push(stub);
    const api = stub as unknown as AssistedSessionApi;
    const created = await api.create({ id, officeId: office.id, operator: person });

    const outside = { officeId: other.id };
    expect(await api.view(outside)).toBeNull();
    expect(await api.apply({ type: "status", status: "paused", actor: person }, outside)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      (
        await stub.fetch(`https://assisted.internal/live?role=supervisor&office=${other.id}`, {
          headers: { Upgrade: "websocket" },
        })
      ).status,
    ).toBe(404);
    expect(await api.view({ officeId: office.id })).toEqual(created);
  });
});
