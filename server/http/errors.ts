/**
 * A refusal a service makes on purpose (not found, not allowed in this state, bad proof): the HTTP
 * status, a message the client may show as it is (spec 000 §8), and a stable code for programs.
 * Anything else a service throws is a fault and answers 500, except the database being unavailable,
 * which answers 503 (serviceUnavailableResponse).
 */
export class ServiceError extends Error {
  override name = "ServiceError";
  readonly status: number;
  readonly code: string;

  constructor(status: number, message: string, code: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** A ServiceError as the JSON answer the client shows; anything else is rethrown. */
export function serviceErrorResponse(error: unknown): Response {
  if (error instanceof ServiceError)
    return Response.json({ message: error.message, code: error.code }, { status: error.status });
  throw error;
}

/** Seconds a client is told to wait before trying again when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** What the API says when the database cannot be reached (ADR 032); a page says it in the product's layout. */
export const SERVICE_UNAVAILABLE_MESSAGE = "The service is unavailable at the moment. Try again in a few minutes.";

/**
 * The answer to a request the database could not serve in time: 503 in the API's error shape, with
 * `Retry-After`, never stored by a cache. Nothing of the request was half-written (ADR 032).
 */
export function serviceUnavailableResponse(): Response {
  return Response.json(
    { message: SERVICE_UNAVAILABLE_MESSAGE, code: "SERVICE_UNAVAILABLE" },
    {
      status: 503,
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    },
  );
}
