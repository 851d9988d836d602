import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents, errorGroups, errorLogs, userProfiles } from "#db/schema/index.ts";
import { type HousekeeperBinding, housekeeper } from "#server/analytics/housekeeping.ts";
import { hashAddress } from "#server/analytics/privacy.ts";
import { call, registerUser, uniqueAddress } from "#tests/support/web-client.ts";
import { db } from "#tests/support/workerd-database.ts";

const event = (sessionId: string) => ({
  eventType: "page_view",
  eventCategory: "navigation",
  eventAction: "view_page",
  page: "/about",
  metadata: { referrer: "" },
  sessionId,
});

describe("POST /api/analytics/track", () => {
  it("answers 204 with no body at once (a browser never has a body left to read), and stores the event after", async () => {
    const sessionId = crypto.randomUUID();
    const response = await call("/api/analytics/track", { body: event(sessionId) });
    expect(response.status).toBe(204);
    expect(response.headers.get("content-length") ?? "0").toBe("0");
    expect(await response.text()).toBe("");
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Written through waitUntil, after the answer.
    const stored = () => db().select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
    await expect.poll(async () => (await stored()).length).toBe(1);
    expect((await stored())[0]).toMatchObject({
      eventType: "page_view",
      eventCategory: "navigation",
      eventAction: "view_page",
      page: "/about",
      userId: null,
    });
  });

  it("refuses what is not an event with 400, a GET with 405, a body over 4 KB with 413", async () => {
    expect(
      (await call("/api/analytics/track", { body: { eventCategory: "marketing", eventAction: "x" } })).status,
    ).toBe(400);
    expect(
      (await call("/api/analytics/track", { rawBody: "{", headers: { "Content-Type": "application/json" } })).status,
    ).toBe(400);
    const get = await call("/api/analytics/track");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const big = { ...event(crypto.randomUUID()), eventLabel: "x".repeat(5000) };
    expect((await call("/api/analytics/track", { body: big })).status).toBe(413);
  });
});

const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const eventsOf = (sessionId: string) =>
  db().select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));

describe("POST /api/analytics/track keeps no raw address or user agent (issue 12 privacy)", () => {
  it("stores the day's keyed hash of the address, the reduced user agent and the referrer's origin only", async () => {
    const sessionId = crypto.randomUUID();
    const ip = uniqueAddress();
    const body = { ...event(sessionId), metadata: { referrer: "https://search.example/results?q=jane+doe" } };
    expect((await call("/api/analytics/track", { body, ip, headers: { "User-Agent": ANDROID_PHONE } })).status).toBe(
      204,
    );
    await expect.poll(async () => (await eventsOf(sessionId)).length).toBe(1);
    const [row] = await eventsOf(sessionId);
    // Under the day's random salt, which only the Housekeeper holds.
    expect(row!.ipAddress).toBe(
      await hashAddress((await housekeeper(env as unknown as HousekeeperBinding).dailySalt()).salt, ip),
    );
    expect(row!.ipAddress).not.toContain(ip);
    expect(row!.userAgent).toBe("Chrome on Android (mobile)");
    expect(row!.referrer).toBe("https://search.example");
    expect(row!.metadata).toEqual({ referrer: "https://search.example" });
    expect(JSON.stringify(row)).not.toContain("jane");
  });

  it("stores nothing for a signed-in citizen who opted out, and the signed-in citizen who did not is stored with their id", async () => {
    const optedOut = await registerUser();
    await db().insert(userProfiles).values({ userId: optedOut.user.id, shareAnalytics: false });
    const sharing = await registerUser();
    await db().insert(userProfiles).values({ userId: sharing.user.id, shareAnalytics: true });
    const hidden = crypto.randomUUID();
    const shown = crypto.randomUUID();
    expect((await call("/api/analytics/track", { body: event(hidden), cookie: optedOut.cookie })).status).toBe(204);
    // The same work for a citizen who shares, sent after: once it is stored, the first has had its turn.
    expect((await call("/api/analytics/track", { body: event(shown), cookie: sharing.cookie })).status).toBe(204);
    await expect.poll(async () => (await eventsOf(shown)).length).toBe(1);
    expect((await eventsOf(shown))[0]!.userId).toBe(sharing.user.id);
    expect(await eventsOf(hidden)).toEqual([]);
  });

  it("records a reported frontend error in error_logs with its group, besides the event; an anonymous report never reopens a resolved one", async () => {
    const sessionId = crypto.randomUUID();
    const message = `Cannot read properties of undefined (reading 'wallet${crypto.randomUUID()}')`;
    const body = {
      eventCategory: "error",
      eventAction: "frontend_error",
      eventLabel: message.slice(0, 200),
      page: "/wallet",
      metadata: { message, stack: "TypeError: boom\n    at Wallet (wallet.tsx:10:5)" },
      sessionId,
    };
    const occurrences = () => db().select().from(errorLogs).where(eq(errorLogs.sessionId, sessionId));
    const groupOf = async (fingerprint: string) =>
      (await db().select().from(errorGroups).where(eq(errorGroups.fingerprint, fingerprint)))[0]!;

    // Signed out: anyone could send this, so it is kept apart, low, and not an alert.
    expect((await call("/api/analytics/track", { body })).status).toBe(204);
    await expect.poll(async () => (await occurrences()).length).toBe(1);
    const [anonymous] = await occurrences();
    expect(anonymous).toMatchObject({
      errorType: "FrontendError",
      component: "frontend-anonymous",
      message,
      severity: "low",
      context: { page: "/wallet" },
    });
    expect(anonymous!.stackTrace).toBe("TypeError: boom\n    at Wallet (wallet.tsx:10:5)");
    expect(await groupOf(anonymous!.fingerprint!)).toMatchObject({
      errorType: "FrontendError",
      component: "frontend-anonymous",
      occurrences: 1,
      resolved: false,
    });
    expect(await eventsOf(sessionId)).toHaveLength(1);
    // Resolved; the same anonymous report again is counted but does not reopen it.
    await db()
      .update(errorGroups)
      .set({ resolved: true, resolvedAt: new Date(Date.now() - 60_000) })
      .where(eq(errorGroups.fingerprint, anonymous!.fingerprint!));
    expect((await call("/api/analytics/track", { body })).status).toBe(204);
    await expect.poll(async () => (await groupOf(anonymous!.fingerprint!)).occurrences).toBe(2);
    expect(await groupOf(anonymous!.fingerprint!)).toMatchObject({ resolved: true, regressedAt: null });

    // Signed in: the product's own frontend error, medium, in a group of its own.
    const person = await registerUser();
    expect((await call("/api/analytics/track", { body, cookie: person.cookie })).status).toBe(204);
    await expect.poll(async () => (await occurrences()).length).toBe(3);
    const signedIn = (await occurrences()).find((o) => o.userId === person.user.id)!;
    expect(signedIn).toMatchObject({ component: "frontend", severity: "medium" });
    expect(signedIn.fingerprint).not.toBe(anonymous!.fingerprint);
  });
});

describe("POST /api/analytics/track rate limit (TRACK_LIMITER: 120 a minute per client)", () => {
  it("answers an event past 120 in a minute from one client 429 with Retry-After, stores it not, and still takes another client's", async () => {
    // The limiter counts in whole wall-clock minutes: sent across a minute's end, the count starts
    // again, so the first refusal comes after at least 120 events (and at most 239), never before.
    const ip = uniqueAddress();
    const sessionId = crypto.randomUUID();
    let accepted = 0;
    let refused: Response | undefined;
    for (let batch = 0; batch < 12 && !refused; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call("/api/analytics/track", { body: event(sessionId), ip })),
      );
      expect(answers.every((answer) => answer.status === 204 || answer.status === 429)).toBe(true);
      accepted += answers.filter((answer) => answer.status === 204).length;
      refused = answers.find((answer) => answer.status === 429);
      for (const answer of answers) if (answer !== refused) await answer.body?.cancel();
    }
    expect(accepted).toBeGreaterThanOrEqual(120);
    expect(accepted).toBeLessThan(240);
    expect(refused!.headers.get("retry-after")).toBe("60");
    expect(await refused!.json()).toEqual({
      message: "Too many analytics events from this client. Try again in a minute.",
    });

    const otherSession = crypto.randomUUID();
    expect((await call("/api/analytics/track", { body: event(otherSession), ip: uniqueAddress() })).status).toBe(204);
    await expect.poll(async () => (await eventsOf(otherSession)).length).toBe(1);
    // Only the events answered 204 were stored: none of those refused.
    await expect.poll(async () => (await eventsOf(sessionId)).length, { timeout: 10_000 }).toBe(accepted);
  }, 120_000);
});
