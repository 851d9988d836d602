/**
 * A refusal a service makes on purpose (not found, not allowed in this state, bad proof): the HTTP
 * status, a message the client may show as it is (spec 000 §8), and a stable code for programs.
 * Anything else a service throws is a fault and answers 500.
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
