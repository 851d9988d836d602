import { describe, expect, it } from "vitest";
import { chooseCopy } from "./copies.ts";

/** Which copy a presentation shows (issue 22): a fresh one to each verifier while one is left. */
describe("chooseCopy", () => {
  const copies = [
    { id: "a", holderKeyThumbprint: "key-a" },
    { id: "b", holderKeyThumbprint: "key-b" },
    { id: "c", holderKeyThumbprint: "key-c" },
  ];
  const held = new Set(["key-a", "key-b", "key-c"]);

  it("never shows the same copy twice in a row while a fresh one is left, and shows each once before any again", () => {
    const shownAt = new Map<string, string>();
    const shown: string[] = [];
    for (let n = 0; n < 3; n++) {
      const copy = chooseCopy(copies, held, shownAt)!;
      shown.push(copy.id);
      shownAt.set(copy.holderKeyThumbprint, `2026-11-29T10:00:0${n}.000Z`);
    }
    expect(shown.sort()).toEqual(["a", "b", "c"]);
  });

  it("when every copy has been shown, shows the one shown longest ago", () => {
    const shownAt = new Map([
      ["key-a", "2026-11-29T10:00:02.000Z"],
      ["key-b", "2026-11-29T10:00:00.000Z"],
      ["key-c", "2026-11-29T10:00:01.000Z"],
    ]);
    expect(chooseCopy(copies, held, shownAt)?.id).toBe("b");
  });

  it("never shows a copy whose key this browser lacks", () => {
    const shownAt = new Map([["key-a", "2026-11-29T10:00:00.000Z"]]);
    expect(chooseCopy(copies, new Set(["key-a"]), shownAt)?.id).toBe("a");
    expect(chooseCopy(copies, new Set(["key-elsewhere"]), new Map())).toBeUndefined();
    expect(chooseCopy([{ id: "paper", holderKeyThumbprint: null }], held, new Map())).toBeUndefined();
  });
});
