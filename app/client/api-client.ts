/**
 * The browser's calls to the JSON API (spec 000 §7): cookies always included, JSON bodies, and
 * every non-OK answer is an error whose message is "<status>: <body text or status text>"
 * (spec 000 §8, "Generic error text").
 */
import { defineMessages, type IntlShape } from "react-intl";
import type { ToastFn } from "#app/components/ui/toast.tsx";

/** Spec 000 §9: wait before sending an unauthorised user to sign in again. */
const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.bodyText = bodyText;
  }

  /** The `message` field of a JSON error body, which the API uses for user-facing reasons. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === "object" && "message" in parsed) {
        const message = (parsed as { message: unknown }).message;
        if (typeof message === "string" && message.trim()) return message;
      }
    } catch {
      // Not JSON: no structured message.
    }
    return undefined;
  }
}

export async function throwIfResNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => "");
  throw new ApiError(response.status, response.statusText, text);
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfResNotOk(response);
  return response;
}

/** The server's own explanation when it gave one, else the screen's fallback text (spec 000 §8). */
export function messageFor(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/** Spec 000 §8: the message form "401: ... Unauthorized". */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** The toasts' own words (spec 000 §8's English), in the page's language where the caller passes its `intl`. */
const toastWords = defineMessages({
  unauthorized: {
    id: "server.citizen.toast.unauthorized",
    defaultMessage: "Unauthorized",
    description: "Toast title: the person's session has ended and they must sign in again",
  },
  loggedOut: { id: "server.citizen.toast.loggedOut", defaultMessage: "You are logged out. Logging in again..." },
  validation: {
    id: "server.citizen.toast.validation",
    defaultMessage: "Validation Error",
    description: "Toast title: the service refused something the person typed",
  },
  error: {
    id: "server.citizen.toast.error",
    defaultMessage: "Error",
    description: "Toast title: a change could not be made",
  },
});

/**
 * Spec 000 §8 for mutations (issue, request creation, session create, decision): a 401 means the
 * session has gone, so say so and send the browser to sign in again; an input the server refused
 * (400) is "Validation Error" with its message; anything else is `title` ("Error", or the screen's
 * own, e.g. "Update Error" for a session update) with the server's own
 * sentence when it gave one, else the error's message ("<status>: <body>").
 */
export function handleMutationError(
  error: unknown,
  toast: ToastFn,
  /** The page's (useIntl()): the toasts' own words in the page's language (issue 21). */
  intl: Pick<IntlShape, "formatMessage">,
  { title, navigate = (url) => window.location.assign(url) }: { title?: string; navigate?: (url: string) => void } = {},
): void {
  if (isUnauthorizedError(error)) {
    toast({
      title: intl.formatMessage(toastWords.unauthorized),
      description: intl.formatMessage(toastWords.loggedOut),
      variant: "destructive",
    });
    setTimeout(() => navigate("/api/login"), UNAUTHORIZED_REDIRECT_DELAY_MS);
    return;
  }
  if (error instanceof ApiError && error.status === 400) {
    toast({
      title: intl.formatMessage(toastWords.validation),
      description: error.serverMessage ?? error.message,
      variant: "destructive",
    });
    return;
  }
  const serverMessage = error instanceof ApiError && error.status !== 401 ? error.serverMessage : undefined;
  toast({
    title: title ?? intl.formatMessage(toastWords.error),
    description: serverMessage ?? (error instanceof Error ? error.message : String(error)),
    variant: "destructive",
  });
}
