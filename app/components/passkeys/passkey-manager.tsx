import { useRevalidator } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { defineMessages, FormattedMessage, type IntlShape, type MessageTag, useIntl } from "react-intl";
import { ApiError, apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { needsConfirmation } from "#app/components/profile/confirm-identity.tsx";
import { ActionList, ActionListRow } from "#app/components/ui/action-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import type { PasskeySummary } from "#server/accounts/passkeys.ts";
import {
  browserFailureMessage,
  type PasskeySupport,
  passkeySupport,
  registerPasskey,
  wasCancelled,
} from "./passkey-client.ts";

const messages = {
  ...defineMessages({
    enterName: { id: "passkeys.manager.enterName", defaultMessage: "Enter a name for your passkey" },
    synced: { id: "passkeys.manager.synced", defaultMessage: "Synced passkey (available on your other devices)" },
    oneDevice: { id: "passkeys.manager.oneDevice", defaultMessage: "Passkey on one device" },
    validationError: { id: "passkeys.manager.validationError", defaultMessage: "Validation Error" },
    added: { id: "passkeys.manager.added", defaultMessage: "Passkey Added" },
    notAdded: { id: "passkeys.manager.notAdded", defaultMessage: "Passkey Not Added" },
    didNotConfirm: { id: "passkeys.manager.didNotConfirm", defaultMessage: "You did not confirm it’s you." },
    error: { id: "passkeys.manager.error", defaultMessage: "Passkey Error" },
    removed: { id: "passkeys.manager.removed", defaultMessage: "Passkey Removed" },
    notRemoved: { id: "passkeys.manager.notRemoved", defaultMessage: "Passkey Not Removed" },
    heading: { id: "passkeys.manager.heading", defaultMessage: "Your passkeys" },
    lead: {
      id: "passkeys.manager.lead",
      defaultMessage:
        "Sign in with your fingerprint, face or screen lock instead of your password. Your password still works too.",
    },
    none: { id: "passkeys.manager.none", defaultMessage: "You have no passkeys yet." },
    addForm: { id: "passkeys.manager.addForm", defaultMessage: "Add a passkey" },
    name: { id: "passkeys.manager.name", defaultMessage: "Passkey name" },
    nameHint: {
      id: "passkeys.manager.nameHint",
      defaultMessage: "So you can tell your passkeys apart, for example “Work laptop” or “My phone”.",
    },
    waiting: { id: "passkeys.manager.waiting", defaultMessage: "Waiting for your device..." },
    unsupported: {
      id: "passkeys.manager.unsupported",
      defaultMessage: "This browser cannot make passkeys. Try another browser or device.",
    },
    unavailable: {
      id: "passkeys.manager.unavailable",
      defaultMessage: "Passkeys are not available on this service yet.",
    },
    needsJavaScript: { id: "passkeys.manager.needsJavaScript", defaultMessage: "Adding a passkey needs JavaScript." },
    removeTitle: { id: "passkeys.manager.removeTitle", defaultMessage: "Remove this passkey?" },
    removing: { id: "passkeys.manager.removing", defaultMessage: "Removing..." },
    removePasskey: { id: "passkeys.manager.removePasskey", defaultMessage: "Remove passkey" },
    cancel: { id: "passkeys.manager.cancel", defaultMessage: "Cancel" },
  }),
  ...defineMessages<{
    nameTooLong: { max: number };
    addedDescription: { name: string };
    removedDescription: { name: string };
    addedUsed: { added: string; lastUsed: string };
    addedNotUsed: { added: string };
    removeDescription: { name: string };
    remove: { name: string; hidden: MessageTag };
    elsewhere: { origin: string | null; link: MessageTag };
  }>({
    nameTooLong: {
      id: "passkeys.manager.nameTooLong",
      defaultMessage: "Passkey name must be {max} characters or fewer",
    },
    addedDescription: {
      id: "passkeys.manager.addedDescription",
      defaultMessage: "“{name}” is ready. You can now sign in with it.",
    },
    removedDescription: {
      id: "passkeys.manager.removedDescription",
      defaultMessage: "“{name}” can no longer be used to sign in.",
    },
    addedUsed: {
      id: "passkeys.manager.addedUsed",
      defaultMessage: "Added {added} · Last used {lastUsed}",
      description: "{added} is a date, {lastUsed} a date and time.",
    },
    addedNotUsed: { id: "passkeys.manager.addedNotUsed", defaultMessage: "Added {added} · Not used yet" },
    removeDescription: {
      id: "passkeys.manager.removeDescription",
      defaultMessage: "You will no longer be able to sign in with “{name}”. You can add it again later.",
    },
    remove: {
      id: "passkeys.manager.remove",
      defaultMessage: "Remove<hidden> passkey {name}</hidden>",
      description: "Button; the hidden part is read by screen readers only.",
    },
    elsewhere: {
      id: "passkeys.manager.elsewhere",
      defaultMessage: "Passkeys work at <link>{origin}</link>. Open your profile there to add one.",
    },
  }),
};

/** The name rules the server applies (server/accounts/passkeys.ts PasskeyName), checked here first. */
const NAME_MAX = 60;
function nameProblem(intl: IntlShape, name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return intl.formatMessage(messages.enterName);
  if (trimmed.length > NAME_MAX) return intl.formatMessage(messages.nameTooLong, { max: NAME_MAX });
  return null;
}

const kindOf = (passkey: PasskeySummary) =>
  passkey.deviceType === "multiDevice" || passkey.backedUp ? messages.synced : messages.oneDevice;

/** Words only a screen reader reads. */

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
  const intl = useIntl();
  const f = useFormats();
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
    const problem = nameProblem(intl, name);
    setNameError(problem);
    if (problem) {
      toast({ title: intl.formatMessage(messages.validationError), description: problem, variant: "destructive" });
      nameRef.current?.focus();
      return;
    }
    setAdding(true);
    try {
      const added = await withConfirmation(() => registerPasskey(name));
      setName("");
      toast({
        title: intl.formatMessage(messages.added),
        description: intl.formatMessage(messages.addedDescription, { name: added.name }),
      });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof NotConfirmed) {
        toast({
          title: intl.formatMessage(messages.notAdded),
          description: intl.formatMessage(messages.didNotConfirm),
          variant: "destructive",
        });
      } else if (error instanceof ApiError) {
        if (error.status === 400 && error.serverMessage)
          setNameError(/name/i.test(error.serverMessage) ? error.serverMessage : null);
        handleMutationError(error, toast, intl, { title: intl.formatMessage(messages.notAdded) });
      } else {
        toast({
          title: intl.formatMessage(wasCancelled(error) ? messages.notAdded : messages.error),
          description: browserFailureMessage(error, intl),
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
      toast({
        title: intl.formatMessage(messages.removed),
        description: intl.formatMessage(messages.removedDescription, { name: target.name }),
      });
      revalidator.revalidate();
    } catch (error) {
      if (error instanceof NotConfirmed)
        toast({
          title: intl.formatMessage(messages.notRemoved),
          description: intl.formatMessage(messages.didNotConfirm),
          variant: "destructive",
        });
      else handleMutationError(error, toast, intl, { title: intl.formatMessage(messages.notRemoved) });
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
        {intl.formatMessage(messages.heading)}
      </h3>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.lead)}</p>
      {passkeys.length === 0 ? (
        <p className="mt-3">{intl.formatMessage(messages.none)}</p>
      ) : (
        <ActionList label={intl.formatMessage(messages.heading)}>
          {passkeys.map((passkey) => (
            <ActionListRow
              key={passkey.id}
              title={<bdi>{passkey.name}</bdi>}
              kind={intl.formatMessage(kindOf(passkey))}
              when={
                passkey.lastUsed
                  ? intl.formatMessage(messages.addedUsed, {
                      added: f.date(passkey.createdAt),
                      lastUsed: f.dateTime(passkey.lastUsed),
                    })
                  : intl.formatMessage(messages.addedNotUsed, { added: f.date(passkey.createdAt) })
              }
              action={
                <Button
                  variant="outline"
                  className="px-3 py-1 text-sm"
                  onClick={() => setRemoving(passkey)}
                  disabled={busy}
                >
                  <FormattedMessage {...messages.remove} values={{ name: passkey.name, hidden: screenReaderOnly }} />
                </Button>
              }
            />
          ))}
        </ActionList>
      )}

      {support === "ready" ? (
        <form
          onSubmit={(event) => void onAdd(event)}
          noValidate
          aria-label={intl.formatMessage(messages.addForm)}
          className="mt-5 grid gap-3"
        >
          <TextField
            ref={nameRef}
            name="passkeyName"
            label={intl.formatMessage(messages.name)}
            hint={intl.formatMessage(messages.nameHint)}
            autoComplete="off"
            maxLength={NAME_MAX + 20}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (nameError) setNameError(nameProblem(intl, event.target.value));
            }}
            errors={nameError ? [nameError] : undefined}
          />
          <div>
            <Button type="submit" disabled={adding}>
              {intl.formatMessage(adding ? messages.waiting : messages.addForm)}
            </Button>
          </div>
        </form>
      ) : support === "elsewhere" ? (
        <p className="mt-4 text-sm">
          <FormattedMessage
            {...messages.elsewhere}
            values={{
              origin: passkeyOrigin,
              link: (chunks) => (
                <TextLink href={`${passkeyOrigin}/profile#passkeys`} dir="ltr">
                  {chunks}
                </TextLink>
              ),
            }}
          />
        </p>
      ) : support === "unsupported" ? (
        <p className="mt-4 text-sm">{intl.formatMessage(messages.unsupported)}</p>
      ) : support === "unavailable" ? (
        <p className="mt-4 text-sm">{intl.formatMessage(messages.unavailable)}</p>
      ) : (
        <noscript>
          <p className="mt-4 text-sm">{intl.formatMessage(messages.needsJavaScript)}</p>
        </noscript>
      )}

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={intl.formatMessage(messages.removeTitle)}
        description={removing ? intl.formatMessage(messages.removeDescription, { name: removing.name }) : undefined}
        testId="remove-passkey-dialog"
      >
        <div className="flex flex-wrap gap-3">
          <Button variant="destructive" onClick={() => void onRemove()} disabled={busy}>
            {intl.formatMessage(busy ? messages.removing : messages.removePasskey)}
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
