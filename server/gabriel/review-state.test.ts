import { describe, expect, it } from "vitest";
import { afterCursor, IDLE_RUN_MS, runIsDue } from "./review-state.ts";

describe("the orchestrator's cursor", () => {
  it("counts an event as new only when it lies after the cursor, by time and then by id", () => {
    const cursor = { at: "2026-11-24T10:00:00.000Z", id: "presentations:b" };
    expect(afterCursor({ at: "2026-11-24T10:00:01.000Z", id: "presentations:a" }, cursor)).toBe(true);
    expect(afterCursor({ at: "2026-11-24T10:00:00.000Z", id: "presentations:c" }, cursor)).toBe(true);
    expect(afterCursor({ at: "2026-11-24T10:00:00.000Z", id: "presentations:b" }, cursor)).toBe(false);
    expect(afterCursor({ at: "2026-11-24T09:59:59.999Z", id: "presentations:z" }, cursor)).toBe(false);
    expect(afterCursor({ at: "2000-01-01T00:00:00.000Z", id: "x" }, null)).toBe(true);
  });

  it("runs when something new happened, on the first run, or after the agents were idle long enough", () => {
    const now = new Date("2026-11-24T12:00:00.000Z");
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(runIsDue(1, ago(60_000), now)).toBe(true);
    expect(runIsDue(0, null, now)).toBe(true);
    expect(runIsDue(0, ago(60_000), now)).toBe(false);
    expect(runIsDue(0, ago(IDLE_RUN_MS - 1), now)).toBe(false);
    expect(runIsDue(0, ago(IDLE_RUN_MS), now)).toBe(true);
  });
});
