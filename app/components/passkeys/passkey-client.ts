/**
 * The browser's half of passkeys (ADR 021), with @simplewebauthn/browser: each ceremony asks the
 * server for options (and a ceremony id), runs navigator.credentials.create/get, and sends the
 * answer back with the ceremony id. Used by /profile (register) and /login (the button and the
 * username field's autofill).
 */

import type { IntlShape } from "@formatjs/intl";
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import { defineMessages } from "react-intl";
import { apiRequest } from "#app/client/api-client.ts";
import type { PublicUser } from "#core/accounts/users.ts";
import type { Ceremony, PasskeySummary } from "#server/accounts/passkeys.ts";

/**
 * Where passkeys work on this page: "ready", "unsupported" (the browser has no WebAuthn), "elsewhere"
 * (the page is open at another origin than the one passkeys belong to: locally, 127.0.0.1 rather than
 * localhost), or "unavailable" (the service has no passkey configuration).
 */
export type PasskeySupport = "ready" | "unsupported" | "elsewhere" | "unavailable";

export function passkeySupport(passkeyOrigin: string | null): PasskeySupport {
  if (!passkeyOrigin) return "unavailable";
  if (window.location.origin !== passkeyOrigin) return "elsewhere";
  return browserSupportsWebAuthn() ? "ready" : "unsupported";
}

/** Whether the browser offers passkeys in a username field's autofill (conditional mediation). */
export const supportsPasskeyAutofill = (): Promise<boolean> => browserSupportsWebAuthnAutofill();

/** The person closed the browser's passkey dialog, or it timed out: nothing to report as a fault. */
export function wasCancelled(error: unknown): boolean {
  const cause = error instanceof WebAuthnError ? (error.cause as Error | undefined) : error;
  const name = (cause as { name?: string } | undefined)?.name;
  return (
    name === "NotAllowedError" ||
    name === "AbortError" ||
    (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED")
  );
}

const messages = defineMessages({
  alreadyRegistered: {
    id: "accounts.passkey.alreadyRegistered",
    defaultMessage: "This device already has a passkey for your account.",
  },
  cancelled: { id: "accounts.passkey.cancelled", defaultMessage: "The passkey request was cancelled or timed out." },
  failed: { id: "accounts.passkey.browserFailed", defaultMessage: "This browser or device could not use a passkey." },
});

/**
 * A sentence for the person about a browser-side failure (the server's own refusals carry their
 * message), in the page's language.
 */
export function browserFailureMessage(error: unknown, intl: Pick<IntlShape, "formatMessage">): string {
  const words =
    error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"
      ? messages.alreadyRegistered
      : wasCancelled(error)
        ? messages.cancelled
        : messages.failed;
  return intl.formatMessage(words);
}

/** Adds a passkey named `name` to the signed-in person's account. */
export async function registerPasskey(name: string): Promise<PasskeySummary> {
  const started = (await (
    await apiRequest("POST", "/api/auth/passkey/register/options", {})
  ).json()) as Ceremony<PublicKeyCredentialCreationOptionsJSON>;
  const response = await startRegistration({ optionsJSON: started.options });
  const answer = await apiRequest("POST", "/api/auth/passkey/register/verify", {
    ceremonyId: started.ceremonyId,
    name,
    response,
  });
  return (await answer.json()) as PasskeySummary;
}

/**
 * Signs in with a passkey: with `autofill`, waits for the person to pick one from the username
 * field's suggestions (resolving only then), else opens the browser's passkey dialog at once.
 */
export async function signInWithPasskey(options: { autofill: boolean }): Promise<PublicUser> {
  const started = (await (
    await apiRequest("POST", "/api/auth/passkey/login/options", {})
  ).json()) as Ceremony<PublicKeyCredentialRequestOptionsJSON>;
  const response = await startAuthentication({ optionsJSON: started.options, useBrowserAutofill: options.autofill });
  const answer = await apiRequest("POST", "/api/auth/passkey/login/verify", {
    ceremonyId: started.ceremonyId,
    response,
  });
  return (await answer.json()) as PublicUser;
}
