/**
 * The time source of anything that keeps state over time (Durable Objects, expiries). Code asks
 * the clock it was given instead of reading `Date.now()` itself, so a test can run an hour in a
 * line by passing another clock; production always runs on the system's.
 */
export interface Clock {
  /** Unix milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
