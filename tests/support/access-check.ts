import { getTableName, is, sql } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { ACTORS, type Actor, type Endpoint, type Outcome } from "#server/security/access-table.ts";

/**
 * How the access-table tests (server/security/access-table.ts) call an endpoint as each actor and
 * judge the answer against the table: shared by the web, verifier and status workers' tests, each
 * of which says how its requests are sent.
 */

/** Who is calling: a session cookie, an API key, or neither (anonymous). */
export interface Caller {
  cookie?: string;
  apiKey?: string;
  /** A new session of the same account, for a call that ends the session it is made with (sign out). */
  fresh?: () => Promise<Caller>;
}

/** One request to an endpoint, the same for every caller. */
export interface Probe {
  /** Defaults to the entry's method. */
  method?: string;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  /** A WebSocket handshake (a 101 is closed at once). */
  upgrade?: boolean;
  /** What allowed callers send instead, where the refused request would change state other test files share (pause every agent). */
  whenAllowed?: Omit<Probe, "whenAllowed" | "listed">;
  /** For an owner rule `list`: an id the owners' answers hold and the strangers' must not. */
  listed?: string;
  /** Each caller makes this call with a new session of their own (the call ends it). */
  freshSession?: boolean;
}

export type Send = (
  probe: Omit<Probe, "whenAllowed" | "listed" | "freshSession"> & { method: string },
  caller: Caller,
) => Promise<Response>;

/** The callers of one test file: each actor on the side that owns the probes' objects, and the same kinds on the other side. */
export interface Cast {
  actors: Readonly<Record<Actor, Caller>>;
  strangers: Readonly<Partial<Record<Actor, Caller>>>;
}

/** The refusals an entry declares: an allowed caller's answer must be none of them. */
function refusalsOf(endpoint: Endpoint): Set<Outcome> {
  const refusals = new Set<Outcome>(Object.values(endpoint.access).filter((outcome) => outcome !== "allowed"));
  if (typeof endpoint.owner?.refusal === "number") refusals.add(endpoint.owner.refusal);
  return refusals;
}

const location = (response: Response) => response.headers.get("Location") ?? "";
const isRedirectTo = (response: Response, target: "/login" | "/") =>
  [301, 302, 303, 307, 308].includes(response.status) &&
  (target === "/" ? location(response) === "/" : location(response).startsWith("/login"));

/** Whether `response` is what `outcome` declares. Never a 5xx, whatever was declared. */
function answers(outcome: Outcome, response: Response, refusals: ReadonlySet<Outcome>): boolean {
  if (response.status >= 500) return false;
  switch (outcome) {
    case "allowed":
      return (
        response.status !== 401 &&
        response.status !== 403 &&
        !refusals.has(response.status as Outcome) &&
        !isRedirectTo(response, "/login") &&
        !(refusals.has("to-home") && isRedirectTo(response, "/"))
      );
    case "to-login":
      return isRedirectTo(response, "/login");
    case "to-home":
      return isRedirectTo(response, "/");
    default:
      return response.status === outcome;
  }
}

const describeAnswer = (response: Response) =>
  `${response.status}${location(response) ? ` → ${location(response)}` : ""}`;

/** The body as text, and any WebSocket the answer opened closed, so no call leaves anything open. */
async function settle(response: Response): Promise<string> {
  if (response.webSocket) {
    response.webSocket.accept();
    response.webSocket.close(1000, "probe done");
    return "";
  }
  return response.text();
}

interface Call {
  who: string;
  caller: Caller;
  outcome: Outcome;
}

/**
 * Calls `endpoint` as every actor of `cast` (and as the strangers its owner rule names) with
 * `probe`, and returns what did not answer as declared: first every refused call at once, with
 * `state` read before and after (it must not change), then every allowed one. An empty list is a
 * pass.
 */
export async function checkEndpoint(
  endpoint: Endpoint,
  probe: Probe,
  cast: Cast,
  send: Send,
  state: (tables: readonly string[]) => Promise<string[]>,
): Promise<string[]> {
  const failures: string[] = [];
  const refusals = refusalsOf(endpoint);
  const owner = endpoint.owner;
  const calls: Call[] = ACTORS.map((actor) => ({
    who: actor,
    caller: cast.actors[actor],
    outcome: endpoint.access[actor],
  }));
  for (const actor of owner?.strangers ?? []) {
    const caller = cast.strangers[actor];
    if (!caller) {
      failures.push(`no stranger ${actor} in this test's cast`);
      continue;
    }
    calls.push({
      who: `${actor} of another ${actor === "citizen" ? "account" : actor === "operator" || actor === "supervisor" ? "office" : "organisation"}`,
      caller,
      outcome: owner!.refusal === "list" ? "allowed" : owner!.refusal,
    });
  }
  const { whenAllowed, listed, freshSession, ...request } = probe;
  const send1 = async ({ caller, outcome }: Call) => {
    const as = freshSession && caller.fresh ? await caller.fresh() : caller;
    const sent = outcome === "allowed" && whenAllowed ? whenAllowed : request;
    return send({ ...sent, method: sent.method ?? endpoint.method }, as);
  };
  const judge = async (call: Call, response: Response) => {
    const body = await settle(response);
    if (!answers(call.outcome, response, refusals))
      failures.push(
        `${call.who}: declared ${call.outcome}, answered ${describeAnswer(response)} ${body.slice(0, 200)}`,
      );
    return body;
  };

  const refused = calls.filter((call) => call.outcome !== "allowed");
  const tables = endpoint.writes ?? [];
  const before = refused.length && tables.length ? await state(tables) : null;
  await Promise.all(refused.map(async (call) => judge(call, await send1(call))));
  if (before) {
    const after = await state(tables);
    const change = describeChange(before, after);
    if (change) failures.push(`a refused call changed ${change}`);
  }

  const strangerKinds = new Set<string>(owner?.strangers ?? []);
  await Promise.all(
    calls
      .filter((call) => call.outcome === "allowed")
      .map(async (call) => {
        const body = await judge(call, await send1(call));
        if (!listed || owner?.refusal !== "list") return;
        // Owners see their own object listed; the other side never does.
        const isStranger = !(ACTORS as readonly string[]).includes(call.who);
        if (isStranger && body.includes(listed)) failures.push(`${call.who}: sees ${listed}, which is not theirs`);
        if (!isStranger && strangerKinds.has(call.who) && !body.includes(listed))
          failures.push(`${call.who}: does not see their own ${listed} (the probe proves nothing)`);
      }),
  );
  return failures;
}

/** What differs between two snapshots of rowsMentioning: each changed row's columns, rows added and rows gone. */
function describeChange(before: readonly string[], after: readonly string[]): string | null {
  const parse = (text: string) => {
    const space = text.indexOf(" ");
    const row = JSON.parse(text.slice(space + 1)) as Record<string, unknown>;
    return { key: `${text.slice(0, space)} ${String(Object.values(row)[0])}`, row };
  };
  const gone = new Map(before.filter((row) => !after.includes(row)).map((text) => [parse(text).key, parse(text)]));
  const changes: string[] = [];
  for (const text of after.filter((row) => !before.includes(row))) {
    const now = parse(text);
    const was = gone.get(now.key);
    gone.delete(now.key);
    if (!was) changes.push(`added ${text.slice(0, 300)}`);
    else
      changes.push(
        `${now.key}: ${Object.keys(now.row)
          .filter((column) => JSON.stringify(now.row[column]) !== JSON.stringify(was.row[column]))
          .map((column) => `${column} ${JSON.stringify(was.row[column])} → ${JSON.stringify(now.row[column])}`)
          .join(", ")}`,
      );
  }
  for (const key of gone.keys()) changes.push(`removed ${key}`);
  return changes.length ? changes.join("; ") : null;
}

/** Every table of the schema, by its SQL name. */
const TABLES: ReadonlyMap<string, SQLiteTable> = new Map(
  Object.values(schema as Record<string, unknown>)
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => [getTableName(table), table]),
);

/**
 * The rows of `tables` that mention any of `known` (the test file's own people and objects, and
 * the marker its request bodies carry), each as JSON, sorted. Other test files share the database
 * and write to the same tables meanwhile: only rows this file's callers could have touched count.
 */
async function rowsMentioning(db: Database, tables: readonly string[], known: readonly string[]): Promise<string[]> {
  const rows: string[] = [];
  for (const name of tables) {
    if (!TABLES.has(name)) throw new Error(`the access table names a table the schema does not have: ${name}`);
    const all = await db.all<Record<string, unknown>>(sql.raw(`select * from "${name}"`));
    for (const row of all) {
      const text = `${name} ${JSON.stringify(row)}`;
      if (known.some((id) => text.includes(id))) rows.push(text);
    }
  }
  return rows.sort();
}

/**
 * What one access-table test file writes, so its rows can be told from other files': a `marker`
 * carried by every body and name it writes, the ids of its people and objects (`remember` each as
 * it is made; it returns the id), and `rows`, the rows of `tables` that mention any of them (the
 * state a refused call must leave as it was).
 */
export function markedRows() {
  const marker = `access-probe-${crypto.randomUUID()}`;
  const known: string[] = [marker];
  return {
    marker,
    remember: (id: string) => {
      known.push(id);
      return id;
    },
    rows: (db: Database, tables: readonly string[]) => rowsMentioning(db, tables, known),
  };
}
