import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { EN_CATALOG, generate, ROUTE_MESSAGES, TRANSLATIONS_INDEX } from "./i18n.ts";

// ADR 035: the English catalog, each route's message list and the translations index are what
// `npm run i18n` makes from the code and the translation files, never edited by hand.
it("has the catalog, the route message lists and the translations index as the code makes them", async () => {
  const made = await generate();
  expect(readFileSync(EN_CATALOG, "utf8"), `${EN_CATALOG}: run npm run i18n`).toBe(made.en);
  expect(readFileSync(ROUTE_MESSAGES, "utf8"), `${ROUTE_MESSAGES}: run npm run i18n`).toBe(made.routes);
  expect(readFileSync(TRANSLATIONS_INDEX, "utf8"), `${TRANSLATIONS_INDEX}: run npm run i18n`).toBe(made.index);
}, 60_000);
