import { describe, expect, it } from "vitest";
import { AnalyticsEventSchema } from "./event.ts";

const pageView = {
  eventType: "page_view",
  eventCategory: "navigation",
  eventAction: "view_page",
  page: "/about",
  metadata: { referrer: "" },
};

describe("analytics event validation", () => {
  it("accepts the events the tracker sends", () => {
    expect(AnalyticsEventSchema.parse(pageView)).toEqual(pageView);
    const click = {
      eventCategory: "user_interaction",
      eventAction: "click",
      eventLabel: "nav-podcasts",
      page: "/",
      metadata: { elementType: "a", text: "Podcasts" },
      sessionId: "3f1c2a9e-6f55-4c1b-9a7e-2b8f0f6d9c11",
    };
    expect(AnalyticsEventSchema.parse(click)).toEqual(click);
    expect(
      AnalyticsEventSchema.parse({
        eventCategory: "credential",
        eventAction: "share",
        metadata: { credentialType: "rtw" },
      }).eventAction,
    ).toBe("share");
  });

  it.each([
    ["an unknown category", { ...pageView, eventCategory: "marketing" }],
    ["an action that is not a short snake_case word", { ...pageView, eventAction: "DROP TABLE" }],
    ["an event type other than page_view", { ...pageView, eventType: "purchase" }],
    ["a page that is not a path", { ...pageView, page: "https://evil.example/" }],
    ["unknown fields", { ...pageView, userId: "someone-else" }],
    ["nested metadata", { ...pageView, metadata: { deep: { a: 1 } } }],
    [
      "too many metadata keys",
      { ...pageView, metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
    ],
    ["a session id that is not a UUID", { ...pageView, sessionId: "abc" }],
    ["a missing action", { eventCategory: "navigation" }],
  ])("refuses %s", (_, event) => {
    expect(AnalyticsEventSchema.safeParse(event).success).toBe(false);
  });
});
