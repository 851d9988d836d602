import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("status worker", () => {
  it("answers its health check with JSON", async () => {
    const response = await SELF.fetch("https://identity.example/status/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, service: "status" });
  });

  it("answers unknown paths with a JSON 404, not an HTML error", async () => {
    const response = await SELF.fetch("https://identity.example/status/nope");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({ message: "Not found" });
  });
});
