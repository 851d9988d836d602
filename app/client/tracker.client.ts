import type { AnalyticsEvent } from "#core/analytics/event.ts";

/**
 * The browser side of visit tracking (spec 001 §3, §7): page views on every route change, clicks on
 * any element carrying a data-testid, form submits, downloads and frontend errors. A failed send
 * only warns in the console (spec 001 §8); tracking never breaks or slows the page.
 */
const SESSION_KEY = "identity.analytics.session";
const TEXT_LIMIT = 100; // spec 001 §9: clicked-text capture, 100 characters
const DOWNLOAD_EXTENSIONS = /\.(pdf|csv|zip|docx?|xlsx?|pptx?|json|png|jpe?g|mp3|ogg|opus)$/i;

function sessionId(): string | undefined {
  try {
    let id = sessionStorage.getItem(SESSION_KEY);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(SESSION_KEY, id);
    }
    return id;
  } catch {
    return undefined; // storage blocked: send without a session id
  }
}

export async function track(event: Omit<AnalyticsEvent, "sessionId">): Promise<void> {
  try {
    const response = await fetch("/api/analytics/track", {
      method: "POST",
      credentials: "include",
      // No keepalive: events are sent while the page lives, and Chromium never reports keepalive
      // requests as finished, which would hold pages "busy" for tools that wait for network idle.
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...event, sessionId: sessionId() }),
    });
    if (!response.ok) console.warn(`Analytics tracking failed: ${response.status}`);
  } catch (error) {
    console.warn("Analytics tracking failed:", error);
  }
}

/** A share link is a bearer secret for 24 hours (ADR 010): analytics keep the route, never the share id. */
function analyticsPage(pathname: string): string {
  return pathname.replace(/^\/verify\/[^/]+/, "/verify/:shareId");
}

export function trackPageView(page: string): void {
  void track({
    eventType: "page_view",
    eventCategory: "navigation",
    eventAction: "view_page",
    page: analyticsPage(page),
    metadata: { referrer: document.referrer.slice(0, 500) },
  });
}

const currentPage = () => analyticsPage(location.pathname);

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const tracked = target.closest<HTMLElement>("[data-testid]");
  if (tracked) {
    void track({
      eventCategory: "user_interaction",
      eventAction: "click",
      eventLabel: tracked.dataset.testid!.slice(0, 200),
      page: currentPage(),
      metadata: {
        elementType: tracked.tagName.toLowerCase(),
        text: (tracked.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, TEXT_LIMIT),
      },
    });
  }
  const link = target.closest<HTMLAnchorElement>("a[href]");
  if (link && (link.hasAttribute("download") || DOWNLOAD_EXTENSIONS.test(new URL(link.href, location.href).pathname))) {
    const path = new URL(link.href, location.href).pathname;
    void track({
      eventCategory: "user_interaction",
      eventAction: "download",
      eventLabel: path.slice(0, 200),
      page: currentPage(),
      metadata: { fileType: path.split(".").pop()?.toLowerCase() ?? "unknown" },
    });
  }
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (!form) return;
  const name = form.getAttribute("aria-label") ?? form.getAttribute("name") ?? form.id ?? "";
  void track({
    eventCategory: "user_interaction",
    eventAction: "form_submit",
    eventLabel: (name || new URL(form.action || location.href).pathname).slice(0, 200),
    page: currentPage(),
    // Whether the browser's own validation let it through (it does by the time submit fires).
    metadata: { success: !event.defaultPrevented },
  });
}

function reportError(message: string, stack: string | undefined): void {
  void track({
    eventCategory: "error",
    eventAction: "frontend_error",
    eventLabel: message.slice(0, 200),
    page: currentPage(),
    metadata: { message: message.slice(0, 500), stack: (stack ?? "").slice(0, 1500) },
  });
}

const onError = (event: ErrorEvent) =>
  reportError(event.message || "Script error", event.error instanceof Error ? event.error.stack : undefined);
const onRejection = (event: PromiseRejectionEvent) => {
  const reason = event.reason;
  reportError(
    reason instanceof Error ? reason.message : String(reason),
    reason instanceof Error ? reason.stack : undefined,
  );
};

/** Installs the global listeners once; returns the function that removes them. */
export function installTracking(): () => void {
  document.addEventListener("click", onClick, { capture: true });
  document.addEventListener("submit", onSubmit, { capture: true });
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    document.removeEventListener("click", onClick, { capture: true });
    document.removeEventListener("submit", onSubmit, { capture: true });
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
