/**
 * What the page knows about this device's holder key. Only the browser can tell (IndexedDB), so
 * the server's render and the first client render say "checking"; the answer comes after
 * hydration. The server never learns which key a device holds until it issues to it.
 */
import { useCallback, useEffect, useState } from "react";
import { findHolderKey, HolderKeyUnavailableError, type HolderKey } from "./holder-key.client.ts";

export type DeviceKeyState =
  | { status: "checking" }
  | { status: "none" }
  | { status: "ready"; thumbprint: string }
  | { status: "unavailable"; message: string };

export function useDeviceKey(): { deviceKey: DeviceKeyState; keyCreated: (key: HolderKey) => void; recheck: () => void } {
  const [deviceKey, setDeviceKey] = useState<DeviceKeyState>({ status: "checking" });
  const [checks, setChecks] = useState(0);

  useEffect(() => {
    let cancelled = false;
    findHolderKey()
      .then((key) => {
        if (!cancelled) setDeviceKey(key ? { status: "ready", thumbprint: key.thumbprint } : { status: "none" });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = error instanceof HolderKeyUnavailableError ? error.message : "This browser could not read the wallet key store.";
        setDeviceKey({ status: "unavailable", message });
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

/** Where a credential can be presented from, as far as this device knows. */
export type Binding = "unknown" | "this-device" | "other-device";

export function bindingOf(holderKeyThumbprint: string | null, deviceKey: DeviceKeyState): Binding {
  if (deviceKey.status === "checking") return "unknown";
  if (deviceKey.status === "ready" && holderKeyThumbprint !== null && holderKeyThumbprint === deviceKey.thumbprint) return "this-device";
  return "other-device";
}
