/**
 * Test set-up for the projects whose files share one module graph (isolate: false): every test
 * starts with zod's own English, as the product has it. The independent implementations the tests
 * use (@openid4vc/* through @openid4vc/utils, @owf/mdoc through zod-validation-error) set zod's
 * GLOBAL error map when first imported, by whichever file imports them first; the product never
 * loads them (core/mdoc/codec.ts puts zod's own back after @owf/mdoc), so a refusal's wording that
 * depended on which file ran first would be a test's artefact, not the product's.
 */
import { beforeEach } from "vitest";
import * as z from "zod";

beforeEach(() => {
  z.config({ customError: undefined });
});
