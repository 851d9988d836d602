/**
 * Verified, inflated status lists kept between checks (issue 9): a list is verified and inflated
 * once per version, and every later check of the same version reads one bit from memory. The key
 * includes the list's version, which the caller reads fresh from the list's owner, so a changed
 * list can never be served from here: a revocation is seen by the very next check.
 * Entries also lapse when the token they came from expires.
 */
import type { StatusBits } from "./status-list.ts";

export interface CachedStatusList {
  bytes: Uint8Array;
  bits: StatusBits;
  /** The token's exp (epoch seconds), if it had one. */
  exp?: number;
}

export class StatusListCache {
  readonly #entries = new Map<string, CachedStatusList>();

  /** A few lists per issuer are live at a time; 2^17-entry lists are 16 KiB each. */
  constructor(private readonly maxEntries = 64) {}

  get(uri: string, version: string, now: number): CachedStatusList | undefined {
    const key = `${version} ${uri}`;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.exp !== undefined && now >= entry.exp) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(uri: string, version: string, entry: CachedStatusList): void {
    // One version per list: an older one is never asked for again.
    for (const key of this.#entries.keys()) if (key.endsWith(` ${uri}`)) this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(`${version} ${uri}`, entry);
  }

  get size(): number {
    return this.#entries.size;
  }
}
