/**
 * What a step still needs before Continue, in words (issue 21): one catalog message per
 * requirement key (core/assisted/session.ts UnmetRequirement), so the console's notice and the
 * API's STEP_REQUIREMENT_UNMET refusal say it in the reader's language, found by key, never by
 * the English. The English is the rules' own (UNMET_REQUIREMENTS), which tests and the spec pin.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import type { UnmetRequirement } from "./session.ts";

export const UNMET_WORDS: Readonly<Record<UnmetRequirement, MessageDescriptor>> = defineMessages({
  client: { id: "assisted.session.unmet.client", defaultMessage: "Find or create the client's account first" },
  document: { id: "assisted.session.unmet.document", defaultMessage: "Record the identity document first" },
  pending: { id: "assisted.session.unmet.pending", defaultMessage: "Waiting for a supervisor's approval" },
  denied: {
    id: "assisted.session.unmet.denied",
    defaultMessage: "A supervisor denied approval: correct the document and request approval again",
  },
  expired: {
    id: "assisted.session.unmet.expired",
    defaultMessage: "The approval has expired: request approval again",
  },
  request: { id: "assisted.session.unmet.request", defaultMessage: "Request a supervisor's approval first" },
  visual: {
    id: "assisted.session.unmet.visual",
    defaultMessage: "Confirm that the person matches the document first",
  },
  issue: { id: "assisted.session.unmet.issue", defaultMessage: "Issue the client's credentials first" },
  last: {
    id: "assisted.session.unmet.last",
    defaultMessage: "This is the last step: end the session when the client has everything",
  },
});
