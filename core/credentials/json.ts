/**
 * Strict JSON for token segments. JSON.parse silently keeps the last of two members with the
 * same name, so a token could carry a claim one parser reads and another ignores (RFC 8259
 * section 4: names SHOULD be unique; RFC 7515 section 5.2 and RFC 7519 section 7.2: reject or
 * use a parser that returns only lexically last - we reject). This scanner walks the text once,
 * checking the grammar, duplicate member names (compared after unescaping) and nesting depth,
 * then hands the text to JSON.parse for the value.
 */

export type StrictJsonFailure = "syntax" | "duplicate" | "depth";

export class StrictJsonError extends Error {
  override readonly name = "StrictJsonError";
  constructor(readonly reason: StrictJsonFailure) {
    super(`strict JSON: ${reason}`);
  }
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

class Scanner {
  i = 0;
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  fail(reason: StrictJsonFailure = "syntax"): never {
    throw new StrictJsonError(reason);
  }

  ws(): void {
    while (this.i < this.text.length && WS.has(this.text.charCodeAt(this.i))) this.i++;
  }

  value(depth: number): void {
    this.ws();
    const c = this.text[this.i];
    if (c === "{") this.object(depth + 1);
    else if (c === "[") this.array(depth + 1);
    else if (c === '"') this.string();
    else if (c === "t") this.literal("true");
    else if (c === "f") this.literal("false");
    else if (c === "n") this.literal("null");
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) this.number();
    else this.fail();
  }

  literal(word: string): void {
    if (this.text.startsWith(word, this.i)) this.i += word.length;
    else this.fail();
  }

  number(): void {
    // RFC 8259 section 6: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?
    const match = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!match || match[0].length === 400) this.fail();
    this.i += match[0].length;
  }

  /** Returns the raw string token including its quotes. */
  string(): string {
    const start = this.i;
    this.i++; // opening quote
    for (;;) {
      if (this.i >= this.text.length) this.fail();
      const code = this.text.charCodeAt(this.i);
      if (code === 0x22) break;
      if (code < 0x20) this.fail();
      if (code === 0x5c) {
        const next = this.text[this.i + 1];
        if (next === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 2, this.i + 6))) this.fail();
          this.i += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) this.fail();
        this.i += 2;
        continue;
      }
      this.i++;
    }
    this.i++; // closing quote
    return this.text.slice(start, this.i);
  }

  object(depth: number): void {
    if (depth > this.maxDepth) this.fail("depth");
    this.i++; // {
    const names = new Set<string>();
    this.ws();
    if (this.text[this.i] === "}") {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.text[this.i] !== '"') this.fail();
      // Compare names after unescaping: "a" and "\u0061" are the same member.
      const name = JSON.parse(this.string()) as string;
      if (names.has(name)) this.fail("duplicate");
      names.add(name);
      this.ws();
      if (this.text[this.i] !== ":") this.fail();
      this.i++;
      this.value(depth);
      this.ws();
      const c = this.text[this.i];
      this.i++;
      if (c === "}") return;
      if (c !== ",") this.fail();
    }
  }

  array(depth: number): void {
    if (depth > this.maxDepth) this.fail("depth");
    this.i++; // [
    this.ws();
    if (this.text[this.i] === "]") {
      this.i++;
      return;
    }
    for (;;) {
      this.value(depth);
      this.ws();
      const c = this.text[this.i];
      this.i++;
      if (c === "]") return;
      if (c !== ",") this.fail();
    }
  }
}

/**
 * Parses JSON text, rejecting duplicate member names anywhere and nesting deeper than
 * `maxDepth` (objects and arrays count one level each; a scalar is depth 0).
 */
export function parseStrictJson(text: string, options: { maxDepth: number }): unknown {
  const scanner = new Scanner(text, options.maxDepth);
  scanner.value(0);
  scanner.ws();
  if (scanner.i !== text.length) scanner.fail();
  try {
    return JSON.parse(text);
  } catch {
    throw new StrictJsonError("syntax");
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Own-property check that is safe for names like "__proto__" and "hasOwnProperty". */
export function hasOwn(object: object, name: string): boolean {
  return Object.hasOwn(object, name);
}

/** Defines a data property, so a claim named "__proto__" cannot change an object's prototype. */
export function defineClaim(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}
