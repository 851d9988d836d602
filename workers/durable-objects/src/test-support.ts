import { expect } from "vitest";
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

/** A console or portal watching an object over a WebSocket: each message parsed, every wait bounded. */
export async function watchSocket(stub: { fetch(input: string, init?: RequestInit): Promise<Response> }, url: string) {
  const response = await stub.fetch(url, { headers: { Upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  const received: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  socket.addEventListener("message", (event) => {
    const text = String(event.data);
    const next = waiting.shift();
    if (next) next(text);
    else received.push(text);
  });
  socket.accept();
  const all: string[] = [];
  return {
    all,
    next(ms = 2_000): Promise<Record<string, unknown>> {
      const ready = received.shift();
      const text =
        ready !== undefined
          ? Promise.resolve(ready)
          : new Promise<string>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error(`no WebSocket message within ${ms} ms`)), ms);
              waiting.push((t) => (clearTimeout(timer), resolve(t)));
            });
      return text.then((t) => (all.push(t), JSON.parse(t) as Record<string, unknown>));
    },
    send: (text: string) => socket.send(text),
    close: () => socket.close(1000, "done"),
  };
}
