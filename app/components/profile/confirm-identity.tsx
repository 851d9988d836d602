/**
 * "Confirm it's you" on /profile (ADR 030): before adding or removing a passkey or changing the
 * email, the server wants the password or a passkey confirmed in the last five minutes, and answers
 * 403 `reauth_required` otherwise. `useConfirmIdentity` gives the page one dialog for it and
 * `confirm()`, which opens the dialog and resolves true once the person has confirmed (false if
 * they closed it); the caller then sends its change again. Without JavaScript there is no dialog:
 * `ConfirmIdentityForm` asks in the page, posting to /profile (intent `confirm-identity`).
 */

import { Form } from "@remix-run/react";
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from "@simplewebauthn/browser";
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { ApiError, apiRequest } from "#app/client/api-client.ts";
import { browserFailureMessage } from "#app/components/passkeys/passkey-client.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import type { Ceremony } from "#server/accounts/passkeys.ts";
import { PasswordField } from "./password-field.tsx";

/** The code of the server's refusal (server/accounts/reauth.ts REAUTH_REQUIRED_CODE). */
const REAUTH_REQUIRED = "reauth_required";

const messages = defineMessages({
  title: { id: "profile.confirmIdentity.title", defaultMessage: "Confirm it’s you" },
  why: {
    id: "profile.confirmIdentity.why",
    defaultMessage: "For your security, enter your password before you change how you sign in or your email address.",
  },
  enterPassword: { id: "profile.confirmIdentity.enterPassword", defaultMessage: "Enter your password" },
  password: { id: "profile.confirmIdentity.password", defaultMessage: "Password" },
  checking: { id: "profile.confirmIdentity.checking", defaultMessage: "Checking..." },
  confirm: { id: "profile.confirmIdentity.confirm", defaultMessage: "Confirm" },
  usePasskey: { id: "profile.confirmIdentity.usePasskey", defaultMessage: "Use a passkey instead" },
  cancel: { id: "profile.confirmIdentity.cancel", defaultMessage: "Cancel" },
});

/** Whether `error` (an ApiError) is the server asking to confirm it's you. */
export function needsConfirmation(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  try {
    return (JSON.parse(error.bodyText) as { code?: unknown }).code === REAUTH_REQUIRED;
  } catch {
    return false;
  }
}

/** Confirms with one of the person's own passkeys (the browser's passkey dialog). */
async function confirmWithPasskey(): Promise<void> {
  const started = (await (
    await apiRequest("POST", "/api/auth/reauth/passkey/options", {})
  ).json()) as Ceremony<PublicKeyCredentialRequestOptionsJSON>;
  const response = await startAuthentication({ optionsJSON: started.options });
  await apiRequest("POST", "/api/auth/reauth/passkey/verify", { ceremonyId: started.ceremonyId, response });
}

/**
 * The dialog and `confirm()`. `passkeys`: whether to offer "Use a passkey instead" (the person has
 * one, and passkeys work on this page).
 */
export function useConfirmIdentity({ passkeys }: { passkeys: boolean }): {
  confirm: () => Promise<boolean>;
  dialog: ReactNode;
} {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // The dialog's showModal() (its own effect, which runs first) focuses its first control, Close;
  // the person is here to type their password, so focus goes there.
  useEffect(() => {
    if (open) passwordRef.current?.focus();
  }, [open]);

  const finish = useCallback((confirmed: boolean) => {
    setOpen(false);
    setPassword("");
    setError(null);
    settle.current?.(confirmed);
    settle.current = null;
  }, []);

  const confirm = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setOpen(true);
      }),
    [],
  );

  const onPassword = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(intl.formatMessage(messages.enterPassword));
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await apiRequest("POST", "/api/auth/reauth", { password });
      finish(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.serverMessage ?? failure.message) : String(failure));
      passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const onPasskey = async () => {
    setBusy(true);
    try {
      await confirmWithPasskey();
      finish(true);
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.serverMessage ?? failure.message) : browserFailureMessage(failure, intl),
      );
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Dialog
      open={open}
      onClose={() => finish(false)}
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.why)}
      testId="confirm-identity-dialog"
    >
      <form
        onSubmit={(event) => void onPassword(event)}
        noValidate
        aria-label={intl.formatMessage(messages.title)}
        className="grid gap-4"
      >
        <PasswordField
          ref={passwordRef}
          name="reauthPassword"
          label={intl.formatMessage(messages.password)}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          errors={error ? [error] : undefined}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {intl.formatMessage(busy ? messages.checking : messages.confirm)}
          </Button>
          {passkeys ? (
            <Button type="button" variant="outline" onClick={() => void onPasskey()} disabled={busy}>
              {intl.formatMessage(messages.usePasskey)}
            </Button>
          ) : null}
          <Button type="button" variant="secondary" onClick={() => finish(false)}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        </div>
      </form>
    </Dialog>
  );

  return { confirm, dialog };
}

/**
 * "Confirm it's you" in the page, for a browser without JavaScript, after the server asked for it
 * (a new email address). It posts the password to /profile; `returnTo` is the page to answer on
 * (the form that asked, open again), and `errors` the messages of a refused try.
 */
export function ConfirmIdentityForm({ returnTo, errors }: { returnTo: string; errors: string[] | undefined }) {
  const intl = useIntl();
  const [password, setPassword] = useState("");
  return (
    <section
      id="confirm-identity"
      aria-labelledby="confirm-identity-heading"
      className="mt-6 border-s-8 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
    >
      <h2 id="confirm-identity-heading" className="text-xl font-bold">
        {intl.formatMessage(messages.title)}
      </h2>
      <p className="mt-2">{intl.formatMessage(messages.why)}</p>
      <Form
        method="post"
        action={returnTo}
        noValidate
        aria-label={intl.formatMessage(messages.title)}
        className="mt-4 grid gap-4"
      >
        <input type="hidden" name="intent" value="confirm-identity" />
        <PasswordField
          name="password"
          label={intl.formatMessage(messages.password)}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          errors={errors}
        />
        <div>
          <Button type="submit">{intl.formatMessage(messages.confirm)}</Button>
        </div>
      </Form>
    </section>
  );
}
