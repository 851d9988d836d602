import {
  type AssistedSession,
  advance,
  approvalState,
  decideApproval,
  linkClient,
  markRawDataPurged,
  newSession,
  rawDataDueAt,
  recordDocument,
  recordIssuance,
  recordVisualMatch,
  requestApproval,
  SessionRuleError,
  setStatus,
} from "#core/assisted/session.ts";
import { createDb } from "#db/client.ts";
import { grantOf } from "#server/accounts/live-access.ts";
import { tellOffice, watcherRole } from "#server/assisted/office-feed.ts";
import {
  type AssistedSessionApi,
  type CommandResult,
  CreateSessionInput,
  OfficeScope,
  SessionCommand,
  writeThrough,
} from "#server/assisted/session-state.ts";
import { ClockedObject } from "./clocked-object.ts";

/**
 * One assisted-digital session (idFromName(sessionId)): its single writer (docs/decisions/017).
 *  - apply() runs one command through the rules in core/assisted/session.ts: read, decide and
 *    write with no `await` in between, so two consoles acting at once are applied one after the
 *    other, each against the state the other left.
 *  - Raw document data (the full number, a captured image) is kept under its own key, never sent
 *    to libSQL or to watchers, and deleted 72 hours after capture by the alarm.
 *  - Every console watching holds a hibernating WebSocket tagged with its role ("operator" or
 *    "supervisor"); each change is sent to all of them, and a new watcher gets the state first.
 *  - Each change is written through to `assisted_sessions` with its audit rows; a failed write is
 *    retried by the alarm.
 */
interface Stored {
  session: AssistedSession;
  /** Raised by every change; the write-through says which version it wrote. */
  version: number;
  syncedVersion: number;
  /** The last event whose audit row is in libSQL. */
  syncedSeq: number;
}

interface RawDocument {
  number: string;
  image: string | null;
}

const SESSION = "session";
const RAW = "raw-document";
const SYNC_RETRY_MS = 5_000;

export class AssistedSessionObject extends ClockedObject implements AssistedSessionApi {
  #load(): Stored | undefined {
    return this.ctx.storage.kv.get<Stored>(SESSION);
  }

  #now(): Date {
    return new Date(this.clock.now());
  }

  /** Stores the new state and tells every watcher, with no `await` between the decision and this. */
  #store(session: AssistedSession): void {
    const previous = this.#load();
    const version = (previous?.version ?? 0) + 1;
    this.ctx.storage.kv.put(SESSION, {
      session,
      version,
      syncedVersion: previous?.syncedVersion ?? 0,
      syncedSeq: previous?.syncedSeq ?? 0,
    } satisfies Stored);
    this.watchers.broadcast({ type: "session", session });
  }

  /**
   * Writes the latest state through before answering, so the office's list (read from libSQL)
   * agrees with what the console was told; a failure is retried by the alarm, not the caller.
   */
  async #change(session: AssistedSession): Promise<void> {
    this.#store(session);
    await this.#sync();
    await this.#armAlarm();
    // The office's consoles read their lists again; a supervisor's learns of a request for approval.
    const office = this.env.ASSISTED_OFFICES.get(this.env.ASSISTED_OFFICES.idFromName(session.officeId));
    await tellOffice(office, {
      what: "sessions",
      sessionId: session.id,
      awaitingApproval: approvalState(session.approval, this.#now()) === "pending",
    });
  }

  /** The write-through in flight: writes go one at a time, so an older state never lands after a newer one. */
  #syncing: Promise<void> = Promise.resolve();

  #sync(): Promise<void> {
    this.#syncing = this.#syncing.then(() => this.#syncOnce());
    return this.#syncing;
  }

  async #syncOnce(): Promise<void> {
    const stored = this.#load();
    if (!stored || stored.version === stored.syncedVersion) return;
    try {
      await writeThrough(createDb(this.env), stored.session, stored.syncedSeq);
      // Another change may have landed while this one was written: only what was written counts.
      const latest = this.#load()!;
      const syncedSeq = stored.session.events.at(-1)?.seq ?? stored.syncedSeq;
      this.ctx.storage.kv.put(SESSION, {
        ...latest,
        syncedVersion: Math.max(latest.syncedVersion, stored.version),
        syncedSeq: Math.max(latest.syncedSeq, syncedSeq),
      });
    } catch (error) {
      console.error(`assisted session ${stored.session.id}: write-through failed, retrying`, error);
    }
  }

  /** The next thing due: a write-through to retry, or raw data to delete. */
  async #armAlarm(): Promise<void> {
    const stored = this.#load();
    if (!stored) return;
    const due = [
      stored.version !== stored.syncedVersion ? this.clock.now() + SYNC_RETRY_MS : null,
      rawDataDueAt(stored.session),
    ].filter((at): at is number => at !== null);
    if (due.length) await this.ctx.storage.setAlarm(Math.min(...due));
    else await this.ctx.storage.deleteAlarm();
  }

  async create(input: unknown): Promise<AssistedSession> {
    const parsed = CreateSessionInput.parse(input);
    const existing = this.#load();
    if (existing) return existing.session;
    const session = newSession({ ...parsed, now: this.#now() });
    await this.#change(session);
    return session;
  }

  /** The session when it exists and lies in `scope` (the office is fixed when it is created). */
  #inScope(scope: unknown): AssistedSession | null {
    const { officeId } = OfficeScope.parse(scope);
    const session = this.#load()?.session;
    return session && (officeId === null || session.officeId === officeId) ? session : null;
  }

  async view(scope: unknown): Promise<AssistedSession | null> {
    return this.#inScope(scope);
  }

  async apply(input: unknown, scope: unknown): Promise<CommandResult> {
    const parsed = SessionCommand.safeParse(input);
    if (!parsed.success)
      return {
        ok: false,
        status: 400,
        code: "VALIDATION_ERROR",
        message: parsed.error.issues.map((i) => i.message).join("; "),
      };
    const command = parsed.data;
    const session = this.#inScope(scope);
    if (!session) return { ok: false, status: 404, code: "NOT_FOUND", message: "Assisted session not found" };
    const now = this.#now();
    try {
      let next: AssistedSession;
      switch (command.type) {
        case "advance":
          next = advance(session, command.toStep, command.actor, now);
          break;
        case "status":
          next = setStatus(session, command.status, command.actor, now);
          break;
        case "link-client":
          next = linkClient(session, command.client, command.actor, now);
          break;
        case "document": {
          const { number, image, ...rest } = command.document;
          next = recordDocument(
            session,
            { ...rest, numberLast4: number.slice(-4), hasImage: image !== undefined },
            command.actor,
            now,
          );
          this.ctx.storage.kv.put(RAW, { number, image: image ?? null } satisfies RawDocument);
          break;
        }
        case "request-approval":
          next = requestApproval(session, { id: command.approvalId, actor: command.actor }, now);
          break;
        case "decide-approval":
          next = decideApproval(
            session,
            {
              approvalId: command.approvalId,
              decision: command.decision,
              reason: command.reason,
              supervisor: command.supervisor,
            },
            now,
          );
          break;
        case "visual-match":
          next = recordVisualMatch(session, command, command.actor, now);
          break;
        case "issuance":
          next = recordIssuance(
            session,
            {
              credentialTypes: command.credentialTypes,
              delivery: command.delivery,
              paperCredentialIds: command.paperCredentialIds,
            },
            command.actor,
            now,
          );
          break;
      }
      await this.#change(next);
      return { ok: true, session: next };
    } catch (error) {
      if (error instanceof SessionRuleError)
        return {
          ok: false,
          status: error.status,
          code: error.code,
          message: error.message,
          rule: error.rule,
          values: error.values,
        };
      throw error;
    }
  }

  /** A console's live feed: `?office=` is the caller's scope, set by the web worker (none: an administrator's, every office). */
  override async fetch(request: Request): Promise<Response> {
    const session = this.#inScope({ officeId: new URL(request.url).searchParams.get("office") });
    if (!session) return new Response("Not found", { status: 404 });
    // What let the console in stays with its socket, checked before each message: the session's office.
    const grant = grantOf(request);
    return this.watchers.watch(
      request,
      [watcherRole(request)],
      { type: "session", session },
      grant && { ...grant, officeId: session.officeId },
    );
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // A console may ask again (after a reconnect, or to check the line): it gets the state, if it still may.
    if (message === "session" && (await this.watchers.stillAllowed(socket)))
      socket.send(JSON.stringify({ type: "session", session: this.#load()?.session ?? null }));
  }

  /**
   * At least once, so idempotent: delete raw document data that is due (once: a second run finds
   * none), retry a write-through that failed, then re-arm for whatever is next.
   */
  override async alarm(): Promise<void> {
    const stored = this.#load();
    if (!stored) return;
    const due = rawDataDueAt(stored.session);
    if (due !== null && due <= this.clock.now()) {
      this.ctx.storage.kv.delete(RAW);
      this.#store(markRawDataPurged(stored.session, this.#now()));
    }
    await this.#sync();
    await this.#armAlarm();
  }
}
