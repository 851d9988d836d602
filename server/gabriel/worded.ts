/**
 * The words of Gabriel's refusals a reviewer reads on the console (issue 21): each is a catalog
 * message, so the API answers its `message` in the reader's language (WordedServiceError); the
 * codes never change. The orchestrator (a Durable Object) refuses in English with a code: its
 * refusal is worded here from that code and the English it gave (for the names it carries).
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { WordedServiceError } from "#server/http/worded-error.ts";

const declared = defineMessages({
  agentNotFound: { id: "gabriel.errors.agentNotFound", defaultMessage: "Agent not found" },
  itemNotFound: { id: "gabriel.errors.itemNotFound", defaultMessage: "Review item not found" },
  assignStaffOnly: {
    id: "gabriel.errors.assignStaffOnly",
    defaultMessage: "Items are assigned to administrators or operators",
  },
  alreadyDecided: { id: "gabriel.errors.alreadyDecided", defaultMessage: "This item has already been decided" },
  alreadyAssigned: { id: "gabriel.errors.alreadyAssigned", defaultMessage: "{name} is already reviewing this item" },
  ownCaseAssign: {
    id: "gabriel.errors.ownCaseAssign",
    defaultMessage: "Nobody reviews a case about themselves or their own work",
  },
  assignedToOther: { id: "gabriel.errors.assignedToOther", defaultMessage: "{name} is reviewing this item" },
  ownCaseDecide: {
    id: "gabriel.errors.ownCaseDecide",
    defaultMessage: "This case is about you or your own work: another reviewer must decide it",
  },
  reasonRequired: { id: "gabriel.errors.reasonRequired", defaultMessage: "Say why you are stopping every agent" },
  noChange: {
    id: "gabriel.errors.noChange",
    defaultMessage: "The agents are already {state, select, running {running} paused {paused} other {stopped}}",
  },
  stopped: {
    id: "gabriel.errors.stopped",
    defaultMessage: "The agents are stopped (Emergency Stop): resume them first",
  },
  paused: { id: "gabriel.errors.paused", defaultMessage: "The agents are paused: resume them first" },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
export const gabrielErrors: { readonly [K in keyof typeof declared]: MessageDescriptor } = declared;

/** The orchestrator's refusals by their English: the message, and how to read its values back from it. */
const REFUSALS: readonly {
  pattern: RegExp;
  words: MessageDescriptor;
  values?: (match: RegExpMatchArray) => Record<string, string>;
}[] = [
  { pattern: /^Review item not found$/, words: gabrielErrors.itemNotFound },
  { pattern: /^This item has already been decided$/, words: gabrielErrors.alreadyDecided },
  {
    pattern: /^(.+) is already reviewing this item$/,
    words: gabrielErrors.alreadyAssigned,
    values: (m) => ({ name: m[1]! }),
  },
  { pattern: /^(.+) is reviewing this item$/, words: gabrielErrors.assignedToOther, values: (m) => ({ name: m[1]! }) },
  { pattern: /^Nobody reviews a case about themselves or their own work$/, words: gabrielErrors.ownCaseAssign },
  {
    pattern: /^This case is about you or your own work: another reviewer must decide it$/,
    words: gabrielErrors.ownCaseDecide,
  },
  { pattern: /^Say why you are stopping every agent$/, words: gabrielErrors.reasonRequired },
  {
    pattern: /^The agents are already (running|paused|stopped)$/,
    words: gabrielErrors.noChange,
    values: (m) => ({ state: m[1]! }),
  },
  { pattern: /^The agents are stopped \(Emergency Stop\): resume them first$/, words: gabrielErrors.stopped },
  { pattern: /^The agents are paused: resume them first$/, words: gabrielErrors.paused },
];

/** The orchestrator's refusal as a worded error when its words are known (others, e.g. zod's, as they are). */
export function orchestratorRefusal(status: number, code: string, message: string): WordedServiceError | null {
  for (const refusal of REFUSALS) {
    const match = message.match(refusal.pattern);
    if (match) return new WordedServiceError(status, refusal.words, code, refusal.values?.(match));
  }
  return null;
}
