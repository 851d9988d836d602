import { describe, expect, it } from "vitest";
import { ConfigRefusal, orchestratorRefusal } from "./worded.ts";

/** The orchestrator's refusals, worded by their key for the reviewer who reads them (issue 21). */
describe("orchestratorRefusal", () => {
  it("words a refusal that names a reviewer in Welsh, keeping the English message and the code", () => {
    const refusal = orchestratorRefusal(409, "ALREADY_ASSIGNED", "alreadyAssigned", { name: "Ann Jones" });
    expect(refusal?.code).toBe("ALREADY_ASSIGNED");
    expect(refusal?.status).toBe(409);
    expect(refusal?.message).toBe("Ann Jones is already reviewing this item");
    expect(refusal?.messageIn("cy")).toBe("Mae Ann Jones eisoes yn adolygu'r eitem hon");
  });

  it("words the state a control found the agents already in", () => {
    const refusal = orchestratorRefusal(409, "NO_CHANGE", "noChange", { state: "paused" });
    expect(refusal?.message).toBe("The agents are already paused");
    expect(refusal?.messageIn("cy")).toBe("Mae'r asiantau eisoes wedi'u hoedi");
  });

  it("tells apart two refusals with one code by their key", () => {
    expect(orchestratorRefusal(409, "OWN_CASE", "ownCaseAssign")?.message).toBe(
      "Nobody reviews a case about themselves or their own work",
    );
    expect(orchestratorRefusal(409, "OWN_CASE", "ownCaseDecide")?.message).toBe(
      "This case is about you or your own work: another reviewer must decide it",
    );
  });

  it("leaves a refusal without a key (zod's) to the caller", () => {
    expect(orchestratorRefusal(400, "VALIDATION_ERROR", undefined)).toBeNull();
  });
});

/** Configure Policies' refusals, worded by what is wrong, not by the schema's English (issue 21). */
describe("ConfigRefusal", () => {
  const refusal = new ConfigRefusal("onboarding", [
    { kind: "range", field: "stallDays", min: 1, max: 30 },
    { kind: "unknown", keys: ["limit"] },
  ]);

  it("keeps the English every issue gave, and the code", () => {
    expect(refusal.code).toBe("VALIDATION_ERROR");
    expect(refusal.status).toBe(400);
    expect(refusal.message).toBe(
      "stallDays: Days before an unfinished account counts as stalled must be a whole number from 1 to 30; Not a setting of the Onboarding Agent: limit",
    );
  });

  it("words each issue in Welsh, the settings' API names as they are", () => {
    expect(refusal.messageIn("cy")).toBe(
      "stallDays: Diwrnodau cyn i gyfrif anorffenedig gyfrif fel un sydd wedi aros yn ei unfan: rhaid i'r gwerth fod yn rhif cyfan rhwng 1 a 30; Nid yw hwn yn un o osodiadau'r Asiant Ymuno: limit",
    );
  });
});
