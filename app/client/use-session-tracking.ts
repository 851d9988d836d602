import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { ToastFn } from "#app/components/ui/toast.tsx";
import {
  countAction,
  countPageView,
  emergencyEnd,
  hasPendingData,
  SESSION_SYNC_INTERVAL_MS,
  type SyncOutcome,
  startSession,
  syncSession,
} from "./session-tracker.ts";

/** Spec 000 §8 sync toasts, for a sync the person asked for or is waiting on. */
function reportSync(outcome: SyncOutcome, toast: ToastFn): void {
  if (outcome === "saved") toast({ title: "Data Saved", description: "All your data has been successfully saved." });
  else if (outcome === "refused")
    toast({
      title: "Sync Warning",
      description: "Some data may not have been saved. Please try again.",
      variant: "destructive",
    });
  else if (outcome === "failed")
    toast({
      title: "Save Error",
      description: "Failed to save some data. Your session may not be fully synchronized.",
      variant: "destructive",
    });
}

/** What counts as an action: a press of a button or link, or a form sent. */
const ACTIONABLE = "a[href], button, [role='button'], input[type='submit']";

/**
 * The session lifecycle for the signed-in layout (mounted by the signed-in header, which renders
 * only for a signed-in person): start once per login, a page view per route, an action per press,
 * a sync every 30 s while data is pending (silent: a background sync never toasts), a silent sync
 * when the tab is hidden, the unload beacon on pagehide. The one sync a person sees reported is
 * the one forced when the browser comes back online with data that could not be sent while
 * offline: they are told whether it was saved.
 */
export function useSessionTracking(toast: ToastFn): void {
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input: one page view per route change.
  useEffect(() => {
    countPageView();
  }, [pathname]);

  useEffect(() => {
    void startSession();
    const interval = setInterval(() => void syncSession(), SESSION_SYNC_INTERVAL_MS);
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest(ACTIONABLE)) countAction();
    };
    const onSubmit = () => countAction();
    const onHidden = () => {
      if (document.visibilityState === "hidden") void syncSession();
    };
    const onOnline = () => {
      if (hasPendingData()) void syncSession(true).then((outcome) => reportSync(outcome, toast));
    };
    const onPageHide = () => emergencyEnd();
    document.addEventListener("click", onClick, { capture: true });
    document.addEventListener("submit", onSubmit, { capture: true });
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("online", onOnline);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      clearInterval(interval);
      document.removeEventListener("click", onClick, { capture: true });
      document.removeEventListener("submit", onSubmit, { capture: true });
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [toast]);
}
