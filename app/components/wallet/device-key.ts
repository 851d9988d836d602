/**
 * What the page knows about this device's holder key. Only the browser can tell (IndexedDB), so
 * the server's render and the first client render say "checking"; the answer comes after
 * hydration. The server never learns which key a device holds until it issues to it.
 */
import { useCallback, useEffect, useState } from "react";
import { defineMessages } from "react-intl";
import type { WalletCredential } from "#server/credentials/credentials.ts";
import {
  findHolderKey,
  type HolderKey,
  HolderKeyUnavailableError,
  type KeyUnavailableReason,
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
  | { status: "ready"; thumbprint: string }
  | { status: "unavailable"; reason: KeyUnavailableReason | "read" };

export function useDeviceKey(): {
  deviceKey: DeviceKeyState;
  keyCreated: (key: HolderKey) => void;
  recheck: () => void;
} {
  const [deviceKey, setDeviceKey] = useState<DeviceKeyState>({ status: "checking" });
  const [checks, setChecks] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `checks` is the re-check trigger: recheck() bumps it so the key store is read again
  useEffect(() => {
    let cancelled = false;
    findHolderKey()
      .then((key) => {
        if (!cancelled) setDeviceKey(key ? { status: "ready", thumbprint: key.thumbprint } : { status: "none" });
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

  const keyCreated = useCallback((key: HolderKey) => setDeviceKey({ status: "ready", thumbprint: key.thumbprint }), []);
  // An issuance that failed after the key was made (e.g. no authority record) still leaves a key.
  const recheck = useCallback(() => setChecks((n) => n + 1), []);
  return { deviceKey, keyCreated, recheck };
}

/**
 * Where a credential can be presented from, as far as this device knows: this device, another
 * (its key is not this browser's), or nowhere in a wallet at all, "paper" (printed at an
 * assisted-digital counter, bound to no key: its QR code is on the sheet). "unknown" while the
 * device's key is still being looked for.
 */
export type Binding = "unknown" | "this-device" | "other-device" | "paper";

export function bindingOf(
  credential: Pick<WalletCredential, "holderKeyThumbprint" | "delivery">,
  deviceKey: DeviceKeyState,
): Binding {
  if (credential.delivery === "paper") return "paper";
  if (deviceKey.status === "checking") return "unknown";
  return onThisDevice(credential.holderKeyThumbprint, deviceKey) ? "this-device" : "other-device";
}

/** Whether this device holds the key a credential is bound to (false while still checking). */
export function onThisDevice(holderKeyThumbprint: string | null, deviceKey: DeviceKeyState): boolean {
  return deviceKey.status === "ready" && holderKeyThumbprint !== null && holderKeyThumbprint === deviceKey.thumbprint;
}
