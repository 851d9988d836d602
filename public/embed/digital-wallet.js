/*
 * "Check with a digital wallet": the UK Digital Identity platform's embeddable button for an
 * organisation's own website (issue 23, docs/decisions/054). The organisation's server creates a
 * verification request through the Verifier API and puts its Digital Credentials API address on a
 * button of its own page, worded in its own language:
 *
 *   <button type="button" data-dc-api-request="https://PLATFORM/api/presentations/requests/ID/dc-api">…</button>
 *   <script src="https://PLATFORM/embed/digital-wallet.js" defer></script>
 *
 * A press asks the device's wallet app through navigator.credentials.get and posts its answer to
 * the platform, which judges it (the website must be one the organisation registered: its origin
 * is in the request's expected_origins). The organisation's server reads the result through the
 * Verifier API, as for any request. The page hears what happened as events on the button:
 *   digital-wallet:unavailable   this browser has no Digital Credentials API (the button is hidden:
 *                                show the request's QR code instead)
 *   digital-wallet:outcome       detail.kind: "shared" | "refused" (detail.reason: the platform's
 *                                reason code) | "cancelled" | "failed"
 * The script writes no words of its own: the page's words stay the organisation's.
 */
(() => {
  const script = document.currentScript;
  const platform = script instanceof HTMLScriptElement ? new URL(script.src).origin : location.origin;
  const available = "DigitalCredential" in window && Boolean(navigator.credentials);

  /** The request's DC API address, only on this script's own platform. */
  function requestAddress(button) {
    try {
      const url = new URL(button.getAttribute("data-dc-api-request") || "", platform);
      return url.origin === platform && /^\/api\/presentations\/requests\/[0-9a-f-]{36}\/dc-api$/.test(url.pathname)
        ? url.href
        : undefined;
    } catch {
      return undefined;
    }
  }

  async function ask(address) {
    let request;
    try {
      const response = await fetch(address, { credentials: "omit", cache: "no-store" });
      if (!response.ok) return { kind: "failed" };
      request = await response.json();
    } catch {
      return { kind: "failed" };
    }
    let credential;
    try {
      credential = await navigator.credentials.get({ digital: { requests: [request] } });
    } catch (error) {
      return error instanceof DOMException && (error.name === "NotAllowedError" || error.name === "AbortError")
        ? { kind: "cancelled" }
        : { kind: "failed" };
    }
    if (!credential) return { kind: "cancelled" };
    try {
      const posted = await fetch(address, {
        method: "POST",
        credentials: "omit",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ protocol: credential.protocol, data: credential.data }),
      });
      if (posted.ok) return { kind: "shared" };
      const body = await posted.json().catch(() => ({}));
      return typeof body.reason === "string" ? { kind: "refused", reason: body.reason } : { kind: "failed" };
    } catch {
      return { kind: "failed" };
    }
  }

  const tell = (button, name, detail) =>
    button.dispatchEvent(new CustomEvent(`digital-wallet:${name}`, { bubbles: true, detail }));

  function attach(button) {
    const address = requestAddress(button);
    if (!available || !address) {
      button.hidden = true;
      tell(button, "unavailable", {});
      return;
    }
    button.addEventListener("click", async () => {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      const outcome = await ask(address);
      button.removeAttribute("aria-busy");
      // Answered: the request has ended, so the button has nothing more to do.
      button.disabled = outcome.kind === "shared";
      tell(button, "outcome", outcome);
    });
  }

  const start = () => document.querySelectorAll("button[data-dc-api-request]").forEach(attach);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
