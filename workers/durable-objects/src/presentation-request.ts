import { createDb } from "#db/client.ts";
import { grantOf } from "#server/accounts/live-access.ts";
import {
  AnswerInput,
  MAX_ATTEMPTS,
  OpenRequestInput,
  type PresentationRequestApi,
  type RequestSnapshot,
  type ResponseKey,
  writeThrough,
} from "#server/verification/request-state.ts";
import { ClockedObject } from "./clocked-object.ts";

/**
 * One OpenID4VP request (idFromName(requestId)): its single writer (docs/decisions/016, 029).
 *  - answer() ends the request with the first valid presentation or the holder's decline and no
 *    other; an invalid presentation is an attempt, counted, the request staying open, and the
 *    MAX_ATTEMPTS-th closes it as failed. It reads, decides and writes with no `await` in
 *    between, so two answers arriving at once cannot both win.
 *  - A portal's socket is let in with a grant (server/accounts/live-access.ts) checked again
 *    before every message: a verifier signed out or moved keeps no feed.
 *  - Every portal watching holds a hibernating WebSocket (fetch with Upgrade); each change is sent
 *    to all of them at once, and a new watcher gets the current state first.
 *  - An alarm expires the request at expiresAt, and retries a write-through that failed.
 */
export interface Stored {
  snapshot: RequestSnapshot;
  state: string;
  /** direct_post.jwt: the request's own decryption key, kept only while the request is pending. */
  responseKey?: ResponseKey;
  /** The row in libSQL does not have this state yet. */
  unsynced: boolean;
}

const KEY = "state";
const SYNC_RETRY_MS = 5_000;

export class PresentationRequest extends ClockedObject implements PresentationRequestApi {
  #load(): Stored | undefined {
    const stored = this.ctx.storage.kv.get<Stored>(KEY);
    // A state stored before attempts were counted has none.
    return stored && { ...stored, snapshot: { ...stored.snapshot, attempts: stored.snapshot.attempts ?? 0 } };
  }

  /** Expired on read too, in case the alarm has not run yet. */
  #current(): Stored | undefined {
    const stored = this.#load();
    if (stored?.snapshot.status === "pending" && this.clock.now() >= Date.parse(stored.snapshot.expiresAt)) {
      return this.#change({ ...stored.snapshot, status: "expired", result: null });
    }
    return stored;
  }

  /** Stores a new state, tells every watcher, and writes it through (after, and retried by the alarm). */
  #change(snapshot: RequestSnapshot): Stored {
    const previous = this.#load();
    // An ended request forgets its decryption key: a replayed answer cannot be decrypted any more.
    const responseKey = snapshot.status === "pending" ? previous?.responseKey : undefined;
    const stored: Stored = {
      snapshot,
      state: previous?.state ?? "",
      unsynced: true,
      ...(responseKey ? { responseKey } : {}),
    };
    this.ctx.storage.kv.put(KEY, stored);
    this.watchers.broadcast({ type: "state", ...snapshot });
    this.ctx.waitUntil(this.#sync());
    return stored;
  }

  async #sync(): Promise<void> {
    const stored = this.#load();
    if (!stored?.unsynced) return;
    try {
      await writeThrough(createDb(this.env), stored.snapshot, this.clock.now());
      const latest = this.#load();
      if (latest && latest.snapshot.status === stored.snapshot.status)
        this.ctx.storage.kv.put(KEY, { ...latest, unsynced: false });
    } catch (error) {
      console.error(`presentation request ${stored.snapshot.id}: write-through failed, retrying`, error);
      await this.ctx.storage.setAlarm(this.clock.now() + SYNC_RETRY_MS);
    }
  }

  async open(input: unknown): Promise<RequestSnapshot> {
    const { id, expiresAt, state, responseKey } = OpenRequestInput.parse(input);
    const existing = this.#current();
    if (existing) return existing.snapshot;
    const snapshot: RequestSnapshot = {
      id,
      status: "pending",
      result: null,
      expiresAt: new Date(expiresAt).toISOString(),
      attempts: 0,
    };
    this.ctx.storage.kv.put(KEY, {
      snapshot,
      state,
      unsynced: false,
      ...(responseKey ? { responseKey } : {}),
    } satisfies Stored);
    await this.ctx.storage.setAlarm(expiresAt);
    return snapshot;
  }

  async answer(input: unknown): Promise<{ accepted: boolean; snapshot: RequestSnapshot }> {
    const parsed = AnswerInput.parse(input);
    const stored = this.#current();
    if (!stored) throw new Error("no such request");
    if (stored.snapshot.status !== "pending") return { accepted: false, snapshot: stored.snapshot };
    const snapshot = this.#after(stored.snapshot, parsed);
    this.#change(snapshot);
    return { accepted: true, snapshot };
  }

  /** What an answer makes of an open request: ended by a valid one or the holder's decline, else one more attempt. */
  #after(open: RequestSnapshot, answer: AnswerInput): RequestSnapshot {
    if (answer.kind === "declined") {
      const result = { valid: false, reason: "REQUEST_DECLINED", presentedAttributes: {}, timestamp: answer.timestamp };
      return { ...open, status: "declined", result };
    }
    if (answer.result.valid) return { ...open, status: "completed", result: answer.result };
    const attempts = open.attempts + 1;
    if (attempts < MAX_ATTEMPTS) return { ...open, attempts };
    const result = {
      valid: false,
      reason: "REQUEST_TOO_MANY_ATTEMPTS",
      presentedAttributes: {},
      timestamp: answer.result.timestamp,
    };
    return { ...open, attempts, status: "failed", result };
  }

  async snapshot(): Promise<RequestSnapshot | null> {
    return this.#current()?.snapshot ?? null;
  }

  async openState(): Promise<string | null> {
    const stored = this.#current();
    return stored?.snapshot.status === "pending" ? stored.state : null;
  }

  async responseKey(): Promise<ResponseKey | null> {
    const stored = this.#current();
    return stored?.snapshot.status === "pending" ? (stored.responseKey ?? null) : null;
  }

  override async fetch(request: Request): Promise<Response> {
    const stored = this.#current();
    if (!stored) return new Response("Not found", { status: 404 });
    // Only a portal the verifier worker let in, with the grant it wrote (never the browser's say).
    const grant = grantOf(request);
    if (grant?.need !== "verifier") return new Response("Forbidden", { status: 403 });
    return this.watchers.watch(request, [], { type: "state", ...stored.snapshot }, grant);
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // The portal may ask again (after a reconnect, or to check the line): it gets the state, if its access still holds.
    if (message !== "state" || !(await this.watchers.stillAllowed(socket))) return;
    socket.send(JSON.stringify({ type: "state", ...(this.#current()?.snapshot ?? {}) }));
  }

  /**
   * At least once: retry a write-through that failed, or expire what is due (which writes itself
   * through); never both, so one alarm makes one write.
   */
  override async alarm(): Promise<void> {
    if (this.#load()?.unsynced) await this.#sync();
    else this.#current();
  }
}
