import { inject, onTestFinished } from "vitest";
import type { StandInKind, StandInSeen } from "./database-stand-in-server.ts";

/**
 * A failing database of the test's own (./database-stand-in-server.ts), for workerd tests: point a
 * worker's LIBSQL_URL at `url` and it talks to it through the real libSQL client. Closed when the
 * test finishes. Use it with a short LIBSQL_DEADLINE_MS (`OUTAGE_DEADLINE_MS`): the deadline is
 * what is under test, so no test waits the production default.
 */
export interface DatabaseStandIn {
  url: string;
  /** What it has seen so far: requests, and batches among them. */
  seen(): Promise<StandInSeen>;
}

export { OUTAGE_DEADLINE_MS } from "./database-stand-in-deadline.ts";

export async function databaseStandIn(kind: StandInKind): Promise<DatabaseStandIn> {
  const broker = inject("databaseStandIns");
  const made = await fetch(`${broker}/stand-ins`, { method: "POST", body: JSON.stringify({ kind }) });
  if (made.status !== 201) throw new Error(`stand-in broker: ${made.status} ${await made.text()}`);
  const { id, url } = (await made.json()) as { id: string; url: string };
  onTestFinished(async () => {
    await (await fetch(`${broker}/stand-ins/${id}`, { method: "DELETE" })).arrayBuffer();
  });
  return {
    url,
    seen: async () => (await (await fetch(`${broker}/stand-ins/${id}`)).json()) as StandInSeen,
  };
}
