import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "#db/demo-accounts.ts";

/** Every file of the browser bundle Remix built (`npm run build` comes first, as in `npm test`). */
function bundleFiles(dir = "public/build"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? bundleFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

// The demo password reaches a page only from the login loader on a demo deployment (ADR 028):
// a production deployment serves the same bundle, so the bundle must not carry it.
describe("the browser bundle", () => {
  it("contains no demo password", () => {
    const scripts = bundleFiles().filter((file) => file.endsWith(".js"));
    expect(
      scripts.some((file) => /routes\/(\(\$lang\)\.)?login-[\w-]+\.js$/.test(file)),
      "the login route's chunk is built",
    ).toBe(true);
    const carrying = scripts.filter((file) => readFileSync(file, "utf8").includes(DEMO_PASSWORD));
    expect(carrying).toEqual([]);
  });
});
