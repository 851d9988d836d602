import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { OUTAGE_DEADLINE_MS } from "./tests/support/database-stand-in-deadline.ts";
import { workerBindings } from "./tests/support/worker-bindings.ts";

/**
 * One vitest run, several projects (docs/decisions/006-test-layout.md):
 *  - web: the web worker inside workerd (SELF.fetch through Remix, service binding to the status
 *    worker, the Durable Object worker as an auxiliary), against a real local libSQL server;
 *  - durable-objects, status, verifier: each worker inside workerd (the verifier with the status
 *    and Durable Object workers as auxiliaries), against the same kind of local libSQL;
 *  - core-workerd: the pure core's tests inside workerd (the node project runs them in Node too);
 *  - node: the database layer, the local libSQL server, pure modules;
 *  - e2e: Debian's Chromium through playwright-core against the whole product (`npm start`'s stack).
 * Every project reuses its workers across files (isolate: false; ADR 025): each test owns its
 * data, clocks and limits, so no file needs a fresh module graph or runtime of its own.
 * File names say where a test runs: *.workerd.test.ts (workerd), *.test.ts (Node; under core/ in
 * workerd too, unless *.node.test.ts), tests/e2e/*.spec.ts.
 */
const compatibility = { compatibilityDate: "2026-10-01", compatibilityFlags: ["nodejs_compat"] };

/** What tests/support/libsql-global-setup.ts provides: a migrated, seeded database and the keys, each worker its own (ADR 028). */
type Inject = (key: never) => unknown;
const { databaseOnly, web: webBindings, status: statusBindings, verifier: verifierBindings } = workerBindings;

/** The auxiliary workers a worker under test reaches over bindings, pre-bundled by `npm run build`. */
const statusWorker = (inject: Inject) => ({
  name: "identity-status",
  modules: true,
  scriptPath: "./workers/status/dist/index.js",
  bindings: statusBindings(inject),
  ...compatibility,
});
const durableObjectsWorker = (inject: Inject) => ({
  name: "identity-durable-objects",
  modules: true,
  scriptPath: "./workers/durable-objects/dist/index.js",
  bindings: databaseOnly(inject),
  durableObjects: {
    LOGIN_THROTTLE: { className: "LoginThrottle", useSQLite: true },
    PRESENTATION_REQUESTS: { className: "PresentationRequest", useSQLite: true },
    ASSISTED_SESSIONS: { className: "AssistedSessionObject", useSQLite: true },
    ASSISTED_OFFICES: { className: "AssistedOffice", useSQLite: true },
    GABRIEL: { className: "GabrielOrchestrator", useSQLite: true },
    HOUSEKEEPER: { className: "Housekeeper", useSQLite: true },
  },
  ...compatibility,
});
/**
 * The same status worker reaching a database that never answers (tests/support/libsql-global-setup.ts),
 * with the outage tests' deadline: the verifier project binds it as STATUS_DATABASE_DOWN, which a
 * test hands the verifier in place of STATUS (workers/verifier/src/outage.workerd.test.ts, ADR 032).
 */
const statusWorkerWithDatabaseDown = (inject: Inject) => ({
  ...statusWorker(inject),
  name: "identity-status-database-down",
  bindings: {
    ...statusBindings(inject),
    LIBSQL_URL: inject("databaseDown" as never) as string,
    LIBSQL_DEADLINE_MS: String(OUTAGE_DEADLINE_MS),
  },
});
/**
 * The same objects reaching a database that never answers (tests/support/libsql-global-setup.ts),
 * with the outage tests' deadline: the web project binds one as GABRIEL_DATABASE_DOWN, which a test
 * hands the web worker in place of GABRIEL (app/worker/outage.workerd.test.ts, ADR 032).
 */
const durableObjectsWorkerWithDatabaseDown = (inject: Inject) => ({
  ...durableObjectsWorker(inject),
  name: "identity-durable-objects-database-down",
  bindings: {
    ...databaseOnly(inject),
    LIBSQL_URL: inject("databaseDown" as never) as string,
    LIBSQL_DEADLINE_MS: String(OUTAGE_DEADLINE_MS),
  },
});

export default defineConfig({
  test: {
    // Every core (vitest's default leaves one idle: a single worker on this 2-core machine).
    maxWorkers: "100%",
    // A time limit finds a test that hangs; it must not fail one that a busy shared machine makes
    // slow (a workerd test makes dozens of requests through several workers). Speed is measured
    // by `npm run bench`, never by a test's time limit.
    testTimeout: 30_000,
    // The same for a test that waits for something to happen (expect.poll): vitest's default of one
    // second fails a browser test whenever a busy machine takes a moment longer (a page's update, a
    // navigation). Waiting longer costs nothing when the thing happens at once.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // WEBAUTHN_ORIGIN: passkeys belong to the origin tests/support/web-client.ts calls (ADR 021).
              bindings: { ...webBindings(inject), WEBAUTHN_ORIGIN: "https://identity.example" },
              durableObjects: {
                GABRIEL_DATABASE_DOWN: {
                  className: "GabrielOrchestrator",
                  scriptName: "identity-durable-objects-database-down",
                },
              },
              workers: [
                statusWorker(inject),
                {
                  name: "identity-verifier",
                  modules: true,
                  scriptPath: "./workers/verifier/dist/index.js",
                  bindings: verifierBindings(inject),
                  serviceBindings: { STATUS: "identity-status" },
                  durableObjects: {
                    PRESENTATION_REQUESTS: { className: "PresentationRequest", scriptName: "identity-durable-objects" },
                  },
                  ...compatibility,
                },
                durableObjectsWorker(inject),
                durableObjectsWorkerWithDatabaseDown(inject),
              ],
            },
          })),
        ],
        ssr: { optimizeDeps: { include: ["@remix-run/cloudflare", "@remix-run/server-runtime"] } },
        test: {
          name: "web",
          isolate: false,
          // After the other workerd projects, not beside them: on a fresh clone (an empty module
          // cache) the web project running beside another lost files to "Message is too large"
          // (workerd's 8 MiB WebSocket message; ADR 025, amended 2026-11-29).
          sequence: { groupOrder: 1 },
          include: ["{app,server}/**/*.workerd.test.ts"],
          setupFiles: ["./tests/support/zod-own-words.ts"],
          globalSetup: ["./tests/support/libsql-global-setup.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./workers/durable-objects/wrangler.toml" },
            miniflare: { bindings: databaseOnly(inject) },
          })),
        ],
        test: {
          name: "durable-objects",
          isolate: false,
          include: ["workers/durable-objects/**/*.workerd.test.ts"],
          globalSetup: ["./tests/support/libsql-global-setup.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./workers/verifier/wrangler.toml" },
            miniflare: {
              bindings: verifierBindings(inject),
              serviceBindings: { STATUS_DATABASE_DOWN: "identity-status-database-down" },
              workers: [statusWorker(inject), statusWorkerWithDatabaseDown(inject), durableObjectsWorker(inject)],
            },
          })),
        ],
        test: {
          name: "verifier",
          isolate: false,
          setupFiles: ["./tests/support/zod-own-words.ts"],
          include: ["workers/verifier/**/*.workerd.test.ts"],
          globalSetup: ["./tests/support/libsql-global-setup.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./workers/status/wrangler.toml" },
            miniflare: { bindings: statusBindings(inject) },
          })),
        ],
        test: {
          name: "status",
          isolate: false,
          include: ["workers/status/**/*.workerd.test.ts"],
          globalSetup: ["./tests/support/libsql-global-setup.ts"],
        },
      },
      {
        // The core claims to run unchanged in the browser, workerd and Node: its tests run in both
        // runtimes (here in workerd, with no bindings; below in Node).
        plugins: [cloudflareTest({ miniflare: { ...compatibility } })],
        test: {
          name: "core-workerd",
          include: ["core/**/*.test.ts"],
          exclude: ["**/*.node.test.ts"],
          isolate: false,
          setupFiles: ["./tests/support/zod-own-words.ts"],
        },
      },
      {
        test: {
          name: "node",
          environment: "node",
          include: ["{app,core,server,db,workers,scripts,tests}/**/*.test.ts"],
          exclude: ["**/*.workerd.test.ts", "**/node_modules/**", "tests/e2e/**"],
          // Files share a worker (no fresh module graph per file; ADR 025). A file that mocks a
          // module imports what it tests afresh (vi.resetModules); the mocked package is inlined
          // so that its mock applies in a shared worker too.
          isolate: false,
          setupFiles: ["./tests/support/zod-own-words.ts"],
          server: { deps: { inline: ["@noble/hashes"] } },
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.spec.ts"],
          globalSetup: ["./tests/e2e/stack-global-setup.ts"],
          setupFiles: ["./tests/e2e/stack-ready.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files run in lanes, each lane's worker against a stack of its own (tests/e2e/lane.ts, ADR 025),
          // after every other project (a project of its own worker count needs a group of its own).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
