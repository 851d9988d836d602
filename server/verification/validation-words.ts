/**
 * The verifier API's refusals of input its schemas do not accept, in the reader's language (issue
 * 21, ADR 041). The verifier's schemas are zod 4 and the API has always answered zod 4's English
 * ("Invalid input: expected string, received undefined", "Too big: expected string to have <=500
 * characters"): integrators' code and the tests read it, so English answers keep it character for
 * character (zod's own words). A language whose catalog has these messages (Welsh: staff screens
 * are English and Welsh, ADR 035) gets them worded from each issue's code and details; one
 * without them gets the English. Field paths, type names, allowed values and formats are the
 * API's own and stay as they are.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from "@formatjs/intl";
import * as z from "zod";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { serverIntl, translates } from "#server/i18n/catalogs.ts";

/** Each English message is zod 4's, placeholder for placeholder (a node test holds them equal). */
const declared = defineMessages({
  refused: {
    id: "server.verification.validation.refused",
    defaultMessage: "Validation Error: {detail}",
    description:
      "A verifier API call was refused; {detail} lists each problem as 'field: why', separated by semicolons",
  },
  invalidInput: {
    id: "server.verification.validation.invalidInput",
    defaultMessage: "Invalid input",
    description: "A value sent to the verifier API was refused, without a more precise reason",
  },
  invalidType: {
    id: "server.verification.validation.invalidType",
    defaultMessage: "Invalid input: expected {expected}, received {received}",
    description:
      "{expected} and {received} are JSON type names kept as they are (string, number, int, array, object, boolean, null)",
  },
  missing: {
    id: "server.verification.validation.missing",
    defaultMessage: "Invalid input: expected {expected}, received undefined",
    description:
      "A field the verifier API needs was not sent; {expected} is a JSON type name kept as it is (string, number)",
  },
  invalidLiteral: {
    id: "server.verification.validation.invalidLiteral",
    defaultMessage: "Invalid input: expected {value}",
    description: '{value} is the one value accepted, as JSON (e.g. "rtw")',
  },
  invalidOption: {
    id: "server.verification.validation.invalidOption",
    defaultMessage: "Invalid option: expected one of {values}",
    description: '{values} are the values accepted, as JSON, separated by | (e.g. "rtw"|"rtr")',
  },
  tooBigSized: {
    id: "server.verification.validation.tooBigSized",
    defaultMessage:
      "{bound, select, exact {Too big: expected {origin} to have exactly {maximum} {unit, select, characters {characters} items {items} entries {entries} other {bytes}}} inclusive {Too big: expected {origin} to have <={maximum} {unit, select, characters {characters} items {items} entries {entries} other {bytes}}} other {Too big: expected {origin} to have <{maximum} {unit, select, characters {characters} items {items} entries {entries} other {bytes}}}}",
    description:
      "A text or list is too long. {origin} is a type name kept as it is (string, array); {unit} is characters, items, entries or bytes; {maximum} a number",
  },
  tooBig: {
    id: "server.verification.validation.tooBig",
    defaultMessage:
      "{bound, select, exact {Too big: expected {origin} to be exactly {maximum}} inclusive {Too big: expected {origin} to be <={maximum}} other {Too big: expected {origin} to be <{maximum}}}",
    description: "A number is too big. {origin} is a type name kept as it is (number, int); {maximum} a number",
  },
  tooSmallSized: {
    id: "server.verification.validation.tooSmallSized",
    defaultMessage:
      "{bound, select, exact {Too small: expected {origin} to have exactly {minimum} {unit, select, characters {characters} items {items} entries {entries} other {bytes}}} inclusive {Too small: expected {origin} to have >={minimum} {unit, select, characters {characters} items {items} entries {entries} other {bytes}}} other {Too small: expected {origin} to have >{minimum} {unit, select, characters {characters} items {items} entries {entries} other {bytes}}}}",
    description:
      "A text or list is too short. {origin} is a type name kept as it is (string, array); {unit} is characters, items, entries or bytes; {minimum} a number",
  },
  tooSmall: {
    id: "server.verification.validation.tooSmall",
    defaultMessage:
      "{bound, select, exact {Too small: expected {origin} to be exactly {minimum}} inclusive {Too small: expected {origin} to be >={minimum}} other {Too small: expected {origin} to be >{minimum}}}",
    description: "A number is too small. {origin} is a type name kept as it is (number, int); {minimum} a number",
  },
  invalidFormat: {
    id: "server.verification.validation.invalidFormat",
    defaultMessage:
      "{format, select, uuid {Invalid UUID} guid {Invalid GUID} email {Invalid email address} url {Invalid URL} datetime {Invalid ISO datetime} date {Invalid ISO date} other {Invalid ISO time}}",
    description:
      "A text is not in the form asked for; UUID, GUID, URL and ISO are names of standards, kept as they are",
  },
  invalidPattern: {
    id: "server.verification.validation.invalidPattern",
    defaultMessage: "Invalid string: must match pattern {pattern}",
    description: "{pattern} is a regular expression, kept as it is",
  },
  unrecognizedKeys: {
    id: "server.verification.validation.unrecognizedKeys",
    defaultMessage: "{count, plural, one {Unrecognized key: {keys}} other {Unrecognized keys: {keys}}}",
    description: "The body has fields the API does not take; {keys} are their names, as JSON, separated by commas",
  },
});

/** Widened to take values (the catalog test checks each message's placeholders against English). */
const words: { readonly [K in keyof typeof declared]: MessageDescriptor } = declared;
const IDS = Object.values(words).map((message) => String(message.id));

/** The sizes zod 4 counts in units, and the unit it names ("characters", "items"). */
const UNITS: Readonly<Record<string, string>> = {
  string: "characters",
  file: "bytes",
  array: "items",
  set: "items",
  map: "entries",
};
/** The formats worded (the verifier's schemas use uuid and datetime); any other keeps zod's English. */
const FORMATS = new Set(["uuid", "guid", "email", "url", "datetime", "date", "time"]);

/** What was received, as zod 4 names it ("undefined" for a missing field, "NaN", "Infinity"). */
function receivedName(input: unknown): string {
  if (typeof input === "number" && !Number.isFinite(input)) return String(input);
  const type = z.core.util.parsedType(input);
  return type === "nan" ? "NaN" : type;
}

const bound = (exact: boolean | undefined, inclusive: boolean | undefined) =>
  exact ? "exact" : inclusive ? "inclusive" : "exclusive";

/** One issue's words, from its code and details; undefined for one we do not word (zod's English stands). */
function issueText(intl: IntlShape, issue: z.core.$ZodRawIssue): string | undefined {
  const say = (message: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(message, values);
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return say(words.missing, { expected: issue.expected });
      return say(words.invalidType, {
        expected: issue.expected === "nan" ? "NaN" : issue.expected,
        received: receivedName(issue.input),
      });
    case "invalid_value":
      return issue.values.length === 1
        ? say(words.invalidLiteral, { value: z.core.util.stringifyPrimitive(issue.values[0]) })
        : say(words.invalidOption, { values: z.core.util.joinValues(issue.values, "|") });
    case "too_big": {
      const unit = UNITS[issue.origin];
      const values = {
        bound: bound(issue.exact, issue.inclusive),
        origin: issue.origin,
        maximum: String(issue.maximum),
      };
      return unit ? say(words.tooBigSized, { ...values, unit }) : say(words.tooBig, values);
    }
    case "too_small": {
      const unit = UNITS[issue.origin];
      const values = {
        bound: bound(issue.exact, issue.inclusive),
        origin: issue.origin,
        minimum: String(issue.minimum),
      };
      return unit ? say(words.tooSmallSized, { ...values, unit }) : say(words.tooSmall, values);
    }
    case "invalid_format":
      if (issue.format === "regex" && "pattern" in issue)
        return say(words.invalidPattern, { pattern: String(issue.pattern) });
      return FORMATS.has(issue.format) ? say(words.invalidFormat, { format: issue.format }) : undefined;
    case "unrecognized_keys":
      return say(words.unrecognizedKeys, { count: issue.keys.length, keys: z.core.util.joinValues(issue.keys, ", ") });
    case "invalid_union":
      // zod's other union refusals (a discriminator's options, two options matched) stay its own.
      return (Array.isArray(issue.options) && issue.options.length > 0) || issue.inclusive === false
        ? undefined
        : say(words.invalidInput);
    default:
      return undefined;
  }
}

/** An error map that words each issue in `intl`'s language (one it does not word keeps zod's English). */
export const validationWords =
  (intl: IntlShape): z.core.$ZodErrorMap =>
  (issue) =>
    issueText(intl, issue);

/** Whether refusals are worded in `locale`: not English (zod's own words), and only where its catalog has them. */
const worded = (locale: Locale) => locale !== DEFAULT_LOCALE && translates(locale, IDS);

/**
 * The error map that words the verifier's refusals in `locale`, for a second parse of input that
 * failed (a message a schema states itself still wins); undefined where zod's English is the
 * answer: English, or a language without these messages.
 */
export function validationWordsIn(locale: Locale): z.core.$ZodErrorMap | undefined {
  return worded(locale) ? validationWords(serverIntl(locale)) : undefined;
}

/**
 * The refusal's message: "Validation Error: " and each problem as "path: why", joined by "; "
 * (the answer's shape since issue 9), in `locale`.
 */
export function refusalMessage(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  locale: Locale,
): string {
  const detail = issues
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");
  return worded(locale) ? serverIntl(locale).formatMessage(words.refused, { detail }) : `Validation Error: ${detail}`;
}
