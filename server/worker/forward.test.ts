import { afterEach, describe, expect, it, vi } from "vitest";
import { type ForwardRoute, findRoute, forward, MAX_FORWARDED_BODY_BYTES } from "./forward.ts";

interface Env {
  STATUS: Fetcher;
  VERIFIER: Fetcher;
}

const answering = (name: string) =>
  ({
    fetch: vi.fn(async (request: Request) => new Response(`${name} ${new URL(request.url).pathname}`)),
  }) as unknown as Fetcher;
const ROUTES: ForwardRoute<Env>[] = [
  { service: "Status service", prefixes: ["/status/", "/vct/"], target: (env) => env.STATUS },
  { service: "Verifier service", prefixes: ["/api/presentations/"], target: (env) => env.VERIFIER },
];

afterEach(() => vi.restoreAllMocks());

describe("the forwarding route table", () => {
  it.each([
    ["/status/lists/abc", "Status service"],
    ["/vct/right-to-work", "Status service"],
    ["/api/presentations/requests", "Verifier service"],
  ])("sends %s to the %s", (path, service) => {
    expect(findRoute(ROUTES, new URL(`https://identity.example${path}`))?.service).toBe(service);
  });

  it.each(["/status", "/statusx/lists", "/api/presentations", "/", "/wallet"])(
    "keeps %s for the web worker",
    (path) => {
      expect(findRoute(ROUTES, new URL(`https://identity.example${path}`))).toBeUndefined();
    },
  );

  it("passes the request itself to the owner and returns its answer", async () => {
    const env = { STATUS: answering("status"), VERIFIER: answering("verifier") };
    const request = new Request("https://identity.example/vct/right-to-work");
    const response = await forward(ROUTES[0]!, request, env, "req-1");
    expect(await response.text()).toBe("status /vct/right-to-work");
    expect(env.STATUS.fetch).toHaveBeenCalledWith(request);
  });

  it("answers 503 with Retry-After when the owner cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = { fetch: async () => Promise.reject(new Error("connection refused")) } as unknown as Fetcher;
    const response = await forward(
      ROUTES[1]!,
      new Request("https://identity.example/api/presentations/x"),
      { STATUS: broken, VERIFIER: broken },
      "req-2",
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ message: "Verifier service unavailable", requestId: "req-2" });
  });

  it("hands the owner a body as bytes read here, and refuses one over the cap with 413 without troubling the owner (issue 13)", async () => {
    const seen: string[] = [];
    const owner = {
      fetch: vi.fn(async (request: Request) => {
        seen.push(await request.text());
        return new Response("ok");
      }),
    } as unknown as Fetcher;
    const env = { STATUS: owner, VERIFIER: owner };
    const chunked = (bytes: number) =>
      new Request("https://identity.example/api/presentations/validate", {
        method: "POST",
        body: new Blob([new Uint8Array(bytes).fill(0x61)]).stream(),
        duplex: "half",
      } as RequestInit);
    expect(await (await forward(ROUTES[1]!, chunked(1000), env, "req-3")).text()).toBe("ok");
    expect(seen).toEqual(["a".repeat(1000)]);
    const refused = await forward(ROUTES[1]!, chunked(MAX_FORWARDED_BODY_BYTES + 1), env, "req-4");
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ message: "Request body too large" });
    expect(owner.fetch).toHaveBeenCalledTimes(1);
  });
});
