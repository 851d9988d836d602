/**
 * The deadline (LIBSQL_DEADLINE_MS, in milliseconds) outage tests give a worker whose database is
 * a stand-in (./database-stand-in.ts; vitest.config.ts for the web project's objects with the
 * database down): the deadline is what is under test, so no test waits the production default.
 * A module of its own, imported both in workerd and by the config in Node.
 */
export const OUTAGE_DEADLINE_MS = 300;
