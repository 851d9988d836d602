import { useRevalidator } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError, apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { needsConfirmation } from "#app/components/profile/confirm-identity.tsx";
import { ActionList, ActionListRow } from "#app/components/ui/action-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { formatDate, formatDateTime } from "#core/format/format.ts";
import type { PasskeySummary } from "#server/accounts/passkeys.ts";
import {
  browserFailureMessage,
  type PasskeySupport,
  passkeySupport,
  registerPasskey,
  wasCancelled,
} from "./passkey-client.ts";

/** The name rules the server applies (server/accounts/passkeys.ts PasskeyName), checked here first. */
const NAME_MAX = 60;
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return "Enter a name for your passkey";
  if (trimmed.length > NAME_MAX) return `Passkey name must be ${NAME_MAX} characters or fewer`;
  return null;
}

const kindOf = (passkey: PasskeySummary) =>
  passkey.deviceType === "multiDevice" || passkey.backedUp
    ? "Synced passkey (available on your other devices)"
    : "Passkey on one device";

/** The person closed "Confirm it's you" without confirming: the change was not made, and that is all. */
class NotConfirmed extends Error {}

/**
 * The Security Settings section's passkeys (ADR 021): each with its name, when it was added and
 * last used, and Remove (after a confirmation dialog); and a form to add one under a name. Adding
 * needs JavaScript and the origin passkeys belong to; without them the section says why. Adding and
 * removing need a recent "Confirm it's you" (ADR 030): when the server asks for one,
 * `confirmIdentity` opens the page's dialog, and the change is sent again once confirmed.
 */
export function PasskeyManager({
  passkeys,
  passkeyOrigin,
  confirmIdentity,
}: {
  passkeys: PasskeySummary[];
  passkeyOrigin: string | null;
  confirmIdentity: () => Promise<boolean>;
}) {
  const [support, setSupport] = useState<PasskeySupport | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const revalidator = useRevalidator();
  const nameRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => setSupport(passkeySupport(passkeyOrigin)), [passkeyOrigin]);

  /** Runs `change`; when the server asks to confirm it's you, asks (after `before`) and runs it once more. */
  const withConfirmation = async <T,>(change: () => Promise<T>, before?: () => void): Promise<T> => {
    try {
      return await change();
    } catch (error) {
      if (!needsConfirmation(error)) throw error;
      before?.();
      if (!(await confirmIdentity())) throw new NotConfirmed();
      return change();
    }
  };

  // After a removal its Remove button goes, so focus goes to the list's heading rather than the top
  // of the page. This runs after the dialog's own effect has closed it (children's effects run
  // first), which would otherwise hand focus back to that button.
  useEffect(() => {
    if (!focusHeading || removing) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading, removing]);

  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setNameError(problem);
    if (problem) {
      toast({ title: "Validation Error", description: problem, variant: "destructive" });
      nameRef.current?.focus();
      return;
    }
    setAdding(true);
    try {
      const added = await withConfirmation(() => registerPasskey(name));
      setName("");
      toast({ title: "Passkey Added", description: `“${added.name}” is ready. You can now sign in with it.` });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof NotConfirmed) {
        toast({ title: "Passkey Not Added", description: "You did not confirm it’s you.", variant: "destructive" });
      } else if (error instanceof ApiError) {
        if (error.status === 400 && error.serverMessage)
          setNameError(/name/i.test(error.serverMessage) ? error.serverMessage : null);
        handleMutationError(error, toast, undefined, "Passkey Not Added");
      } else {
        toast({
          title: wasCancelled(error) ? "Passkey Not Added" : "Passkey Error",
          description: browserFailureMessage(error),
          variant: "destructive",
        });
      }
    } finally {
      setAdding(false);
    }
  };

  const onRemove = async () => {
    if (!removing) return;
    const target = removing;
    setBusy(true);
    try {
      // The removal dialog closes before "Confirm it's you" opens, so only one dialog is open at a time.
      await withConfirmation(
        () => apiRequest("DELETE", `/api/auth/passkeys/${encodeURIComponent(target.id)}`),
        () => setRemoving(null),
      );
      setFocusHeading(true);
      toast({ title: "Passkey Removed", description: `“${target.name}” can no longer be used to sign in.` });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof NotConfirmed)
        toast({ title: "Passkey Not Removed", description: "You did not confirm it’s you.", variant: "destructive" });
      else handleMutationError(error, toast, undefined, "Passkey Not Removed");
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <div
      id="passkeys"
      className="mt-6 scroll-mt-4 border-t border-govuk-border pt-5 dark:border-slate-700"
      data-testid="passkey-manager"
    >
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold focus:outline-none focus-visible:ring-4 focus-visible:ring-govuk-yellow"
      >
        Your passkeys
      </h3>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
        Sign in with your fingerprint, face or screen lock instead of your password. Your password still works too.
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-3">You have no passkeys yet.</p>
      ) : (
        <ActionList label="Your passkeys">
          {passkeys.map((passkey) => (
            <ActionListRow
              key={passkey.id}
              title={<bdi>{passkey.name}</bdi>}
              kind={kindOf(passkey)}
              when={
                <>
                  Added {formatDate(passkey.createdAt)} ·{" "}
                  {passkey.lastUsed ? `Last used ${formatDateTime(passkey.lastUsed)}` : "Not used yet"}
                </>
              }
              action={
                <Button
                  variant="outline"
                  className="px-3 py-1 text-sm"
                  onClick={() => setRemoving(passkey)}
                  disabled={busy}
                >
                  Remove<span className="sr-only"> passkey {passkey.name}</span>
                </Button>
              }
            />
          ))}
        </ActionList>
      )}

      {support === "ready" ? (
        <form onSubmit={(event) => void onAdd(event)} noValidate aria-label="Add a passkey" className="mt-5 grid gap-3">
          <TextField
            ref={nameRef}
            name="passkeyName"
            label="Passkey name"
            hint="So you can tell your passkeys apart, for example “Work laptop” or “My phone”."
            autoComplete="off"
            maxLength={NAME_MAX + 20}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (nameError) setNameError(nameProblem(event.target.value));
            }}
            errors={nameError ? [nameError] : undefined}
          />
          <div>
            <Button type="submit" disabled={adding}>
              {adding ? "Waiting for your device..." : "Add a passkey"}
            </Button>
          </div>
        </form>
      ) : support === "elsewhere" ? (
        <p className="mt-4 text-sm">
          Passkeys work at <TextLink href={`${passkeyOrigin}/profile#passkeys`}>{passkeyOrigin}</TextLink>. Open your
          profile there to add one.
        </p>
      ) : support === "unsupported" ? (
        <p className="mt-4 text-sm">This browser cannot make passkeys. Try another browser or device.</p>
      ) : support === "unavailable" ? (
        <p className="mt-4 text-sm">Passkeys are not available on this service yet.</p>
      ) : (
        <noscript>
          <p className="mt-4 text-sm">Adding a passkey needs JavaScript.</p>
        </noscript>
      )}

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this passkey?"
        description={
          removing
            ? `You will no longer be able to sign in with “${removing.name}”. You can add it again later.`
            : undefined
        }
        testId="remove-passkey-dialog"
      >
        <div className="flex flex-wrap gap-3">
          <Button variant="destructive" onClick={() => void onRemove()} disabled={busy}>
            {busy ? "Removing..." : "Remove passkey"}
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
