import { describe, expect, it } from "vitest";
import { summarise } from "./console.ts";

/** The Gabriel console's "recent agent actions" lines (issue 11), from the audit log's rows. */
describe("summarise", () => {
  it("words an agent's run from its counts, zero when one is missing", () => {
    expect(summarise("agent_run", { events: 120, findings: 3, raised: 1 })).toBe(
      "Read 120 events; 3 findings, 1 raised for review",
    );
    expect(summarise("agent_run", null)).toBe("Read 0 events; 0 findings, 0 raised for review");
  });

  it("words the review queue's steps: raised, assigned, decided", () => {
    expect(summarise("review_raised", { priority: "high", rule: "impossible-travel" })).toBe(
      "Raised a high priority case (impossible-travel)",
    );
    expect(summarise("review_assigned", { assignee: "Sam Patel" })).toBe("Assigned to Sam Patel");
    expect(summarise("review_assigned", {})).toBe("Assigned to a reviewer");
    expect(summarise("review_decided", { notes: "Genuine: travelling for work" })).toBe("Genuine: travelling for work");
    expect(summarise("review_decided", {})).toBe("Decided");
  });

  it("says a policy changed without its thresholds, and otherwise gives the reason or the action in words", () => {
    expect(summarise("policy_configured", { from: { limit: 5 }, to: { limit: 9 } })).toBe("Policy thresholds changed");
    expect(summarise("agent_stopped", { reason: "Stopped by an administrator" })).toBe(
      "Reason: Stopped by an administrator",
    );
    expect(summarise("agent_paused", null)).toBe("agent paused");
  });
});
