import { afterEach, describe, expect, it, vi } from "vitest";
import type { ToastOptions } from "#app/components/ui/toast.tsx";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { ApiError, apiRequest, handleMutationError, messageFor } from "./api-client.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch(response: Response) {
  const fetch = vi.fn(async () => response);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("apiRequest (spec 000 §7, §8)", () => {
  it("sends JSON with cookies included", async () => {
    const fetch = stubFetch(Response.json({ ok: true }));
    await apiRequest("POST", "/api/auth/login", { username: "a", password: "b" });
    expect(fetch).toHaveBeenCalledWith("/api/auth/login", {
      method: "POST",
      credentials: "include",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: '{"username":"a","password":"b"}',
    });
  });

  it("sends no body and no content type when there is no payload", async () => {
    const fetch = stubFetch(Response.json({}));
    await apiRequest("POST", "/api/auth/logout");
    expect(fetch).toHaveBeenCalledWith("/api/auth/logout", {
      method: "POST",
      credentials: "include",
      headers: { Accept: "application/json" },
      body: undefined,
    });
  });

  it("turns a non-OK answer into '<status>: <body>'", async () => {
    stubFetch(new Response('{"message":"Invalid username or password"}', { status: 401, statusText: "Unauthorized" }));
    const error = await apiRequest("POST", "/api/auth/login", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect((error as ApiError).serverMessage).toBe("Invalid username or password");
  });

  it("uses the status text when the body is empty", async () => {
    stubFetch(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    const error = (await apiRequest("GET", "/x").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("503: Service Unavailable");
    expect(messageFor(error, "fallback")).toBe("fallback");
  });

  it("falls back when the failure is not an answer from the server", () => {
    expect(messageFor(new TypeError("Failed to fetch"), "Invalid username or password. Please try again.")).toBe(
      "Invalid username or password. Please try again.",
    );
  });
});

describe("handleMutationError (spec 000 §8)", () => {
  /** The page's formatter on an English page (the spec's words). */
  const english = serverIntl("en");

  it("on '401: ... Unauthorized' says so and goes to /api/login after 500 ms", () => {
    vi.useFakeTimers();
    const toasts: ToastOptions[] = [];
    const navigate = vi.fn();
    const toast = (t: ToastOptions) => {
      toasts.push(t);
      return { id: 1, dismiss: () => undefined };
    };
    handleMutationError(new ApiError(401, "Unauthorized", '{"message":"Unauthorized"}'), toast, english, { navigate });
    expect(toasts).toEqual([
      { title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" },
    ]);
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith("/api/login");
  });

  /** The toasts `errors` raise, and whether anybody was sent to sign in. */
  function shown(errors: ApiError[], title?: string) {
    const toasts: ToastOptions[] = [];
    const navigate = vi.fn();
    for (const error of errors)
      handleMutationError(
        error,
        (t) => {
          toasts.push(t);
          return { id: toasts.length, dismiss: () => undefined };
        },
        english,
        { navigate, title },
      );
    return { toasts, navigated: navigate.mock.calls.length > 0 };
  }

  it("says its own titles in the page's language when the caller gives the page's formatter (issue 21)", () => {
    vi.useFakeTimers();
    const toasts: ToastOptions[] = [];
    const toast = (t: ToastOptions) => {
      toasts.push(t);
      return { id: toasts.length, dismiss: () => undefined };
    };
    const welsh = serverIntl("cy");
    handleMutationError(new ApiError(401, "Unauthorized", ""), toast, welsh, { navigate: vi.fn() });
    handleMutationError(new ApiError(400, "Bad Request", '{"message":"Mae angen hwn"}'), toast, welsh);
    handleMutationError(new ApiError(409, "Conflict", '{"message":"Nid oes modd"}'), toast, welsh);
    expect(toasts).toEqual([
      {
        title: "Heb awdurdod",
        description: "Rydych wedi allgofnodi. Yn eich mewngofnodi eto...",
        variant: "destructive",
      },
      { title: "Gwall dilysu", description: "Mae angen hwn", variant: "destructive" },
      { title: "Gwall", description: "Nid oes modd", variant: "destructive" },
    ]);
  });

  it("shows a refused input (400) as 'Validation Error' with the server's message", () => {
    expect(
      shown([
        new ApiError(400, "Bad Request", '{"message":"Give a purpose for the check","code":"VALIDATION_ERROR"}'),
        new ApiError(400, "Bad Request", ""),
      ]),
    ).toEqual({
      toasts: [
        { title: "Validation Error", description: "Give a purpose for the check", variant: "destructive" },
        { title: "Validation Error", description: "400: Bad Request", variant: "destructive" },
      ],
      navigated: false,
    });
  });

  it("shows the server's own sentence for any other refusal, not '<status>: {json}'", () => {
    // A 401 that is not "Unauthorized" signs nobody out, and is shown as it came.
    expect(
      shown([
        new ApiError(403, "Forbidden", '{"message":"Your organisation is not registered for this kind of check."}'),
        new ApiError(401, "", '{"message":"Bad key"}'),
      ]),
    ).toEqual({
      toasts: [
        {
          title: "Error",
          description: "Your organisation is not registered for this kind of check.",
          variant: "destructive",
        },
        { title: "Error", description: '401: {"message":"Bad key"}', variant: "destructive" },
      ],
      navigated: false,
    });
  });

  it("shows any other error as 'Error' with its message", () => {
    expect(shown([new ApiError(500, "Internal Server Error", "")])).toEqual({
      toasts: [{ title: "Error", description: "500: Internal Server Error", variant: "destructive" }],
      navigated: false,
    });
  });

  it("titles other failures as the screen says (a session update's 'Update Error'), keeping 'Validation Error' for a 400", () => {
    expect(
      shown(
        [
          new ApiError(409, "Conflict", '{"message":"This session has ended"}'),
          new ApiError(400, "Bad Request", '{"message":"Enter a name"}'),
        ],
        "Update Error",
      ).toasts,
    ).toEqual([
      { title: "Update Error", description: "This session has ended", variant: "destructive" },
      { title: "Validation Error", description: "Enter a name", variant: "destructive" },
    ]);
  });
});
