import { type Clock, systemClock } from "#server/worker/clock.ts";

/**
 * The last signed token of each status list this isolate has served, kept so that while the
 * database is unavailable the worker can serve it again within its `ttl` (ADR 032). A consumer
 * may cache a token for `ttl` seconds anyway (the token's `ttl` claim; ADR 011), so serving
 * the held copy within that window tells nobody anything older than their own cache would; past
 * it, the worker answers 503 rather than let a revocation go unseen.
 */
export interface HeldList {
  token: string;
  /** When it was signed (the token's `iat`), Unix seconds. */
  signedAt: number;
  /** Seconds a consumer may cache it (the token's `ttl`). */
  ttl: number;
  lastModified: string;
  version: number;
}

/** Lists held at most, the oldest dropped first: memory stays bounded however many lists there are. */
const MAX_HELD = 1_024;

/** The held copies of one isolate. */
export interface HeldStatusLists {
  /** Where the ttl is judged from; tests pass another clock. */
  clock: Clock;
  /** Keeps `list` as the latest signed copy of the list `key` names (the issuing base and the list id). */
  hold(key: string, list: HeldList): void;
  /** The held copy of the list `key` names while it is within its ttl, with its age in seconds. */
  withinTtl(key: string): { list: HeldList; ageSeconds: number } | undefined;
}

function heldLists(): HeldStatusLists {
  const held = new Map<string, HeldList>();
  return {
    clock: systemClock,
    hold(key, list) {
      held.delete(key);
      held.set(key, list);
      if (held.size > MAX_HELD) held.delete(held.keys().next().value as string);
    },
    withinTtl(key) {
      const list = held.get(key);
      if (!list) return undefined;
      const ageSeconds = Math.floor(this.clock.now() / 1000) - list.signedAt;
      return ageSeconds < list.ttl ? { list, ageSeconds: Math.max(0, ageSeconds) } : undefined;
    },
  };
}

/** This isolate's held lists (an isolate serves many requests; each holds what it signed last). */
export const heldStatusLists = heldLists();
