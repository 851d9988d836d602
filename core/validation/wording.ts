import * as z from "zod";

/**
 * The words a refused input is told in where the schema gives none of its own. Spec 000 §5 names
 * them ("Required", "String must contain at least N character(s)", "Invalid email"): they are the
 * English defaults of zod 3, which zod 4 words differently ("Invalid input: expected string,
 * received undefined"). Pass SPEC_WORDING to every parse whose messages reach a person
 * (docs/decisions/026); a message a schema states itself always wins over these.
 */
export const specWording: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Required";
      return issue.expected === "int"
        ? `Expected integer, received ${typeof issue.input === "number" ? "float" : kindOf(issue.input)}`
        : `Expected ${issue.expected}, received ${kindOf(issue.input)}`;
    case "too_small":
      return sizeMessage(issue.origin, "small", issue.minimum, issue.inclusive, issue.exact);
    case "too_big":
      return sizeMessage(issue.origin, "big", issue.maximum, issue.inclusive, issue.exact);
    case "invalid_format":
      if (issue.format === "regex") return "Invalid";
      // zod 3 called every 8-4-4-4-12 hex id a uuid (zod 4's z.guid()).
      return `Invalid ${issue.format === "guid" ? "uuid" : issue.format}`;
    case "invalid_value": {
      const schema = issue.inst as z.core.$ZodType | undefined;
      if (schema?._zod.def.type === "literal" && issue.values.length === 1)
        return `Invalid literal value, expected ${JSON.stringify(issue.values[0])}`;
      return `Invalid enum value. Expected ${quoted(issue.values)}, received '${String(issue.input)}'`;
    }
    case "unrecognized_keys":
      return `Unrecognized key(s) in object: ${issue.keys.map((key) => `'${key}'`).join(", ")}`;
    case "invalid_union": {
      const options = issue.options as readonly unknown[] | undefined;
      return issue.discriminator && options?.length
        ? `Invalid discriminator value. Expected ${quoted(options)}`
        : "Invalid input";
    }
    case "not_multiple_of":
      return `Number must be a multiple of ${issue.divisor}`;
    default:
      return "Invalid input";
  }
};

/** Parse options that tell refusals in the specification's words: `schema.safeParse(input, SPEC_WORDING)`. */
export const SPEC_WORDING = { error: specWording } as const;

const quoted = (values: readonly unknown[]) => values.map((value) => `'${String(value)}'`).join(" | ");

/** What was received, in zod 3's names for it. */
function kindOf(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (input instanceof Date) return "date";
  if (typeof input === "number") return Number.isNaN(input) ? "nan" : "number";
  return typeof input;
}

function sizeMessage(
  origin: string,
  side: "small" | "big",
  bound: number | bigint,
  inclusive: boolean | undefined,
  exact: boolean | undefined,
): string {
  const small = side === "small";
  if (origin === "string" || origin === "array" || origin === "set") {
    const thing = origin === "string" ? "String" : origin === "array" ? "Array" : "Set";
    const unit = origin === "string" ? "character(s)" : origin === "array" ? "element(s)" : "item(s)";
    const how = exact ? "exactly" : small ? (inclusive ? "at least" : "over") : inclusive ? "at most" : "under";
    return `${thing} must contain ${how} ${bound} ${unit}`;
  }
  if (origin === "date") {
    const how = small
      ? inclusive
        ? "greater than or equal to"
        : "greater than"
      : inclusive
        ? "smaller than or equal to"
        : "smaller than";
    return `Date must be ${how} ${new Date(Number(bound)).toString()}`;
  }
  const thing = origin === "bigint" ? "BigInt" : "Number";
  const how = exact
    ? "exactly equal to"
    : small
      ? inclusive
        ? "greater than or equal to"
        : "greater than"
      : inclusive
        ? "less than or equal to"
        : "less than";
  return `${thing} must be ${how} ${bound}`;
}

/**
 * An ISO 8601 date and time as the API has always taken it: seconds optional ("2026-11-24T09:30Z"),
 * UTC, or any offset with `offset`. zod 4's z.iso.datetime() insists on seconds (RFC 3339);
 * zod 3's did not, and clients send both.
 */
export const isoDateTime = (options: { offset?: boolean; error?: string } = {}) =>
  z.union(
    [
      z.iso.datetime({ offset: options.offset ?? false }),
      z.iso.datetime({ offset: options.offset ?? false, precision: -1 }),
    ],
    { error: options.error ?? "Invalid datetime" },
  );

/** Whole-object rules run only on an object whose fields all passed, as zod 3 ran them (zod 4 runs them anyway). */
export const ONCE_FIELDS_PASS = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };
