// What an outage of the database does to a running load (issue 20, ADR 032), part of
// `npm run bench -- security`. The stack's workers reach the database through a switch
// (databaseSwitch below, a loopback HTTP proxy in front of the local libSQL server); clients keep
// up a mixed load of reads, writes, public pages and a status list while the switch holds every
// database request unanswered, as a paused or partitioned server would, for BENCH_OUTAGE_SECONDS
// (60 by default), then lets it through again. The report: answers by status in each phase
// (before, during, after), the slowest answer, requests with no answer, how long recovery took,
// and what was lost: saves acknowledged (200) that the database does not hold.
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Client } from "@libsql/client";
import { createDb } from "#db/client.ts";
import type { Stack } from "#scripts/stack.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { aStatusList } from "#tests/support/status-list-fixtures.ts";

export interface DatabaseSwitch {
  url: string;
  /** Holds every database request from now on, unanswered (a paused server). */
  pause(): void;
  /** Lets requests through again; held requests whose caller is still waiting go through too. */
  resume(): void;
  /** Requests held while paused, and of them those whose caller had gone by the time it resumed. */
  held: { requests: number; abandoned: number };
  close(): Promise<void>;
}

/** Headers of the connection, not of the request: the forwarded request gets its own. */
const HOP_HEADERS = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

/** A loopback proxy to the database at `database` that the bench can pause. */
export async function databaseSwitch(database: string): Promise<DatabaseSwitch> {
  let paused = false;
  const waiting: (() => void)[] = [];
  const held = { requests: 0, abandoned: 0 };
  const target = new URL(database);
  // Streamed through kept-alive connections: the browser tests' stacks run every database request
  // through a switch, so it must cost next to nothing while it lets them through.
  const agent = new Agent({ keepAlive: true });
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      // Small (a pipeline of statements): read whole, so it can be sent again (below).
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      if (paused) {
        held.requests++;
        await new Promise<void>((resolve) => waiting.push(resolve));
        // The worker gave up at its deadline: a request nobody waits for is not run late.
        if (response.destroyed || request.socket.destroyed) {
          held.abandoned++;
          return;
        }
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === "string" && !HOP_HEADERS.has(name)) headers[name] = value;
      headers["content-length"] = String(body.length);
      const send = (again: boolean) => {
        const forwarded = httpRequest(
          { agent, host: target.hostname, port: target.port, method: request.method, path: request.url, headers },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, {
              "Content-Type": answer.headers["content-type"] ?? "text/plain",
            });
            answer.pipe(response);
          },
        );
        forwarded.on("error", (error: NodeJS.ErrnoException) => {
          // A kept-alive connection the database closed just as this request went out on it: the
          // request never arrived (Node's reusedSocket pattern), so it goes once more on a new one.
          if (again && forwarded.reusedSocket && error.code === "ECONNRESET") send(false);
          else response.destroy();
        });
        forwarded.end(body);
      };
      send(true);
    })().catch(() => response.destroy());
  });
  // Longer than a worker keeps an idle connection: the switch never closes one as a request arrives
  // on it, which the worker would see as "Network connection lost".
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const release of waiting.splice(0)) release();
    },
    held,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface OutageOptions {
  /** How long the database is away. */
  outageSeconds: number;
  /** Load before the outage, and after it ends. */
  beforeSeconds: number;
  afterSeconds: number;
  /** Clients keeping the load up, each signed in as a person of its own. */
  clients: number;
}

type Phase = "before" | "during" | "after";

interface PhaseResults {
  requests: number;
  byStatus: Record<string, number>;
  noAnswer: number;
  slowestMs: number;
  /** Answers per kind of request and status ("GET /wallet 503"). */
  byRequest: Record<string, number>;
}

export interface OutageResults {
  outageSeconds: number;
  clients: number;
  phases: Record<Phase, PhaseResults>;
  /** Seconds from the database coming back to the first signed-in read answered 200. */
  recoverySeconds: number | null;
  saves: { acknowledged: number; refused: number; recorded: number; lost: number; recordedThoughRefused: number };
  held: { requests: number; abandoned: number };
}

/** A request never answered within this counts as "no answer" (a hang). */
const NO_ANSWER_MS = 30_000;
const PASSWORD = `Outage ${crypto.randomUUID()}`;

interface LoadClient {
  userId: string;
  session: string;
  saves: { acknowledged: number; refused: number };
}

async function signedInClient(stack: Stack, index: number): Promise<LoadClient> {
  const username = `outage${index}${crypto.randomUUID().replace(/-/g, "").slice(0, 8)}`;
  const registered = await fetch(`${stack.url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: stack.url, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({
      username,
      email: `${username}@example.org`,
      password: PASSWORD,
      firstName: "Load",
      lastName: "Client",
    }),
  });
  if (registered.status !== 201)
    throw new Error(`registering a load client answered ${registered.status}: ${await registered.text()}`);
  const { id } = (await registered.json()) as { id: string };
  const session = registered.headers
    .getSetCookie()
    .map((header) => new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(header)?.[1])
    .find(Boolean);
  if (!session) throw new Error("registering a load client set no session");
  return { userId: id, session, saves: { acknowledged: 0, refused: 0 } };
}

/** One kind of request in the load: its label, and how to send it for `client` (its `n`th request). */
interface LoadRequest {
  label: string;
  send(stack: Stack, client: LoadClient, n: number, signal: AbortSignal): Promise<Response>;
}

function loadMix(statusListId: string): LoadRequest[] {
  const signedIn = (client: LoadClient) => ({ Cookie: `${SESSION_COOKIE}=${client.session}` });
  const get = (path: string, anonymous = false): LoadRequest => ({
    label: `GET ${path.replace(statusListId, "{id}")}`,
    send: (stack, client, _n, signal) =>
      fetch(stack.url + path, { headers: anonymous ? {} : signedIn(client), redirect: "manual", signal }),
  });
  return [
    get("/api/auth/user"),
    get("/api/wallet/credentials"),
    get("/wallet"),
    {
      // A save: one batch (the address and its Recent Activity line), acknowledged by a 200.
      label: "POST /profile",
      send: (stack, client, n, signal) =>
        fetch(`${stack.url}/profile`, {
          method: "POST",
          headers: {
            ...signedIn(client),
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: stack.url,
            "Sec-Fetch-Site": "same-origin",
          },
          body: new URLSearchParams({
            intent: "address",
            addressLine1: `${n} Outage Road`,
            town: "Leeds",
            postcode: "LS1 4AP",
          }).toString(),
          redirect: "manual",
          signal,
        }),
    },
    get("/", true),
    get(`/status/lists/${statusListId}`, true),
  ];
}

const emptyPhase = (): PhaseResults => ({ requests: 0, byStatus: {}, noAnswer: 0, slowestMs: 0, byRequest: {} });

/** Runs the load through an outage of the database behind `databaseSwitch`, and reports what it did. */
export async function benchOutage(
  stack: Stack,
  db: Client,
  database: DatabaseSwitch,
  options: OutageOptions,
): Promise<OutageResults> {
  const clients = await Promise.all(Array.from({ length: options.clients }, (_, i) => signedInClient(stack, i)));
  // Written straight to the database (not through the switch), published at the stack's https address.
  const direct = createDb({ LIBSQL_URL: stack.libsqlUrl, LIBSQL_AUTH_TOKEN: stack.libsqlAuthToken });
  const mix = loadMix(await aStatusList(direct, `https://${new URL(stack.url).host}`));
  const phases: Record<Phase, PhaseResults> = { before: emptyPhase(), during: emptyPhase(), after: emptyPhase() };
  let phase: Phase = "before";
  let resumedAt = 0;
  let recoveredAt = 0;
  let running = true;

  const loop = async (client: LoadClient, index: number) => {
    for (let n = index; running; n++) {
      const request = mix[n % mix.length]!;
      const during = phase;
      const started = performance.now();
      const results = phases[during];
      results.requests++;
      try {
        const response = await request.send(stack, client, n, AbortSignal.timeout(NO_ANSWER_MS));
        await response.arrayBuffer();
        const status = String(response.status);
        results.byStatus[status] = (results.byStatus[status] ?? 0) + 1;
        results.byRequest[`${request.label} ${status}`] = (results.byRequest[`${request.label} ${status}`] ?? 0) + 1;
        if (request.label === "POST /profile") {
          if (response.status === 200) client.saves.acknowledged++;
          else client.saves.refused++;
        }
        if (during === "after" && !recoveredAt && request.label === "GET /api/auth/user" && response.status === 200)
          recoveredAt = performance.now();
      } catch {
        results.noAnswer++;
        results.byRequest[`${request.label} no answer`] = (results.byRequest[`${request.label} no answer`] ?? 0) + 1;
        if (request.label === "POST /profile") client.saves.refused++;
      }
      results.slowestMs = Math.max(results.slowestMs, performance.now() - started);
    }
  };
  const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

  const loops = clients.map(loop);
  await sleep(options.beforeSeconds);
  phase = "during";
  database.pause();
  await sleep(options.outageSeconds);
  phase = "after";
  database.resume();
  resumedAt = performance.now();
  await sleep(options.afterSeconds);
  running = false;
  await Promise.all(loops);

  // Saves the database holds: each is one batch with one Recent Activity line of its own.
  let recorded = 0;
  let lost = 0;
  let recordedThoughRefused = 0;
  for (const client of clients) {
    const [row] = (
      await db.execute({
        sql: "select count(*) as n from wallet_events where user_id = ? and kind = 'profile_updated'",
        args: [client.userId],
      })
    ).rows;
    const held = Number(row?.n ?? 0);
    recorded += held;
    lost += Math.max(0, client.saves.acknowledged - held);
    recordedThoughRefused += Math.max(0, held - client.saves.acknowledged);
  }
  return {
    outageSeconds: options.outageSeconds,
    clients: options.clients,
    phases,
    recoverySeconds: recoveredAt ? (recoveredAt - resumedAt) / 1000 : null,
    saves: {
      acknowledged: clients.reduce((sum, c) => sum + c.saves.acknowledged, 0),
      refused: clients.reduce((sum, c) => sum + c.saves.refused, 0),
      recorded,
      lost,
      recordedThoughRefused,
    },
    held: { ...database.held },
  };
}

/** The report's lines, and whether the outage's targets were met. */
export function outageReport(r: OutageResults): { lines: string[]; missed: string[] } {
  const verdict = (met: boolean) => (met ? "met" : "NOT MET");
  const lines = [
    `\nDatabase outage: ${r.outageSeconds} s with every database request held unanswered, under a load of ${r.clients} signed-in clients`,
  ];
  for (const name of ["before", "during", "after"] as const) {
    const p = r.phases[name];
    const statuses = Object.entries(p.byStatus)
      .map(([status, count]) => `${status}×${count}`)
      .join(" ");
    lines.push(
      `  ${name.padEnd(6)}: ${p.requests} requests; ${statuses || "none answered"}; no answer ${p.noAnswer}; slowest ${(p.slowestMs / 1000).toFixed(1)} s`,
    );
    if (name === "during")
      for (const [label, count] of Object.entries(p.byRequest).sort()) lines.push(`           ${label} ×${count}`);
  }
  const s = r.saves;
  lines.push(
    `  saves: ${s.acknowledged} acknowledged (200), ${s.refused} refused; the database holds ${s.recorded}: lost ${s.lost}, written though refused ${s.recordedThoughRefused}`,
  );
  lines.push(
    `  database requests held while it was away: ${r.held.requests} (${r.held.abandoned} abandoned by their worker at the deadline, not run late)`,
  );
  lines.push(
    `  recovery: the first signed-in read answered 200 ${r.recoverySeconds === null ? "never" : `${r.recoverySeconds.toFixed(1)} s`} after the database came back`,
  );
  const fivexx = (p: PhaseResults) =>
    Object.entries(p.byStatus)
      .filter(([status]) => Number(status) >= 500 && status !== "503")
      .reduce((sum, [, count]) => sum + count, 0);
  const all = [r.phases.before, r.phases.during, r.phases.after];
  const otherServerErrors = all.reduce((sum, p) => sum + fivexx(p), 0);
  const noAnswer = all.reduce((sum, p) => sum + p.noAnswer, 0);
  lines.push(
    `  5xx other than 503: ${otherServerErrors} (target 0) ${verdict(otherServerErrors === 0)};  no answer: ${noAnswer} (target 0) ${verdict(noAnswer === 0)};  lost saves: ${s.lost} (target 0) ${verdict(s.lost === 0)};  recovered: ${verdict(r.recoverySeconds !== null)}`,
  );
  const missed = [
    otherServerErrors > 0 && `${otherServerErrors} answers 5xx other than 503 during the outage scenario`,
    noAnswer > 0 && `${noAnswer} requests unanswered during the outage scenario`,
    s.lost > 0 && `${s.lost} acknowledged saves lost`,
    r.recoverySeconds === null && "the load did not recover after the outage",
  ].filter((m): m is string => Boolean(m));
  return { lines, missed };
}
