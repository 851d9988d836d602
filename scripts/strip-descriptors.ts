// After the Remix build: the browser bundle's message descriptors lose their English and their
// notes for translators (ADR 039). A page's messages always come with its data, in its language
// (server/i18n/page-language.ts), so `defaultMessage` is never what the browser shows, and a
// translator's `description` never is; together they were most of what issue 21 added to each
// page's JavaScript. FormatJS's own tools do this to source (`removeDefaultMessage`), through a
// Babel or TypeScript transform the classic Remix compiler has no place for; this does it to the
// compiled bundle instead, with TypeScript's parser, touching only real descriptors.
//
// Kept: the English of the root's own messages (said even on an error page whose root loader failed
// and sent none: app/components/ui/use-words.ts) and of messages declared in core/ (the shared core
// also uses its English as data: core/issuers/registry.ts).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

export interface DescriptorPolicy {
  /** Every message id in the code: an object is a descriptor only when its `id` is one of these. */
  ids: ReadonlySet<string>;
  /** The ids whose English the browser still needs. */
  keepEnglish: ReadonlySet<string>;
}

const DESCRIPTOR_KEYS = new Set(["id", "defaultMessage", "description"]);

function propertyName(property: ts.ObjectLiteralElementLike): string | undefined {
  if (!ts.isPropertyAssignment(property)) return undefined;
  const { name } = property;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

function literalText(node: ts.Expression): string | undefined {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
}

/**
 * `code` with every message descriptor (`{id, defaultMessage, description?}`, literals only, its id
 * a message of ours) cut to `{id}`, or to `{id, defaultMessage}` for an id whose English is kept.
 * Anything else, including objects that merely have an `id`, is left exactly as it was.
 */
export function stripDescriptors(code: string, policy: DescriptorPolicy): { code: string; stripped: number } {
  const source = ts.createSourceFile("bundle.js", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const byName = new Map(node.properties.map((property) => [propertyName(property), property]));
      const names = [...byName.keys()];
      const id = byName.get("id");
      const english = byName.get("defaultMessage");
      const isDescriptor =
        names.length === node.properties.length &&
        names.every((name) => name !== undefined && DESCRIPTOR_KEYS.has(name)) &&
        id !== undefined &&
        english !== undefined &&
        [...byName.values()].every(
          (property) => ts.isPropertyAssignment(property) && literalText(property.initializer) !== undefined,
        ) &&
        policy.ids.has(literalText((id as ts.PropertyAssignment).initializer)!);
      if (isDescriptor) {
        const idText = literalText((id as ts.PropertyAssignment).initializer)!;
        const kept = policy.keepEnglish.has(idText) ? [id, english] : [id];
        if (kept.length !== node.properties.length)
          edits.push({
            start: node.getStart(source),
            end: node.getEnd(),
            text: `{${kept.map((property) => property.getText(source)).join(",")}}`,
          });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let result = code;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return { code: result, stripped: edits.length };
}

function javaScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? javaScriptFiles(join(dir, entry.name))
      : entry.name.endsWith(".js")
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Strips every browser file under `dir` (Remix's assets build) in place; returns how many descriptors lost their words. */
export function stripBrowserBundle(dir: string, policy: DescriptorPolicy): number {
  let total = 0;
  for (const file of javaScriptFiles(dir)) {
    const before = readFileSync(file, "utf8");
    const { code, stripped } = stripDescriptors(before, policy);
    if (stripped) writeFileSync(file, code);
    total += stripped;
  }
  return total;
}
