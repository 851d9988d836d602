import type { StatusPolicy, VerificationFailure } from "#core/credentials/index.ts";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "#db/errors.ts";

/**
 * A credential's status that could not be checked because the platform's own database is away
 * (ADR 032). The core answers any status it cannot read STATUS_UNKNOWN, which SECURITY.md asks of
 * a status that is unavailable; but when what failed is our database (the list's version read
 * here, or the status worker answering 503 because its read failed), nothing was judged, and a
 * verifier told "invalid" would turn away a person whose credential may be good. Such a check
 * answers 503 with Retry-After instead: still closed (nothing is shown as valid), and the verifier
 * knows to try again. Genuine status failures (a bad or expired list token, a revoked or suspended
 * entry, a status worker that answers nothing usable) stay `valid: false`.
 */
export class StatusOutage {
  /** The outage met while the status was checked, if one was. */
  #met: unknown;

  /**
   * `status` watched: an outage thrown by its check or by the token fetch it hands back is
   * remembered, as is a check still waiting when the core gives up on it (every wait in the
   * judge's check is for the database, which the deadline bounds only later).
   */
  watch(status: StatusPolicy): StatusPolicy {
    const note = (error: unknown) => {
      if (isDatabaseUnavailable(error)) this.#met ??= error;
      throw error;
    };
    return {
      ...status,
      check: async (reference, options) => {
        const abandoned = () => {
          this.#met ??= new DatabaseUnavailableError("no answer from the database within the status check's time");
        };
        options.signal.addEventListener("abort", abandoned, { once: true });
        try {
          const result = await status.check(reference, options).catch(note);
          if (result.kind !== "versioned") return result;
          return { ...result, token: () => result.token().catch(note) };
        } finally {
          options.signal.removeEventListener("abort", abandoned);
        }
      },
    };
  }

  /** Throws the outage when it is why the verification failed (its status unknown); otherwise nothing. */
  throwIfUnjudged(verified: { valid: true } | VerificationFailure): void {
    if (this.#met !== undefined && !verified.valid && verified.code === "STATUS_UNKNOWN") throw this.#met;
  }
}
