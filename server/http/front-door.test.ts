import { describe, expect, it } from "vitest";
import {
  apiNotFound,
  clarifyRouterRefusal,
  refuseMalformedPath,
  refuseUnroutedMethod,
  withoutBodyOnGet,
} from "./front-door.ts";

// Shapes `npm run bench -- security` found answered 500, or logged as errors, before these existed (issue 13).
describe("the web worker's front door", () => {
  it("refuses a method Remix's router cannot take with a JSON 405 naming the methods it can, and lets the others through", async () => {
    const refused = refuseUnroutedMethod(
      new Request("https://identity.example/api/auth/user", { method: "PROPFIND" }),
    )!;
    expect(refused.status).toBe(405);
    expect(refused.headers.get("Allow")).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    expect(await refused.json()).toEqual({ message: "The PROPFIND method is not allowed here" });
    expect(
      refuseUnroutedMethod(new Request("https://identity.example/api/auth/user", { method: "OPTIONS" }))?.status,
    ).toBe(405);
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]) {
      expect(
        refuseUnroutedMethod(new Request("https://identity.example/api/auth/user", { method })),
        method,
      ).toBeNull();
    }
  });

  it("refuses a path that is not validly percent-encoded with a 400 saying so, and lets encoded ones through", async () => {
    for (const path of ["/api/shares/%FF%FE/revoke", "/api/%", "/api/gabriel/hitl/%C3%28/assign", "/api/x/%E2%82"]) {
      const refused = refuseMalformedPath(new URL(`https://identity.example${path}`));
      expect(refused?.status, path).toBe(400);
      expect(await refused!.json()).toEqual({ message: "The address is not validly percent-encoded" });
    }
    for (const path of ["/api/shares/a%20b/revoke", "/verify/%F0%9F%98%80", "/api/%25", "/verify/%E0%A4%A"])
      expect(refuseMalformedPath(new URL(`https://identity.example${path}`)), path).toBeNull();
  });

  it("drops the body of a GET that carries one (Remix's copy of such a request threw), keeping everything else", () => {
    // No runtime constructs a GET with a body; workerd hands one over when a client sends it.
    const sent = {
      url: "https://identity.example/api/dashboard/stats?range=7d",
      method: "GET",
      headers: new Headers({ Cookie: "a=1", "Content-Type": "application/json", "Content-Length": "2" }),
      body: new Response("{}").body,
      signal: new AbortController().signal,
      redirect: "manual",
    } as unknown as Request;
    const cleaned = withoutBodyOnGet(sent);
    expect(cleaned).not.toBe(sent);
    expect(cleaned.body).toBeNull();
    expect(cleaned.url).toBe(sent.url);
    expect(cleaned.method).toBe("GET");
    expect(cleaned.headers.get("Cookie")).toBe("a=1");
    expect(cleaned.headers.get("Content-Type")).toBeNull();
    const post = new Request("https://identity.example/api/auth/login", { method: "POST", body: "{}" });
    expect(withoutBodyOnGet(post)).toBe(post);
    const get = new Request("https://identity.example/api/auth/user");
    expect(withoutBodyOnGet(get)).toBe(get);
  });

  it("says what Remix's own 4xx refusals are instead of its production 'Unexpected Server Error', and leaves everything else alone", async () => {
    const remix405 = Response.json(
      { message: "Unexpected Server Error" },
      { status: 405, headers: { "X-Remix-Error": "yes", "Cache-Control": "no-store" } },
    );
    const clarified = clarifyRouterRefusal(remix405);
    expect(clarified.status).toBe(405);
    expect(await clarified.json()).toEqual({ message: "Method Not Allowed" });
    expect(clarified.headers.get("X-Remix-Error")).toBeNull();
    expect(clarified.headers.get("Cache-Control")).toBe("no-store");
    const fault = Response.json(
      { message: "Unexpected Server Error" },
      { status: 500, headers: { "X-Remix-Error": "yes" } },
    );
    expect(clarifyRouterRefusal(fault)).toBe(fault);
    const ours = Response.json({ message: "Method Not Allowed" }, { status: 405 });
    expect(clarifyRouterRefusal(ours)).toBe(ours);
  });

  it("answers an /api path that fell through to the HTML not-found page with the API's JSON 404", async () => {
    const page = new Response("<!DOCTYPE html>", {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
    const answer = apiNotFound(new URL("https://identity.example/api/%0D%0Ax"), page);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: "Not found" });
    expect(apiNotFound(new URL("https://identity.example/no/such/page"), page)).toBe(page);
  });
});
