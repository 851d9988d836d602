import { describe, expect, it } from "vitest";
import { bindingOf, type DeviceKeyState, onThisDevice } from "./device-key.ts";

/** Where a credential can be presented from, as the wallet's cards and dialogs are told it. */
describe("bindingOf", () => {
  const ready: DeviceKeyState = { status: "ready", thumbprint: "this-key" };
  const device = (holderKeyThumbprint: string | null) => ({ holderKeyThumbprint, delivery: "device" as const });
  const paper = { holderKeyThumbprint: null, delivery: "paper" as const };

  it("answers this device only when this browser holds the key the credential is bound to", () => {
    expect(bindingOf(device("this-key"), ready)).toBe("this-device");
    expect(bindingOf(device("another-key"), ready)).toBe("other-device");
    expect(bindingOf(device(null), ready)).toBe("other-device");
    expect(bindingOf(device("this-key"), { status: "none" })).toBe("other-device");
    expect(bindingOf(device("this-key"), { status: "unavailable", reason: "storage" })).toBe("other-device");
    expect(bindingOf(device("this-key"), { status: "checking" })).toBe("unknown");
  });

  it("answers paper for a credential printed at a counter, whatever this device holds: it is on no device, this one or another", () => {
    for (const deviceKey of [
      ready,
      { status: "none" },
      { status: "checking" },
      { status: "unavailable", reason: "storage" },
    ] satisfies DeviceKeyState[]) {
      expect(bindingOf(paper, deviceKey)).toBe("paper");
    }
  });

  it("onThisDevice: only a ready key with the same thumbprint", () => {
    expect(onThisDevice("this-key", ready)).toBe(true);
    expect(onThisDevice("another-key", ready)).toBe(false);
    expect(onThisDevice(null, ready)).toBe(false);
    expect(onThisDevice("this-key", { status: "checking" })).toBe(false);
  });
});
