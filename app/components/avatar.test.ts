import { describe, expect, it } from "vitest";
import { avatarSrc, avatarSvg, initialsOf } from "./avatar.ts";

describe("generated avatar", () => {
  it("uses the first and last word's initials", () => {
    expect(initialsOf("Sarah Thompson")).toBe("ST");
    expect(initialsOf("Mary Anne de la Cruz")).toBe("MC");
    expect(initialsOf("priya")).toBe("P");
    expect(initialsOf("Éowyn Ó Briain")).toBe("ÉB");
  });

  it("escapes the name so it cannot inject markup into the SVG", () => {
    const svg = avatarSvg(`<script>alert("x")</script> & Co`);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).toContain("&amp; Co");
  });

  it("draws a silhouette without text when the name is unknown or has no letters", () => {
    for (const name of [undefined, "", "  ", "!!!"]) {
      const svg = avatarSvg(name);
      expect(svg).not.toContain("<text");
      expect(svg).toContain('aria-label="User"');
    }
  });

  it("is deterministic for the same name", () => {
    expect(avatarSvg("James Patel")).toBe(avatarSvg("James Patel"));
  });
});

describe("the header's avatar source", () => {
  it("is the bare fallback path when the user has no picture: no name in the URL", () => {
    expect(avatarSrc({ profileImageUrl: null })).toBe("/api/placeholder-avatar");
    expect(avatarSrc({ profileImageUrl: "" })).toBe("/api/placeholder-avatar");
  });

  it("is the user's own picture when they have one", () => {
    expect(avatarSrc({ profileImageUrl: "/images/sarah.png" })).toBe("/images/sarah.png");
  });
});
