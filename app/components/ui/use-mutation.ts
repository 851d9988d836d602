import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useIntl } from "react-intl";
import { apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { useToast } from "./toast.tsx";

export interface MutateOptions<T> {
  /** Called with the parsed answer when the change was made (a success toast, new state). */
  done?: (answer: T) => void;
  /** The toast title of a refusal other than 401 or 400 (spec 000 §8: "Error", or "Update Error" for a session). */
  failure?: string;
  /** Read the page's data again afterwards (default); off where a live feed brings the new state. */
  revalidate?: boolean;
}

/**
 * A console's change through the JSON API: busy while it runs, the page's data read again after
 * it, and a refusal reported as spec 000 §8 says (401 signs in again; 400 "Validation Error";
 * anything else `failure`). Resolves to the parsed answer, or undefined when refused.
 */
export function useMutation() {
  const { toast } = useToast();
  const intl = useIntl();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const mutate = async <T = unknown>(
    method: string,
    url: string,
    body: unknown,
    options: MutateOptions<T> = {},
  ): Promise<T | undefined> => {
    setBusy(true);
    try {
      const response = await apiRequest(method, url, body);
      const answer = (response.status === 204 ? undefined : await response.json()) as T;
      options.done?.(answer);
      if (options.revalidate !== false) revalidator.revalidate();
      return answer;
    } catch (error) {
      handleMutationError(error, toast, intl, { title: options.failure });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, mutate, toast, revalidator };
}
