import { describe, expect, it } from "vitest";
import type { WalletCard } from "#server/credentials/wallet-page.ts";
import { activeByType, replaceableCopy } from "./wallet-dialogs.tsx";

const card = (id: string, type: string, delivery: "device" | "paper", status = "active"): WalletCard =>
  ({
    id,
    type,
    delivery,
    status,
    copies: [{ id, holderKeyThumbprint: delivery === "paper" ? null : `key-${id}` }],
  }) as WalletCard;

/** The copy of each type the wallet acts on (the Request dialog, Add New Credential, re-issue). */
describe("activeByType", () => {
  it("keeps the newest active copy of each type", () => {
    const held = activeByType([
      card("new", "rtw", "device"),
      card("old", "rtw", "device"),
      card("gone", "rtr", "device", "revoked"),
    ]);
    expect([...held].map(([type, c]) => [type, c.id])).toEqual([["rtw", "new"]]);
  });

  it("prefers the device copy to a newer paper one printed at a counter, and keeps a paper copy when it is the only one", () => {
    const held = activeByType([
      card("paper-rtw", "rtw", "paper"),
      card("device-rtw", "rtw", "device"),
      card("paper-rtr", "rtr", "paper"),
    ]);
    expect(held.get("rtw")?.id).toBe("device-rtw");
    expect(held.get("rtr")?.id).toBe("paper-rtr");
  });
});

describe("replaceableCopy", () => {
  it("names the device copy issuing to this device would replace, never a paper copy (issuance leaves paper as it is)", () => {
    const held = activeByType([card("device-rtw", "rtw", "device"), card("paper-rtr", "rtr", "paper")]);
    expect(replaceableCopy(held, "rtw")?.id).toBe("device-rtw");
    expect(replaceableCopy(held, "rtr")).toBeUndefined();
    expect(replaceableCopy(held, "dbs")).toBeUndefined();
  });
});
