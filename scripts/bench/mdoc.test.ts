import { describe, expect, it } from "vitest";
import { mdocVerificationOps } from "./mdoc.ts";

describe("the mdoc bench hook", () => {
  it("times a verification that passes and a raw floor that verifies the response's own bytes", async () => {
    for (const device of ["Ed25519", "P-256"] as const) {
      const bench = await mdocVerificationOps({ size: 2, device });
      expect(bench.responseBytes).toBeGreaterThan(500);
      for (let call = 0; call < 4; call++) {
        await bench.ops.mdoc(call);
        await bench.ops.raw(call);
      }
      // The floor checks real signatures: one flipped bit fails it.
      bench.pool[0]!.raw.device.signature[3]! ^= 1;
      await expect(bench.ops.raw(0)).rejects.toThrow("raw DeviceSignature verify failed");
      bench.pool[1]!.raw.issuer.signature[3]! ^= 1;
      await expect(bench.ops.raw(1)).rejects.toThrow("raw IssuerAuth verify failed");
    }
  });
});
