import type { Context } from "hono";
import type * as z from "zod";
import { requestLocale } from "#server/i18n/request-locale.ts";
import { refusalMessage, validationWordsIn } from "#server/verification/validation-words.ts";

/**
 * The zValidator hook of every verifier input (issue 21, ADR 041): input `schema` refuses is a
 * 400 VALIDATION_ERROR naming each problem, in the reader's language as the worker's other
 * refusals are (requestLocale: the portal's language cookie, else Accept-Language, else English).
 * English is zod's own words, as the API has always answered; another language parses the input
 * once more with that language's error map, so each problem is worded from its code and details.
 *
 * @example zValidator("json", CreateRequestBody, refusedInput(CreateRequestBody))
 */
export const refusedInput =
  (schema: z.ZodType) =>
  async (
    result: { success: boolean; data: unknown; error?: { issues: readonly z.core.$ZodIssue[] } },
    c: Context,
  ): Promise<Response | undefined> => {
    if (result.success) return undefined;
    const locale = requestLocale(c.req.raw);
    const words = validationWordsIn(locale);
    const issues =
      (words && (await schema.safeParseAsync(result.data, { error: words })).error?.issues) ||
      result.error?.issues ||
      [];
    return c.json({ message: refusalMessage(issues, locale), code: "VALIDATION_ERROR" }, 400);
  };
