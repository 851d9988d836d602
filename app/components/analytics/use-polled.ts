import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, messageFor, throwIfResNotOk } from "#app/client/api-client.ts";
import { BACKGROUND_POLL_HEADER } from "#core/dashboard/background-poll.ts";

export interface Polled<T> {
  /** The newest answer, kept while the next one loads (a changed filter shows the old list until the new one comes). */
  data: T | null;
  /** The address `data` answered; differs from the asked one while a changed filter loads. */
  dataUrl: string | null;
  /** Why the last read failed, in the API's words; cleared by the next answer. */
  error: string | null;
  loading: boolean;
  /** Reads now (a person's request: measured like any other) and restarts the interval. */
  refresh: () => void;
  /** Changes the held answer at once, e.g. after a change the person made, before the next read confirms it. */
  update: (change: (data: T) => T) => void;
}

/**
 * Reads `url` now and again every `intervalMs` (spec 000 §7 and §9: the analytics calls' refresh
 * intervals), with chained timeouts so a slow answer never stacks requests. Reading pauses while
 * the browser tab is hidden and resumes, at once, when it is shown again. Reads the page makes by
 * itself carry X-Background-Poll, so they neither keep an unattended session alive nor count
 * among the response times the dashboard reports. A 401 means the session ended: the page's data
 * is read again, and its loader sends the person to sign in.
 */
export function usePolled<T>(url: string, intervalMs: number): Polled<T> {
  const [state, setState] = useState<{
    data: T | null;
    dataUrl: string | null;
    error: string | null;
    loading: boolean;
  }>({
    data: null,
    dataUrl: null,
    error: null,
    loading: true,
  });
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const readNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | undefined;

    const read = async (background: boolean) => {
      clearTimeout(timer);
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      setState((s) => ({ ...s, loading: true }));
      try {
        const response = await fetch(url, {
          credentials: "include",
          signal: controller.signal,
          headers: background
            ? { Accept: "application/json", [BACKGROUND_POLL_HEADER]: "1" }
            : { Accept: "application/json" },
        });
        await throwIfResNotOk(response);
        const data = (await response.json()) as T;
        if (stopped || controller.signal.aborted) return;
        setState({ data, dataUrl: url, error: null, loading: false });
      } catch (error) {
        if (stopped || controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          revalidate.current();
          return;
        }
        setState((s) => ({
          ...s,
          error: messageFor(error, error instanceof Error ? error.message : String(error)),
          loading: false,
        }));
      }
      if (!stopped && document.visibilityState === "visible") timer = setTimeout(() => void read(true), intervalMs);
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === "visible") void read(true);
      else clearTimeout(timer);
    };
    document.addEventListener("visibilitychange", onVisibilityChange);
    readNow.current = () => void read(false);
    void read(false);
    return () => {
      stopped = true;
      clearTimeout(timer);
      inFlight?.abort();
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [url, intervalMs]);

  const refresh = useCallback(() => readNow.current(), []);
  const update = useCallback(
    (change: (data: T) => T) => setState((s) => (s.data === null ? s : { ...s, data: change(s.data) })),
    [],
  );
  return { ...state, refresh, update };
}
