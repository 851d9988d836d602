/**
 * Watching one verification request until it ends (issue 9; docs/decisions/016): a WebSocket to
 * /api/presentations/requests/{id}/live, where the request's Durable Object sends its state at
 * once and on every change (`{type: "state", id, status, result, expiresAt, attempts}`). If the socket cannot
 * open or closes before the request has ended, the portal polls GET /api/presentations/requests/{id}
 * every 3 s instead. Either way it stops at completed, declined, failed or expired.
 */

import { apiRequest, isUnauthorizedError } from "#app/client/api-client.ts";
import type { RequestView } from "#server/verification/api-schemas.ts";
import type { RequestSnapshot } from "#server/verification/request-state.ts";

/** How often the fallback asks. */
const POLL_INTERVAL_MS = 3000;
/** After the expiry passes with no word from the socket, ask once (the object's alarm may be late). */
const EXPIRY_GRACE_MS = 2000;

const ended = (snapshot: RequestSnapshot) => snapshot.status !== "pending";

function isSnapshot(value: unknown, id: string): value is RequestSnapshot {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<RequestSnapshot>;
  return v.id === id && typeof v.status === "string" && typeof v.expiresAt === "string";
}

interface WatchCallbacks {
  onSnapshot(snapshot: RequestSnapshot): void;
  /** The session has gone (401): the caller sends the person to sign in again. */
  onUnauthorized(error: unknown): void;
}

/** Starts watching request `id`; returns the function that stops it (socket closed, timers cleared). */
export function watchRequest(id: string, expiresAt: string, callbacks: WatchCallbacks): () => void {
  let stopped = false;
  let polling = false;
  let socket: WebSocket | null = null;
  let pollTimer: number | undefined;
  let expiryTimer: number | undefined;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    window.clearTimeout(pollTimer);
    window.clearTimeout(expiryTimer);
    const open = socket;
    socket = null;
    if (open && open.readyState <= WebSocket.OPEN) open.close(1000, "done");
  };

  const deliver = (snapshot: RequestSnapshot) => {
    if (stopped) return;
    callbacks.onSnapshot(snapshot);
    if (ended(snapshot)) stop();
  };

  /** One GET of the request's state. */
  const ask = async (): Promise<void> => {
    try {
      const response = await apiRequest("GET", `/api/presentations/requests/${id}`);
      // The request's view holds its snapshot (and what was asked, which the watcher does not need).
      const view = (await response.json()) as RequestView;
      if (isSnapshot(view, id)) deliver(view);
    } catch (error) {
      if (stopped) return;
      if (isUnauthorizedError(error)) {
        stop();
        callbacks.onUnauthorized(error);
      }
      // Anything else (the network, a 503): the next poll tries again.
    }
  };

  const poll = async () => {
    if (stopped) return;
    await ask();
    if (!stopped) pollTimer = window.setTimeout(() => void poll(), POLL_INTERVAL_MS);
  };

  /** The socket failed or closed before the request ended: poll from now on. */
  const fallBack = () => {
    socket = null;
    if (stopped || polling) return;
    polling = true;
    void poll();
  };

  expiryTimer = window.setTimeout(
    () => {
      if (!stopped && !polling) void ask();
    },
    Math.max(0, Date.parse(expiresAt) - Date.now()) + EXPIRY_GRACE_MS,
  );

  try {
    const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    const live = new WebSocket(`${protocol}//${window.location.host}/api/presentations/requests/${id}/live`);
    socket = live;
    live.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      try {
        const message: unknown = JSON.parse(event.data);
        if (
          message &&
          typeof message === "object" &&
          (message as { type?: unknown }).type === "state" &&
          isSnapshot(message, id)
        )
          deliver(message);
      } catch {
        // Not a message of ours: ignored.
      }
    };
    // An error is always followed by close; close before the end means falling back.
    live.onclose = () => {
      if (socket === live) fallBack();
    };
  } catch {
    fallBack();
  }

  return stop;
}
