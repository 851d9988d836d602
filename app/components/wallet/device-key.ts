/**
 * What the page knows about this device's holder keys (one per copy of each credential, issue 22).
 * Only the browser can tell (IndexedDB), so the server's render and the first client render say
 * "checking"; the answer comes after hydration. The server never learns which keys a device holds
 * until it issues to them.
 */
import { useCallback, useEffect, useState } from "react";
import { defineMessages } from "react-intl";
import type { WalletCopy, WalletCredential } from "#server/credentials/credentials.ts";
import {
  type HolderKey,
  HolderKeyUnavailableError,
  type KeyUnavailableReason,
  listHolderKeys,
} from "./holder-key.client.ts";

/** Why this browser has no usable wallet key, as the person reads it. */
export const keyUnavailableMessages = defineMessages({
  storage: {
    id: "wallet.deviceKey.noStorage",
    defaultMessage:
      "This browser is not letting the wallet keep a key on this device (private browsing, or site storage is blocked). Open the wallet in a normal window, or allow site data, to add credentials here.",
  },
  crypto: {
    id: "wallet.deviceKey.noCrypto",
    defaultMessage:
      "This browser cannot create a secure wallet key here. Use an up-to-date browser over a secure (https) connection.",
  },
  read: {
    id: "wallet.deviceKey.unreadable",
    defaultMessage: "This browser could not read the wallet key store.",
  },
});

export type DeviceKeyState =
  | { status: "checking" }
  | { status: "none" }
  /** The thumbprints of the keys this browser holds (at least one). */
  | { status: "ready"; thumbprints: readonly string[] }
  | { status: "unavailable"; reason: KeyUnavailableReason | "read" };

export function useDeviceKey(): {
  deviceKey: DeviceKeyState;
  keysCreated: (keys: readonly HolderKey[]) => void;
  recheck: () => void;
} {
  const [deviceKey, setDeviceKey] = useState<DeviceKeyState>({ status: "checking" });
  const [checks, setChecks] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `checks` is the re-check trigger: recheck() bumps it so the key store is read again
  useEffect(() => {
    let cancelled = false;
    listHolderKeys()
      .then((keys) => {
        if (!cancelled)
          setDeviceKey(
            keys.length ? { status: "ready", thumbprints: keys.map((key) => key.thumbprint) } : { status: "none" },
          );
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setDeviceKey({
          status: "unavailable",
          reason: error instanceof HolderKeyUnavailableError ? error.reason : "read",
        });
      });
    return () => {
      cancelled = true;
    };
  }, [checks]);

  const keysCreated = useCallback(
    (keys: readonly HolderKey[]) =>
      setDeviceKey((state) => ({
        status: "ready",
        thumbprints: [...(state.status === "ready" ? state.thumbprints : []), ...keys.map((key) => key.thumbprint)],
      })),
    [],
  );
  // An issuance that failed after the keys were made (e.g. no authority record) forgets them: look again.
  const recheck = useCallback(() => setChecks((n) => n + 1), []);
  return { deviceKey, keysCreated, recheck };
}

/**
 * Where a credential can be presented from, as far as this device knows: this device, another
 * (its key is not this browser's), or nowhere in a wallet at all, "paper" (printed at an
 * assisted-digital counter, bound to no key: its QR code is on the sheet). "unknown" while the
 * device's key is still being looked for.
 */
export type Binding = "unknown" | "this-device" | "other-device" | "paper";

export function bindingOf(
  credential: Pick<WalletCredential, "delivery"> & { copies: readonly Pick<WalletCopy, "holderKeyThumbprint">[] },
  deviceKey: DeviceKeyState,
): Binding {
  if (credential.delivery === "paper") return "paper";
  if (deviceKey.status === "checking") return "unknown";
  return onThisDevice(
    credential.copies.flatMap((copy) => copy.holderKeyThumbprint ?? []),
    deviceKey,
  )
    ? "this-device"
    : "other-device";
}

/**
 * Whether this device holds the key of any copy of a credential (`holderKeyThumbprints`, one per
 * copy): then it can present it. False while still checking.
 */
export function onThisDevice(holderKeyThumbprints: readonly string[], deviceKey: DeviceKeyState): boolean {
  return (
    deviceKey.status === "ready" &&
    holderKeyThumbprints.some((thumbprint) => deviceKey.thumbprints.includes(thumbprint))
  );
}

/** How many copies of a credential this device can present (issue 22: each shown to one verifier). */
export function copiesOnThisDevice(
  credential: { copies: readonly Pick<WalletCopy, "holderKeyThumbprint">[] },
  deviceKey: DeviceKeyState,
): number {
  return credential.copies.filter(
    (copy) => copy.holderKeyThumbprint && onThisDevice([copy.holderKeyThumbprint], deviceKey),
  ).length;
}
