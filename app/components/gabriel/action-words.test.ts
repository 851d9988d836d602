import type { IntlShape } from "react-intl";
import { describe, expect, it } from "vitest";
import { actionWords } from "#server/gabriel/console.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { actionLine } from "./action-words.tsx";

/**
 * "Recent agent actions" on a Welsh console (issue 21): rows the orchestrator writes with no
 * reason (a pause or a resume without one, a case taken over) are worded, not left in English.
 */
describe("an agent action's line", () => {
  const welsh = serverIntl("cy") as unknown as IntlShape;

  it("words a control without a reason and a reassignment in the page's language", () => {
    expect(actionLine(welsh, actionWords("control_pause", { by: "Sam", reason: null, from: "running" }))).toBe(
      "rheolaeth: oedi",
    );
    expect(actionLine(welsh, actionWords("control_resume", { by: "Sam", reason: null, from: "paused" }))).toBe(
      "rheolaeth: ailddechrau",
    );
    expect(actionLine(welsh, actionWords("review_reassigned", { assignee: "Sam", previous: "Alex", by: "Sam" }))).toBe(
      "adolygiad wedi'i ailneilltuo",
    );
  });

  it("keeps the reason a person gave as they gave it", () => {
    expect(actionLine(welsh, actionWords("control_pause", { by: "Sam", reason: "Deploying", from: "running" }))).toBe(
      "Rheswm: Deploying",
    );
  });
});
