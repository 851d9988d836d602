import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { useToast } from "./toast.tsx";

/**
 * A console's change through the JSON API: busy while it runs, the page's data read again after
 * it, and a refusal reported as spec 000 §8 says (401 signs in again; 400 "Validation Error";
 * anything else "Error"). Resolves true when the change was made.
 */
export function useMutation() {
  const { toast } = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const mutate = async (method: string, url: string, body: unknown, done?: () => void): Promise<boolean> => {
    setBusy(true);
    try {
      await apiRequest(method, url, body);
      done?.();
      revalidator.revalidate();
      return true;
    } catch (error) {
      handleMutationError(error, toast);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, mutate, toast, revalidator };
}
