import type { Clock } from "#server/worker/clock.ts";

/**
 * What the Durable Object tests share (test support: left out of the worker's build and type
 * project like every worker's test-support.ts). Time moves by an injected clock, never by
 * rewriting an object's stored state (docs/decisions/006-test-layout.md).
 */

/** A clock the test moves: the object reads it (the test and the object share one isolate). */
export class TestClock implements Clock {
  constructor(private at: number) {}
  now() {
    return this.at;
  }
  advance(ms: number) {
    this.at += ms;
  }
}

export { watchSocket } from "#tests/support/websocket.ts";
