import { expect } from "vitest";

/**
 * A console or portal watching over a WebSocket (an object's stub, or the web worker itself):
 * each message parsed, every wait bounded.
 */
export async function watchSocket(
  stub: { fetch(input: string, init?: RequestInit): Promise<Response> },
  url: string,
  headers: Record<string, string> = {},
) {
  const response = await stub.fetch(url, { headers: { ...headers, Upgrade: "websocket" } });
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
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })),
  );
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
              waiting.push((t) => {
                clearTimeout(timer);
                resolve(t);
              });
            });
      return text.then((t) => {
        all.push(t);
        return JSON.parse(t) as Record<string, unknown>;
      });
    },
    /** Resolves when the other side closes the socket, with its code and reason. */
    closed,
    send: (text: string) => socket.send(text),
    close: () => socket.close(1000, "done"),
  };
}
