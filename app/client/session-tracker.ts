/**
 * The browser side of the client session lifecycle (spec 000 §4, §7, §9): started once after
 * login, page views and actions counted in sessionStorage, synced every 30,000 ms only while
 * there is pending data (a page view or action since the last sync) or when forced, ended before
 * sign out, and ended by a beacon when the page unloads. The server keeps one user_sessions row
 * per login (server/analytics/sessions.ts); every call is safe to repeat.
 */
import { reduceUserAgent } from "#core/analytics/user-agent.ts";

/** Spec 000 §9: sync every 30,000 ms while there is pending data. */
export const SESSION_SYNC_INTERVAL_MS = 30_000;

const KEY = "identity.session";
const KEYS = {
  /** Set once the server has the start for this login; cleared on sign out and when the page unloads. */
  started: `${KEY}.started`,
  startedAt: `${KEY}.startedAt`,
  pageViews: `${KEY}.pageViews`,
  actions: `${KEY}.actions`,
  lastSyncTime: `${KEY}.lastSyncTime`,
  /** Page views or actions not yet sent. */
  pending: `${KEY}.pending`,
} as const;

/** The server refuses longer sessions (a login lasts at most 12 hours). */
const MAX_SECONDS = 12 * 60 * 60;

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null; // storage blocked: tracking simply has less to say
  }
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // storage blocked
  }
}

const readCount = (key: string) => Number.parseInt(read(key) ?? "0", 10) || 0;

function startedAt(): number {
  const stored = Number(read(KEYS.startedAt));
  if (stored > 0) return stored;
  const now = Date.now();
  write(KEYS.startedAt, String(now));
  return now;
}

const durationSeconds = () => Math.min(MAX_SECONDS, Math.max(0, Math.round((Date.now() - startedAt()) / 1000)));

const pageViews = () => readCount(KEYS.pageViews);
export const hasPendingData = () => read(KEYS.pending) === "1";

export function countPageView(): void {
  write(KEYS.pageViews, String(pageViews() + 1));
  write(KEYS.pending, "1");
}

export function countAction(): void {
  write(KEYS.actions, String(readCount(KEYS.actions) + 1));
  write(KEYS.pending, "1");
}

function post(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** POST /api/session/start once per login (per tab); a failure is retried on the next page load. */
export async function startSession(): Promise<void> {
  if (read(KEYS.started) === "1") return;
  startedAt();
  try {
    const response = await post("/api/session/start", {
      startTime: new Date().toISOString(),
      userAgent: navigator.userAgent.slice(0, 1000),
      referrer: document.referrer.slice(0, 2000),
      // The client's own reading (spec 000 §7); the server derives the same from the header and keeps its own.
      ...reduceUserAgent(navigator.userAgent),
    });
    if (response.ok) write(KEYS.started, "1");
    else console.warn(`Session start failed: ${response.status}`);
  } catch (error) {
    console.warn("Session start failed:", error);
  }
}

/** "saved": the server has everything; "nothing": no pending data and not forced; "refused": it answered, not OK; "failed": no answer. */
export type SyncOutcome = "saved" | "nothing" | "refused" | "failed";

let syncing: Promise<SyncOutcome> | null = null;

/** POST /api/session/sync when there is pending data, or whenever `force` is set. One at a time. */
export function syncSession(force = false): Promise<SyncOutcome> {
  if (!force && !hasPendingData()) return Promise.resolve("nothing");
  syncing ??= (async (): Promise<SyncOutcome> => {
    // Whatever happens after this point is pending again.
    write(KEYS.pending, "0");
    const duration = durationSeconds();
    try {
      const response = await post("/api/session/sync", {
        sessionData: { duration, lastActivity: new Date().toISOString(), pendingData: false },
        // Nothing a person typed is ever sent (server/analytics/sessions.ts SessionSyncBody).
        formData: {},
        sessionMetrics: {
          pageViews: pageViews(),
          timeSpent: duration,
          lastSyncTime: read(KEYS.lastSyncTime),
          actions: readCount(KEYS.actions),
        },
      });
      if (response.status === 401) {
        // The login has ended (idle timeout): its counts can no longer be saved; a new login starts afresh.
        forgetSession();
        return "refused";
      }
      if (!response.ok) {
        write(KEYS.pending, "1");
        return "refused";
      }
      write(KEYS.lastSyncTime, new Date().toISOString());
      return "saved";
    } catch {
      write(KEYS.pending, "1");
      return "failed";
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

/**
 * POST /api/session/end before sign out (spec 000 §7: it must succeed first): pending actions are
 * synced first, then the end carries the final duration and page views. Throws when the end was
 * not saved, so the caller keeps the person signed in. Answers "expired" when the login had
 * already ended (idle or absolute timeout): there is nothing left to save, and nobody to sign out.
 */
export async function endSession(): Promise<"ended" | "expired"> {
  if (hasPendingData()) await syncSession(true);
  const response = await post("/api/session/end", {
    endTime: new Date().toISOString(),
    duration: durationSeconds(),
    pageViews: pageViews(),
    finalSync: true,
  });
  if (response.status === 401) {
    forgetSession();
    return "expired";
  }
  if (!response.ok) throw new Error(`${response.status}: session end not saved`);
  write(KEYS.started, "0");
  write(KEYS.pending, "0");
  return "ended";
}

/**
 * The unload beacon (POST /api/session/emergency-end). A reload starts the session again, which
 * reopens the same row on the server; so the start mark is cleared here.
 */
export function emergencyEnd(): void {
  if (read(KEYS.started) !== "1") return;
  const body = JSON.stringify({ endTime: new Date().toISOString(), duration: durationSeconds(), unexpectedEnd: true });
  // A string is sent as text/plain: a simple request, which the endpoint reads as JSON.
  if (navigator.sendBeacon?.("/api/session/emergency-end", body)) write(KEYS.started, "0");
}

/** After sign out: the next login in this tab is a new session with its own counts. */
export function forgetSession(): void {
  try {
    for (const key of Object.values(KEYS)) sessionStorage.removeItem(key);
  } catch {
    // storage blocked
  }
}
