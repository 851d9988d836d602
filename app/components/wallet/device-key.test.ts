import { describe, expect, it } from "vitest";
import { bindingOf, copiesOnThisDevice, type DeviceKeyState, onThisDevice } from "./device-key.ts";

/** Where a credential can be presented from, as the wallet's cards and dialogs are told it. */
describe("bindingOf", () => {
  const ready: DeviceKeyState = { status: "ready", thumbprints: ["this-key", "this-other-key"] };
  const device = (...thumbprints: (string | null)[]) => ({
    copies: thumbprints.map((holderKeyThumbprint) => ({ holderKeyThumbprint })),
    delivery: "device" as const,
  });
  const paper = { copies: [{ holderKeyThumbprint: null }], delivery: "paper" as const };

  it("answers this device only when this browser holds the key a copy of the credential is bound to", () => {
    expect(bindingOf(device("this-key"), ready)).toBe("this-device");
    expect(bindingOf(device("another-key"), ready)).toBe("other-device");
    expect(bindingOf(device(null), ready)).toBe("other-device");
    expect(bindingOf(device("this-key"), { status: "none" })).toBe("other-device");
    expect(bindingOf(device("this-key"), { status: "unavailable", reason: "storage" })).toBe("other-device");
    expect(bindingOf(device("this-key"), { status: "checking" })).toBe("unknown");
  });

  it("answers this device when it holds the key of any one of the credential's copies (issue 22)", () => {
    expect(bindingOf(device("a-key", "b-key", "this-other-key"), ready)).toBe("this-device");
    expect(bindingOf(device("a-key", "b-key", "c-key"), ready)).toBe("other-device");
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

  it("onThisDevice: only a ready device holding one of the keys", () => {
    expect(onThisDevice(["this-key"], ready)).toBe(true);
    expect(onThisDevice(["another-key", "this-other-key"], ready)).toBe(true);
    expect(onThisDevice(["another-key"], ready)).toBe(false);
    expect(onThisDevice([], ready)).toBe(false);
    expect(onThisDevice(["this-key"], { status: "checking" })).toBe(false);
  });

  it("copiesOnThisDevice counts the copies whose key this device holds", () => {
    expect(copiesOnThisDevice(device("this-key", "this-other-key", "another-key"), ready)).toBe(2);
    expect(copiesOnThisDevice(device("this-key"), { status: "checking" })).toBe(0);
  });
});
