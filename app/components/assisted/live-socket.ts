/**
 * A console's live feed (issue 10): a WebSocket to one of the assisted API's /live paths that
 * comes back after a drop or a deploy. Each (re)open calls `onOpen`, where the console reads what
 * it may have missed; messages go to `onMessage` parsed. No polling: between drops the server
 * speaks first.
 */
import { useEffect, useRef } from "react";
import { ACCESS_CHANGED_CLOSE } from "#core/accounts/live.ts";

/** Waits between attempts after a drop: quick at first, then every 15 s at most. */
const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 15000];
/**
 * Attempts in a row that never opened before giving up: a refused upgrade (signed out, no longer
 * allowed) looks like a dropped line from here, and must not be retried for ever.
 */
const MAX_FAILED_OPENS = 8;

/** `M`: what the feed's server sends (its own messages; anything that is not JSON is ignored). */
interface LiveHandlers<M> {
  onMessage(message: M): void;
  /** Open (first time or again): read the state afresh. `again` is false the first time. */
  onOpen?(again: boolean): void;
  onConnectionChange?(connected: boolean): void;
  /** Given up after MAX_FAILED_OPENS attempts that never opened. */
  onGiveUp?(): void;
}

function openLiveSocket<M>(path: string, handlers: LiveHandlers<M>): () => void {
  let stopped = false;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let opened = false;
  let failedOpens = 0;
  let timer: number | undefined;

  const connect = () => {
    if (stopped) return;
    const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    const live = new WebSocket(`${protocol}//${window.location.host}${path}`);
    socket = live;
    let thisOpened = false;
    live.onopen = () => {
      thisOpened = true;
      attempt = 0;
      failedOpens = 0;
      handlers.onConnectionChange?.(true);
      handlers.onOpen?.(opened);
      opened = true;
    };
    live.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      try {
        const message: unknown = JSON.parse(event.data);
        if (message && typeof message === "object") handlers.onMessage(message as M);
      } catch {
        // Not a message of ours.
      }
    };
    live.onclose = (event) => {
      if (socket !== live || stopped) return;
      socket = null;
      handlers.onConnectionChange?.(false);
      // Signed out, or no longer allowed: reconnecting would only be refused.
      if (event.code === ACCESS_CHANGED_CLOSE || (!thisOpened && ++failedOpens >= MAX_FAILED_OPENS)) {
        handlers.onGiveUp?.();
        return;
      }
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
      attempt++;
      timer = window.setTimeout(connect, delay);
    };
  };
  connect();

  return () => {
    stopped = true;
    window.clearTimeout(timer);
    const open = socket;
    socket = null;
    if (open && open.readyState <= WebSocket.OPEN) open.close(1000, "done");
  };
}

/** The feed at `path` while it is not null; the handlers may change between renders. */
export function useLiveSocket<M>(path: string | null, handlers: LiveHandlers<M>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!path) return;
    return openLiveSocket<M>(path, {
      onMessage: (message) => latest.current.onMessage(message),
      onOpen: (again) => latest.current.onOpen?.(again),
      onConnectionChange: (connected) => latest.current.onConnectionChange?.(connected),
      onGiveUp: () => latest.current.onGiveUp?.(),
    });
  }, [path]);
}
