import { describe, expect, it } from "vitest";
import {
  AGENT_STATEMENTS,
  AGENTS,
  agentConfigSchema,
  CONFIG_FIELDS,
  type ConfigField,
  defaultConfig,
  isAgentType,
  readConfig,
} from "./agents.ts";
import { AGENT_TYPES, PLATFORM_EVENT_KINDS } from "./events.ts";

const fieldsOf = (type: (typeof AGENT_TYPES)[number]) =>
  Object.entries(CONFIG_FIELDS[type] as Record<string, ConfigField>);

describe("the four agents", () => {
  it("are onboarding, compliance, risk and support, each named and typed", () => {
    expect(Object.keys(AGENTS).sort()).toEqual([...AGENT_TYPES].sort());
    expect(AGENT_TYPES.map((type) => [AGENTS[type].type, AGENTS[type].name])).toEqual([
      ["onboarding", "Onboarding Agent"],
      ["compliance", "Compliance Agent"],
      ["risk", "Risk Agent"],
      ["support", "Support Agent"],
    ]);
  });

  it.each(AGENT_TYPES)("%s says what it watches, what it may do and what it may not", (type) => {
    const agent = AGENTS[type];
    expect(agent.watches.length).toBeGreaterThan(0);
    expect(agent.kinds.length).toBeGreaterThan(0);
    for (const kind of agent.kinds) expect(PLATFORM_EVENT_KINDS).toContain(kind);
    const may = agent.may.map((key) => AGENT_STATEMENTS[key]);
    expect(may).toContain("raise a case for a person to review");
    expect(may).toContain("record its analysis in the audit trail");
    const never = agent.mayNot.map((key) => AGENT_STATEMENTS[key]).join("; ");
    expect(never).toMatch(/revoke/);
    expect(never).toMatch(/suspend/);
    expect(never).toMatch(/contact a citizen/);
    expect(never).toMatch(/decide a review case/);
    expect(agent.rules.length).toBeGreaterThan(0);
    for (const rule of agent.rules) expect(rule.id.startsWith(`${type}.`)).toBe(true);
  });

  it("tells agent types from anything else", () => {
    expect(AGENT_TYPES.every(isAgentType)).toBe(true);
    expect(isAgentType("orchestrator")).toBe(false);
    expect(isAgentType(undefined)).toBe(false);
  });
});

describe("policy thresholds", () => {
  it("ship with the documented defaults", () => {
    expect(defaultConfig("onboarding")).toEqual({ stallDays: 3 });
    expect(defaultConfig("compliance")).toEqual({
      maxExtraAttributes: 0,
      unregisteredThreshold: 3,
      unregisteredWindowHours: 24,
    });
    expect(defaultConfig("risk")).toEqual({
      failuresThreshold: 3,
      failureWindowMinutes: 60,
      organisationsThreshold: 5,
      organisationsWindowHours: 24,
      signInFailuresThreshold: 10,
      signInWindowMinutes: 15,
    });
    expect(defaultConfig("support")).toEqual({
      stuckSessionMinutes: 60,
      errorRepeatThreshold: 5,
      errorWindowMinutes: 60,
    });
  });

  it.each(AGENT_TYPES)("%s: an empty config is the defaults, and the defaults are valid", (type) => {
    expect(agentConfigSchema(type).parse({})).toEqual(defaultConfig(type));
    expect(agentConfigSchema(type).parse(defaultConfig(type))).toEqual(defaultConfig(type));
    for (const [, f] of fieldsOf(type)) {
      expect(Number.isInteger(f.default)).toBe(true);
      expect(f.default).toBeGreaterThanOrEqual(f.min);
      expect(f.default).toBeLessThanOrEqual(f.max);
      expect(f.min).toBeGreaterThanOrEqual(0);
    }
  });

  it.each(AGENT_TYPES.flatMap((type) => fieldsOf(type).map(([key, f]) => [type, key, f] as const)))(
    "%s.%s accepts its bounds and refuses what lies outside them",
    (type, key, f) => {
      const schema = agentConfigSchema(type);
      expect(schema.parse({ [key]: f.min })).toMatchObject({ [key]: f.min });
      expect(schema.parse({ [key]: f.max })).toMatchObject({ [key]: f.max });
      for (const bad of [
        f.min - 1,
        f.max + 1,
        f.min + 0.5,
        String(f.default),
        null,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        true,
      ]) {
        const result = schema.safeParse({ [key]: bad });
        expect(result.success, `${key} = ${String(bad)}`).toBe(false);
        if (!result.success) {
          expect(result.error.issues).toHaveLength(1);
          expect(result.error.issues[0]!.path).toEqual([key]);
          expect(result.error.issues[0]!.message).toBe(`${f.label} must be a whole number from ${f.min} to ${f.max}`);
        }
      }
    },
  );

  it("refuses settings an agent does not have, naming them", () => {
    const result = agentConfigSchema("risk").safeParse({ failuresThreshold: 4, stallDays: 2 });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues.map((i) => i.message)).toEqual(["Not a setting of the Risk Agent: stallDays"]);
  });

  it("refuses a config that is not an object", () => {
    for (const bad of [null, [], 3, "risk"]) {
      const result = agentConfigSchema("support").safeParse(bad);
      expect(result.success).toBe(false);
      if (!result.success)
        expect(result.error.issues[0]!.message).toBe("The Support Agent's settings must be an object of numbers");
    }
  });

  it("never lets the risk agent count one failure as repeated, and lets compliance allow no extras", () => {
    expect(agentConfigSchema("risk").safeParse({ failuresThreshold: 1 }).success).toBe(false);
    expect(agentConfigSchema("compliance").parse({ maxExtraAttributes: 0 }).maxExtraAttributes).toBe(0);
    expect(agentConfigSchema("onboarding").safeParse({ stallDays: 0 }).success).toBe(false);
  });

  it("reads a stored config leniently: good values kept, bad or missing ones defaulted, unknown ones dropped", () => {
    expect(
      readConfig("risk", { failuresThreshold: 7, failureWindowMinutes: -5, organisationsThreshold: "9", extra: 1 }),
    ).toEqual({
      ...defaultConfig("risk"),
      failuresThreshold: 7,
    });
    expect(readConfig("support", null)).toEqual(defaultConfig("support"));
    expect(readConfig("onboarding", [5])).toEqual(defaultConfig("onboarding"));
    expect(readConfig("onboarding", { stallDays: 30 })).toEqual({ stallDays: 30 });
    expect(readConfig("onboarding", { stallDays: 31 })).toEqual({ stallDays: 3 });
  });
});
