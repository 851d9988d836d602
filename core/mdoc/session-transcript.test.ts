import { SessionTranscript } from "@owf/mdoc";
import { describe, expect, it } from "vitest";
import { sessionTranscriptBytes } from "./session-transcript.ts";
import { mdocContext } from "./test-helpers.ts";

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const fromHex = (text: string) => Uint8Array.from(text.match(/../g)!, (pair) => Number.parseInt(pair, 16));

// OpenID4VP 1.0 Appendix B.2.6.1 and B.2.6.2 (non-normative examples): the example request's
// client_id, nonce, response_uri / origin and the RFC 7638 thumbprint of its example encryption key.
const EXAMPLE = {
  clientId: "x509_san_dns:example.com",
  nonce: "exc7gBkxjx1rdc9udRrveKvSsJIq80avlXeLHhGwqtA",
  responseUri: "https://example.com/response",
  origin: "https://example.com",
  jwkThumbprint: fromHex("4283ec927ae0f208daaa2d026a814f2b22dca52cf85ffa8f3f8626c6bd669047"),
};

describe("SessionTranscript (OpenID4VP 1.0 Appendix B.2.6)", () => {
  it("reproduces Appendix B.2.6.1's redirect-flow SessionTranscript byte for byte", async () => {
    const bytes = await sessionTranscriptBytes({ flow: "redirect", ...EXAMPLE });
    expect(hex(bytes)).toBe(
      "83f6f682714f70656e494434565048616e646f7665725820048bc053c00442af9b8eed494cefdd9d95240d254b046b11b68013722aad38ac",
    );
  });

  it("reproduces Appendix B.2.6.2's Digital Credentials API SessionTranscript byte for byte", async () => {
    const bytes = await sessionTranscriptBytes({ flow: "dc_api", ...EXAMPLE });
    expect(hex(bytes)).toBe(
      "83f6f682764f70656e4944345650444341504948616e646f7665725820fbece366f4212f9762c74cfdbf83b8c69e371d5d68cea09cb4c48ca6daab761a",
    );
  });

  it("writes null for an absent thumbprint, as @owf/mdoc (an independent implementation) does", async () => {
    const ours = await sessionTranscriptBytes({
      flow: "redirect",
      clientId: "x509_hash:abc",
      nonce: "n-1",
      jwkThumbprint: null,
      responseUri: "https://verifier.example/response",
    });
    const theirs = await SessionTranscript.forOid4Vp(
      { clientId: "x509_hash:abc", nonce: "n-1", responseUri: "https://verifier.example/response" },
      mdocContext,
    );
    expect(hex(ours)).toBe(hex(theirs.encode()));
    const dcApi = await sessionTranscriptBytes({
      flow: "dc_api",
      origin: "https://v.example",
      nonce: "n-1",
      jwkThumbprint: null,
    });
    const dcApiTheirs = await SessionTranscript.forOid4VpDcApi(
      { origin: "https://v.example", nonce: "n-1" },
      mdocContext,
    );
    expect(hex(dcApi)).toBe(hex(dcApiTheirs.encode()));
  });
});
