import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents } from "#db/schema/index.ts";
import { call, db } from "#tests/support/web-client.ts";

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
    expect((await stored())[0]).toMatchObject({ eventType: "page_view", eventCategory: "navigation", eventAction: "view_page", page: "/about", userId: null });
  });

  it("refuses what is not an event with 400, a GET with 405, a body over 4 KB with 413", async () => {
    expect((await call("/api/analytics/track", { body: { eventCategory: "marketing", eventAction: "x" } })).status).toBe(400);
    expect((await call("/api/analytics/track", { rawBody: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    const get = await call("/api/analytics/track");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const big = { ...event(crypto.randomUUID()), eventLabel: "x".repeat(5000) };
    expect((await call("/api/analytics/track", { body: big })).status).toBe(413);
  });
});
