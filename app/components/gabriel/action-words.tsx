/**
 * "Recent agent actions" in the page's language (issue 21): each audit row's action and line,
 * worded from the kind and values the server derives from the row (server/gabriel/console.ts
 * `actionWords`), never from its English. What people typed (notes, reasons) and names are shown as
 * they are; an action this build has no words for is shown in its English, marked as English.
 */
import type { ReactNode } from "react";
import { defineMessages, type IntlShape, type MessageDescriptor } from "react-intl";
import type { ActionWords } from "#server/gabriel/console.ts";

const declared = defineMessages({
  actionAgentRun: { id: "server.staff.gabriel.action.agentRun", defaultMessage: "agent run" },
  actionReviewRaised: { id: "server.staff.gabriel.action.reviewRaised", defaultMessage: "review raised" },
  actionReviewAssigned: { id: "server.staff.gabriel.action.reviewAssigned", defaultMessage: "review assigned" },
  actionReviewReassigned: { id: "server.staff.gabriel.action.reviewReassigned", defaultMessage: "review reassigned" },
  actionReviewDecided: { id: "server.staff.gabriel.action.reviewDecided", defaultMessage: "review decided" },
  actionPolicyConfigured: { id: "server.staff.gabriel.action.policyConfigured", defaultMessage: "policy configured" },
  actionControlResume: { id: "server.staff.gabriel.action.controlResume", defaultMessage: "control resume" },
  actionControlPause: { id: "server.staff.gabriel.action.controlPause", defaultMessage: "control pause" },
  actionControlEmergencyStop: {
    id: "server.staff.gabriel.action.controlEmergencyStop",
    defaultMessage: "control emergency stop",
  },
  run: {
    id: "server.staff.gabriel.line.run",
    defaultMessage:
      "Read {events, plural, one {# event} other {# events}}; {findings, plural, one {# finding} other {# findings}}, {raised} raised for review",
  },
  raised: {
    id: "server.staff.gabriel.line.raised",
    defaultMessage: "Raised a {priority, select, high {high} medium {medium} other {low}} priority case ({rule})",
    description: "rule: the rule's code, e.g. risk.repeated-failures; keep it as it is.",
  },
  assigned: { id: "server.staff.gabriel.line.assigned", defaultMessage: "Assigned to {name}" },
  assignedNobody: { id: "server.staff.gabriel.line.assignedNobody", defaultMessage: "Assigned to a reviewer" },
  decided: { id: "server.staff.gabriel.line.decided", defaultMessage: "Decided" },
  policy: { id: "server.staff.gabriel.line.policy", defaultMessage: "Policy thresholds changed" },
  reason: { id: "server.staff.gabriel.line.reason", defaultMessage: "Reason: {reason}" },
});
/** Widened so that formatMessage takes values (the catalog test checks each message's placeholders). */
const messages: { readonly [K in keyof typeof declared]: MessageDescriptor } = declared;

/** The audit log's action codes this build words. */
const ACTIONS: Readonly<Record<string, MessageDescriptor>> = {
  agent_run: messages.actionAgentRun,
  review_raised: messages.actionReviewRaised,
  review_assigned: messages.actionReviewAssigned,
  review_reassigned: messages.actionReviewReassigned,
  review_decided: messages.actionReviewDecided,
  policy_configured: messages.actionPolicyConfigured,
  control_resume: messages.actionControlResume,
  control_pause: messages.actionControlPause,
  control_emergency_stop: messages.actionControlEmergencyStop,
};

/** An audit row's action (its code) in words. */
export function actionName(intl: IntlShape, action: string): ReactNode {
  const message = ACTIONS[action];
  return message ? intl.formatMessage(message) : <span lang="en">{action.replace(/_/g, " ")}</span>;
}

/** An audit row's line in words; typed text and names as they are. */
export function actionLine(intl: IntlShape, words: ActionWords): ReactNode {
  switch (words.kind) {
    case "run":
      return intl.formatMessage(messages.run, words);
    case "raised":
      return intl.formatMessage(messages.raised, { priority: words.priority, rule: words.rule });
    case "assigned":
      return words.assignee
        ? intl.formatMessage(messages.assigned, { name: words.assignee })
        : intl.formatMessage(messages.assignedNobody);
    case "decided":
      return words.notes ? <span dir="auto">{words.notes}</span> : intl.formatMessage(messages.decided);
    case "policy":
      return intl.formatMessage(messages.policy);
    case "reason":
      return intl.formatMessage(messages.reason, { reason: words.reason });
    case "other":
      // A known action with nothing more to say (a pause without a reason, a case taken over) reads as its name.
      return actionName(intl, words.action);
  }
}
