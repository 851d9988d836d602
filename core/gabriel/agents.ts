/**
 * Gabriel's four agents (issue 11): who they are, what they read, what they may and may not do,
 * and the policy thresholds an administrator sets through Configure Policies. Plain data and the
 * zod schemas that validate a configuration: the console, the API, the public transparency page
 * (/gabriel-ai) and the rules (./rules.ts) all read them from here, so what the page promises is
 * what the code does.
 *
 * Agents judge patterns in the platform's events and raise cases; a person decides anything that
 * affects a citizen. No agent revokes, suspends, blocks or contacts anyone.
 */
import * as z from "zod";
import { AGENT_TYPES, type AgentType, type PlatformEventKind } from "./events.ts";

/** What a threshold counts: a stable key, which screens word in the page's language. */
export type ConfigUnit =
  | "days"
  | "attributes"
  | "refusals"
  | "hours"
  | "failures"
  | "minutes"
  | "organisations"
  | "errors";

/**
 * One policy threshold: a whole number between `min` and `max`, `default` until someone changes it.
 * Screens word its label and help by the field's key (its name in CONFIG_FIELDS), not by this English.
 */
export interface ConfigField {
  /** Plain English, as Configure Policies labels it and as its error messages name it. */
  label: string;
  /** What the number counts ("failures", "minutes"). */
  unit: ConfigUnit;
  min: number;
  max: number;
  default: number;
  /** One sentence on what changing it does. */
  help: string;
}

const field = (
  label: string,
  unit: ConfigUnit,
  min: number,
  max: number,
  fallback: number,
  help: string,
): ConfigField => ({
  label,
  unit,
  min,
  max,
  default: fallback,
  help,
});

/**
 * Every agent's thresholds. The bounds keep a mistyped value from silencing an agent (a threshold
 * of 100,000) or flooding the review queue (a window of 0), and keep every window within what one
 * run reads (rules.ts `lookbackMs`).
 */
export const CONFIG_FIELDS = {
  onboarding: {
    stallDays: field(
      "Days before an unfinished account counts as stalled",
      "days",
      1,
      30,
      3,
      "An account with no credential this long after it was made is recorded as stalled.",
    ),
  },
  compliance: {
    maxExtraAttributes: field(
      "Attributes a request may ask for beyond the check's default",
      "attributes",
      0,
      20,
      0,
      "A verification request asking for more attributes than this beyond what its check needs by default is raised for review.",
    ),
    unregisteredThreshold: field(
      "Refused checks before an organisation is flagged",
      "refusals",
      1,
      1000,
      3,
      "An organisation refused this many times for checks its registration does not allow, within the window, is raised for review.",
    ),
    unregisteredWindowHours: field(
      "Window for refused checks",
      "hours",
      1,
      168,
      24,
      "How far apart the refused checks may be and still count together.",
    ),
  },
  risk: {
    failuresThreshold: field(
      "Failed checks before a credential is flagged",
      "failures",
      2,
      100,
      3,
      "A credential failing verification this many times within the window is raised for review.",
    ),
    failureWindowMinutes: field(
      "Window for failed checks",
      "minutes",
      1,
      1440,
      60,
      "How far apart the failures may be and still count together.",
    ),
    organisationsThreshold: field(
      "Organisations before a credential is flagged",
      "organisations",
      2,
      100,
      5,
      "A credential verified by this many different organisations within the window is raised for review.",
    ),
    organisationsWindowHours: field(
      "Window for organisations",
      "hours",
      1,
      168,
      24,
      "How far apart the verifications may be and still count together.",
    ),
    signInFailuresThreshold: field(
      "Failed sign-ins before an account is flagged",
      "failures",
      2,
      1000,
      10,
      "An account with this many failed sign-ins within the window is raised for review.",
    ),
    signInWindowMinutes: field(
      "Window for failed sign-ins",
      "minutes",
      1,
      1440,
      15,
      "How far apart the failed sign-ins may be and still count together.",
    ),
  },
  support: {
    stuckSessionMinutes: field(
      "Minutes before an open assisted session counts as stuck",
      "minutes",
      5,
      1440,
      60,
      "An assisted session with no activity this long that has not ended is recorded as stuck.",
    ),
    errorRepeatThreshold: field(
      "Repeats before an error is flagged",
      "errors",
      2,
      1000,
      5,
      "The same server error this many times within the window is raised for review.",
    ),
    errorWindowMinutes: field(
      "Window for repeated errors",
      "minutes",
      1,
      1440,
      60,
      "How far apart the errors may be and still count together.",
    ),
  },
} as const satisfies Record<AgentType, Record<string, ConfigField>>;

/** A threshold's key, whichever agent it belongs to. */
export type ConfigFieldKey = { [T in AgentType]: keyof (typeof CONFIG_FIELDS)[T] }[AgentType];

/** An agent's thresholds, each a whole number. */
export type AgentConfig<T extends AgentType = AgentType> = { [K in keyof (typeof CONFIG_FIELDS)[T]]: number };
export type OnboardingConfig = AgentConfig<"onboarding">;
export type ComplianceConfig = AgentConfig<"compliance">;
export type RiskConfig = AgentConfig<"risk">;
export type SupportConfig = AgentConfig<"support">;

/** A schema's output is the full config; its input may leave any threshold out (its default). */
export type AgentConfigSchema<T extends AgentType = AgentType> = z.ZodType<AgentConfig<T>, Partial<AgentConfig<T>>>;

const AGENT_NAMES: Readonly<Record<AgentType, string>> = {
  onboarding: "Onboarding Agent",
  compliance: "Compliance Agent",
  risk: "Risk Agent",
  support: "Support Agent",
};

function rangeMessage(f: ConfigField): string {
  return `${f.label} must be a whole number from ${f.min} to ${f.max}`;
}

function buildSchema<T extends AgentType>(type: T): AgentConfigSchema<T> {
  const fields: Record<string, ConfigField> = CONFIG_FIELDS[type];
  const shape = Object.fromEntries(
    Object.entries(fields).map(([key, f]) => [
      key,
      z
        .number({ error: rangeMessage(f) })
        .int({ error: rangeMessage(f) })
        .min(f.min, { error: rangeMessage(f) })
        .max(f.max, { error: rangeMessage(f) })
        .default(f.default),
    ]),
  );
  const schema = z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === "unrecognized_keys")
        return `Not a setting of the ${AGENT_NAMES[type]}: ${issue.keys.join(", ")}`;
      if (issue.code === "invalid_type") return `The ${AGENT_NAMES[type]}'s settings must be an object of numbers`;
      return undefined;
    },
  });
  return schema as unknown as AgentConfigSchema<T>;
}

/** One rule as the transparency page states it; rules.ts implements each id. */
interface RuleDeclaration {
  id: string;
  /** Plain English: the pattern it looks for. */
  looksFor: string;
  /** Whether what it finds goes to a person for review (adverse) or is recorded as the agent's work. */
  adverse: boolean;
}

export interface AgentDefinition<T extends AgentType = AgentType> {
  type: T;
  name: string;
  /** One sentence: why the agent exists. */
  purpose: string;
  /** What it reads (the public page lists these): AGENT_STATEMENTS's keys. */
  watches: readonly AgentStatement[];
  /** The event kinds it reads: a run reads only these. */
  kinds: readonly PlatformEventKind[];
  may: readonly AgentStatement[];
  mayNot: readonly AgentStatement[];
  rules: readonly RuleDeclaration[];
  config: (typeof CONFIG_FIELDS)[T];
  configSchema: AgentConfigSchema<T>;
}

/**
 * Every sentence an agent's lists (what it watches, may and may never do) declare, by a stable key:
 * the definitions list keys, screens word each by its key (app/components/gabriel/agent-words.ts),
 * and this English is what logs, tests and the spec read.
 */
export const AGENT_STATEMENTS = {
  watchNewAccounts: "New accounts",
  watchCredentialsIssued: "Credentials issued",
  watchAssistedDenied: "Assisted-digital session activity (denied approvals, failed visual matches)",
  watchRequests: "Verification requests (the check, the attributes asked for and the stated purpose)",
  watchUnregistered: "Verification results refused because the verifier is not registered for the check",
  watchResults: "Verification results (which credential, which organisation, the outcome)",
  watchSignIns: "Failed sign-ins",
  watchAssisted: "Assisted-digital session activity",
  watchErrors: "Server errors (component, kind and message, without personal data)",
  alwaysRead: "read the platform's events listed here",
  alwaysRecord: "record its analysis in the audit trail",
  alwaysRaise: "raise a case for a person to review",
  mayStalled: "record accounts that stalled before their first credential",
  mayStuck: "record assisted sessions that look stuck",
  neverRevoke: "revoke or suspend a credential",
  neverAccount: "suspend, lock or close an account",
  neverVerification: "refuse, block or approve a verification",
  neverContact: "contact a citizen, verifier or operator",
  neverDecide: "decide a review case",
  neverThresholds: "change its own thresholds",
  neverRerun: "re-run or undo an assisted session",
  neverRegistration: "change or withdraw an organisation's registration",
  neverEndSession: "end, pause or resume an assisted session",
  neverRestart: "restart or change any part of the service",
} as const;
export type AgentStatement = keyof typeof AGENT_STATEMENTS;

/** What no agent may do, whatever its type: people decide what affects a citizen. */
const NEVER = [
  "neverRevoke",
  "neverAccount",
  "neverVerification",
  "neverContact",
  "neverDecide",
  "neverThresholds",
] as const satisfies readonly AgentStatement[];

const ALWAYS = ["alwaysRead", "alwaysRecord", "alwaysRaise"] as const satisfies readonly AgentStatement[];

export const AGENTS: { readonly [T in AgentType]: AgentDefinition<T> } = {
  onboarding: {
    type: "onboarding",
    name: AGENT_NAMES.onboarding,
    purpose: "Notices when getting a citizen set up goes wrong, so that a person can help.",
    watches: ["watchNewAccounts", "watchCredentialsIssued", "watchAssistedDenied"],
    kinds: ["registration", "credential_issued", "assisted_event"],
    may: [...ALWAYS, "mayStalled"],
    mayNot: [...NEVER, "neverRerun"],
    rules: [
      {
        id: "onboarding.record-disagrees",
        looksFor:
          "An assisted setup where a supervisor denied approval of the identity document, or the person did not match the document.",
        adverse: true,
      },
      {
        id: "onboarding.stalled-account",
        looksFor: "An account that has had no credential for some days after it was made.",
        adverse: false,
      },
    ],
    config: CONFIG_FIELDS.onboarding,
    configSchema: buildSchema("onboarding"),
  },
  compliance: {
    type: "compliance",
    name: AGENT_NAMES.compliance,
    purpose: "Checks that verifiers ask only for what a check needs and only for checks they are registered for.",
    watches: ["watchRequests", "watchUnregistered"],
    kinds: ["verification_request", "verification_result"],
    may: [...ALWAYS],
    mayNot: [...NEVER, "neverRegistration"],
    rules: [
      {
        id: "compliance.data-minimisation",
        looksFor:
          "A verification request asking for more attributes than its check needs, or for a kind of check that does not exist.",
        adverse: true,
      },
      {
        id: "compliance.unregistered-checks",
        looksFor: "An organisation repeatedly asking for checks its registration does not allow.",
        adverse: true,
      },
    ],
    config: CONFIG_FIELDS.compliance,
    configSchema: buildSchema("compliance"),
  },
  risk: {
    type: "risk",
    name: AGENT_NAMES.risk,
    purpose: "Spots patterns that may mean a credential or an account is being misused.",
    watches: ["watchResults", "watchSignIns"],
    kinds: ["verification_result", "sign_in_failure"],
    may: [...ALWAYS],
    mayNot: [...NEVER],
    rules: [
      {
        id: "risk.repeated-failures",
        looksFor: "The same credential failing verification several times in a short time.",
        adverse: true,
      },
      {
        id: "risk.many-organisations",
        looksFor: "The same credential verified by many different organisations in a short time.",
        adverse: true,
      },
      { id: "risk.revoked-presented", looksFor: "A revoked credential being presented.", adverse: true },
      {
        id: "risk.sign-in-failures",
        looksFor: "Many failed sign-ins to the same account in a short time.",
        adverse: true,
      },
    ],
    config: CONFIG_FIELDS.risk,
    configSchema: buildSchema("risk"),
  },
  support: {
    type: "support",
    name: AGENT_NAMES.support,
    purpose: "Notices where the service is letting people down: sessions left hanging and errors that keep happening.",
    watches: ["watchAssisted", "watchErrors"],
    kinds: ["assisted_event", "server_error"],
    may: [...ALWAYS, "mayStuck"],
    mayNot: [...NEVER, "neverEndSession", "neverRestart"],
    rules: [
      {
        id: "support.stuck-session",
        looksFor: "An assisted session with no activity for a long time that has not ended.",
        adverse: false,
      },
      {
        id: "support.recurring-errors",
        looksFor: "The same server error happening again and again in a short time.",
        adverse: true,
      },
    ],
    config: CONFIG_FIELDS.support,
    configSchema: buildSchema("support"),
  },
};

export function isAgentType(value: unknown): value is AgentType {
  return typeof value === "string" && (AGENT_TYPES as readonly string[]).includes(value);
}

/** The schema Configure Policies validates an agent's thresholds with (unknown keys refused, missing ones defaulted). */
export function agentConfigSchema<T extends AgentType>(type: T): AgentConfigSchema<T> {
  return AGENTS[type].configSchema;
}

/** An agent's thresholds as shipped. */
export function defaultConfig<T extends AgentType>(type: T): AgentConfig<T> {
  const fields: Record<string, ConfigField> = CONFIG_FIELDS[type];
  return Object.fromEntries(Object.entries(fields).map(([key, f]) => [key, f.default])) as AgentConfig<T>;
}

/**
 * A stored configuration as a run uses it: each valid threshold kept, anything missing or invalid
 * (a value saved under older bounds, a damaged row) replaced by its default, unknown keys dropped.
 * Never throws: an agent keeps working on its defaults rather than stopping.
 */
export function readConfig<T extends AgentType>(type: T, stored: unknown): AgentConfig<T> {
  const fields: Record<string, ConfigField> = CONFIG_FIELDS[type];
  const source =
    typeof stored === "object" && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, f]) => {
      const value = Object.hasOwn(source, key) ? source[key] : undefined;
      const ok = typeof value === "number" && Number.isInteger(value) && value >= f.min && value <= f.max;
      return [key, ok ? value : f.default];
    }),
  ) as AgentConfig<T>;
}
