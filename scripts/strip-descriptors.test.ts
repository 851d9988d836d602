import { globSync, readFileSync } from "node:fs";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { type DescriptorPolicy, stripDescriptors } from "./strip-descriptors.ts";

const policy: DescriptorPolicy = {
  ids: new Set(["wallet.page.title", "shell.root.skipLink", "credential.rtw.title"]),
  keepEnglish: new Set(["shell.root.skipLink", "credential.rtw.title"]),
};

/** A module as esbuild minifies it for the browser, as Remix's build does. */
async function minified(source: string): Promise<string> {
  const result = await build({ stdin: { contents: source, loader: "ts" }, write: false, minify: true, format: "esm" });
  return result.outputFiles[0]!.text;
}

describe("the browser bundle's message descriptors (ADR 039)", () => {
  it("lose their English and their notes for translators, and keep their id", async () => {
    const code = await minified(`
      const defineMessages = <T,>(m: T) => m;
      export const messages = defineMessages({
        title: { id: "wallet.page.title", defaultMessage: "Citizen \\"Wallet\\"", description: "The page's heading" },
      });`);
    expect(code).toContain("Citizen");
    const { code: stripped, stripped: count } = stripDescriptors(code, policy);
    expect(count).toBe(1);
    expect(stripped).not.toContain("Citizen");
    expect(stripped).not.toContain("heading");
    const { messages } = await import(`data:text/javascript,${encodeURIComponent(stripped)}`);
    expect(messages).toEqual({ title: { id: "wallet.page.title" } });
  });

  it("keep the English the browser still needs (the root's words, the core's data), but not the notes", async () => {
    const code = await minified(`
      export const a = { id: "shell.root.skipLink", defaultMessage: "Skip to main content", description: "A link" };
      export const b = { id: "credential.rtw.title", defaultMessage: "Right to Work" };`);
    const { code: stripped, stripped: count } = stripDescriptors(code, policy);
    expect(count).toBe(1);
    const module = await import(`data:text/javascript,${encodeURIComponent(stripped)}`);
    expect(module.a).toEqual({ id: "shell.root.skipLink", defaultMessage: "Skip to main content" });
    expect(module.b).toEqual({ id: "credential.rtw.title", defaultMessage: "Right to Work" });
  });

  it("leave every other object exactly as it was: an id that is no message, other keys, words that are not literals", async () => {
    const source = `
      export const row = { id: "rtw", description: "Right to Work credential" };
      export const shape = { id: "wallet.page.title", defaultMessage: "Citizen Wallet", kind: "heading" };
      const words = "Citizen Wallet";
      export const computed = { id: "wallet.page.title", defaultMessage: words };`;
    const code = await minified(source);
    expect(stripDescriptors(code, policy)).toEqual({ code, stripped: 0 });
  });
});

describe("browser code that reads a message's English", () => {
  it("is only the root's own words (said when the root loader failed): every other English is stripped from the bundle", () => {
    const files = globSync("app/**/*.{ts,tsx}").filter(
      (file) => !/\.test\.tsx?$|\.server\.ts$|^app\/routes\/api\./.test(file),
    );
    const readers = files.filter((file) => /\.defaultMessage\b/.test(readFileSync(file, "utf8"))).sort();
    // useWords (and wordsOf, the root's meta) say the root's words when its loader failed.
    expect(readers).toEqual(["app/components/ui/use-words.ts"]);
  });
});
