/**
 * The words of Gabriel's refusals a reviewer reads on the console (issue 21): each is a catalog
 * message, so the API answers its `message` in the reader's language (WordedServiceError); the
 * codes never change. The orchestrator (a Durable Object) refuses with a code, its English, and a
 * key with values (GabrielRefusal): its refusal is worded here by that key.
 */
import { defineMessages, type MessageDescriptor } from "@formatjs/intl";
import type * as z from "zod";
import { agentName } from "#core/gabriel/agent-words.ts";
import { CONFIG_FIELDS, type ConfigField, type ConfigFieldKey } from "#core/gabriel/agents.ts";
import { configLabel } from "#core/gabriel/config-words.ts";
import type { AgentType } from "#core/gabriel/events.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
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
  configRange: {
    id: "server.staff.gabriel.config.range",
    defaultMessage: "{field}: {label} must be a whole number from {min} to {max}",
    description: "field: the setting's name in the API (keep it as it is); label: the setting in words.",
  },
  configUnknown: {
    id: "server.staff.gabriel.config.unknown",
    defaultMessage: "Not a setting of the {agent}: {keys}",
    description: "keys: the settings' names in the API (keep them as they are).",
  },
  configNotNumbers: {
    id: "server.staff.gabriel.config.notNumbers",
    defaultMessage: "The {agent}'s settings must be an object of numbers",
  },
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

/** What was wrong with a Configure Policies body, as values (agentConfigSchema's issues). */
export type ConfigIssue =
  | { kind: "range"; field: ConfigFieldKey; min: number; max: number }
  | { kind: "unknown"; keys: string[] }
  | { kind: "notNumbers" };

/** The issues of an agent's thresholds that failed its schema, by what they are, not by zod's or the schema's English. */
export function configIssues(type: AgentType, issues: readonly z.core.$ZodIssue[]): ConfigIssue[] {
  const fields: Record<string, ConfigField> = CONFIG_FIELDS[type];
  return issues.map((issue): ConfigIssue => {
    const key = issue.path[0];
    if (typeof key === "string" && Object.hasOwn(fields, key))
      return { kind: "range", field: key as ConfigFieldKey, min: fields[key]!.min, max: fields[key]!.max };
    if (issue.code === "unrecognized_keys") return { kind: "unknown", keys: issue.keys };
    return { kind: "notNumbers" };
  });
}

/**
 * Configure Policies refused (400 VALIDATION_ERROR): each issue a sentence in the reader's language,
 * the settings' API names kept as they are. Its English `message` is every issue, as before.
 */
export class ConfigRefusal extends WordedServiceError {
  constructor(
    readonly agent: AgentType,
    readonly issues: readonly ConfigIssue[],
  ) {
    super(400, gabrielErrors.configNotNumbers, "VALIDATION_ERROR", { agent: "" });
    this.message = this.messageIn(DEFAULT_LOCALE);
  }

  override messageIn(locale: Locale): string {
    const intl = serverIntl(locale);
    const agent = agentName(intl, this.agent);
    return this.issues
      .map((issue) => {
        if (issue.kind === "range")
          return intl.formatMessage(gabrielErrors.configRange, {
            field: issue.field,
            label: configLabel(intl, issue.field),
            min: issue.min,
            max: issue.max,
          });
        if (issue.kind === "unknown")
          return intl.formatMessage(gabrielErrors.configUnknown, { agent, keys: issue.keys.join(", ") });
        return intl.formatMessage(gabrielErrors.configNotNumbers, { agent });
      })
      .join("; ");
  }
}
