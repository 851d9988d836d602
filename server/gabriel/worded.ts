/**
 * The words of Gabriel's refusals a reviewer reads on the console (issue 21): each is a catalog
 * message, so the API answers its `message` in the reader's language (WordedServiceError); the
 * codes never change. The orchestrator (a Durable Object) refuses with a code, its English, and a
 * key with values (GabrielRefusal): its refusal is worded here by that key.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import { WordedServiceError } from "#server/http/worded-error.ts";
import type { GabrielRefusal } from "./review-state.ts";

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

/** The orchestrator's refusal worded by its key (its code as it gave it); null when it gave none (e.g. zod's). */
export function orchestratorRefusal(
  status: number,
  code: string,
  refusal: GabrielRefusal | undefined,
  values?: Record<string, string>,
): WordedServiceError | null {
  return refusal ? new WordedServiceError(status, gabrielErrors[refusal], code, values) : null;
}
