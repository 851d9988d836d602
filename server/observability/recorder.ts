import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client.ts";
import type { RequestContext } from "#server/worker/context.ts";

/**
 * The one place observability rows are written from (issue 12 "Recording"): a request's audit
 * events, logs, its response time and its server error (with the error group's upsert) are
 * collected while it runs and written once, after the response, as a single `db.batch` inside
 * waitUntil: one round trip per request, and a slow or failing write never delays or breaks the
 * answer. The web worker makes one per request (app/entry.worker.ts) and carries it in the
 * request context; code that runs without one (Durable Objects, scripts) writes at once instead
 * (`writeObservability`).
 */
export type ObservabilityStatement = BatchItem<"sqlite">;

export class RequestRecorder {
  readonly #db: Database;
  readonly #ctx: ExecutionContext;
  readonly #requestId: string;
  #pending: ObservabilityStatement[] = [];
  /** Rows still being worked out (an audit row's address code waits for the day's salt). */
  #later: Promise<ObservabilityStatement[]>[] = [];
  #closed = false;

  constructor(db: Database, ctx: ExecutionContext, requestId: string) {
    this.#db = db;
    this.#ctx = ctx;
    this.#requestId = requestId;
  }

  /** Adds rows to the request's batch; after the batch has gone (a late write, e.g. from a streamed answer), writes them on their own. */
  add(...statements: ObservabilityStatement[]): void {
    if (statements.length === 0) return;
    if (!this.#closed) {
      this.#pending.push(...statements);
      return;
    }
    this.#ctx.waitUntil(this.#write(statements));
  }

  /**
   * Adds rows once `statements` resolves: they still go in the request's one batch, which waits for
   * them after the response. One that fails is logged and left out; the others are written.
   */
  addWhenReady(statements: Promise<ObservabilityStatement[]>): void {
    const settled = statements.catch((error: unknown) => {
      console.error(`[${this.#requestId}] could not prepare observability rows`, error);
      return [];
    });
    if (!this.#closed) {
      this.#later.push(settled);
      return;
    }
    this.#ctx.waitUntil(settled.then((rows) => this.#write(rows)));
  }

  /** How many statements (or sets of them being worked out) wait for the flush. */
  get size(): number {
    return this.#pending.length + this.#later.length;
  }

  /** Writes everything collected in one batch (one transaction, one round trip) after the response, through waitUntil; later rows are written on their own. */
  flushAfterResponse(): void {
    this.#closed = true;
    const statements = this.#pending;
    const later = this.#later;
    this.#pending = [];
    this.#later = [];
    if (later.length === 0) {
      if (statements.length > 0) this.#ctx.waitUntil(this.#write(statements));
      return;
    }
    this.#ctx.waitUntil(Promise.all(later).then((rows) => this.#write([...statements, ...rows.flat()])));
  }

  /** A failure is logged, never thrown, so it cannot turn an answer into an error. */
  async #write(statements: ObservabilityStatement[]): Promise<void> {
    if (statements.length === 0) return;
    try {
      await this.#db.batch(statements as [ObservabilityStatement, ...ObservabilityStatement[]]);
    } catch (error) {
      console.error(`[${this.#requestId}] could not write ${statements.length} observability rows`, error);
    }
  }
}

/** What a writer needs: the database, the execution context, and the request's recorder when there is one. */
export type ObservabilityContext = Pick<RequestContext, "db" | "ctx" | "requestId" | "recorder">;

/**
 * Appends `statements` to the request's recorder; without one (a Durable Object, a script), writes
 * them now as one batch in the background.
 */
export function writeObservability(context: ObservabilityContext, statements: ObservabilityStatement[]): void {
  if (statements.length === 0) return;
  if (context.recorder) {
    context.recorder.add(...statements);
    return;
  }
  const direct = new RequestRecorder(context.db, context.ctx, context.requestId);
  direct.add(...statements);
  direct.flushAfterResponse();
}

/** As `writeObservability`, for rows still being worked out: they join the request's batch when ready. */
export function writeObservabilityWhenReady(
  context: ObservabilityContext,
  statements: Promise<ObservabilityStatement[]>,
): void {
  if (context.recorder) {
    context.recorder.addWhenReady(statements);
    return;
  }
  const direct = new RequestRecorder(context.db, context.ctx, context.requestId);
  direct.addWhenReady(statements);
  direct.flushAfterResponse();
}
