/**
 * Change your password, in /profile's Security Settings (ADR 030): the current password and a new
 * one, checked by the server with the registration rules (POST /api/auth/password). Every other
 * session ends; the page's list of sessions is read again afterwards. Without JavaScript the same
 * form posts to /profile (intent `change-password`), and the page shows the answer.
 */
import { Form, useRevalidator } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { defineMessages, type IntlShape, useIntl } from "react-intl";
import { ApiError, apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { PASSWORD_CHANGED_MESSAGES, type SecurityFormAnswer } from "#core/accounts/security-settings.ts";
import { PasswordField } from "./password-field.tsx";

const messages = defineMessages({
  enterCurrent: { id: "profile.changePassword.enterCurrent", defaultMessage: "Enter your current password" },
  enterNew: { id: "profile.changePassword.enterNew", defaultMessage: "Enter a new password" },
  tooShort: { id: "profile.changePassword.tooShort", defaultMessage: "Your new password must be 8 characters or more" },
  tooLong: {
    id: "profile.changePassword.tooLong",
    defaultMessage: "Your new password must be 128 characters or fewer",
  },
  changed: { id: "profile.changePassword.changed", defaultMessage: "Password Changed" },
  notChanged: { id: "profile.changePassword.notChanged", defaultMessage: "Password Not Changed" },
  heading: { id: "profile.changePassword.heading", defaultMessage: "Change your password" },
  lead: {
    id: "profile.changePassword.lead",
    defaultMessage: "You will stay signed in here. You will be signed out everywhere else.",
  },
  current: { id: "profile.changePassword.current", defaultMessage: "Current password" },
  new: { id: "profile.changePassword.new", defaultMessage: "New password" },
  newHint: {
    id: "profile.changePassword.newHint",
    defaultMessage: "At least 8 characters. A few words together are easier to remember and harder to guess.",
  },
  changing: { id: "profile.changePassword.changing", defaultMessage: "Changing..." },
  change: { id: "profile.changePassword.change", defaultMessage: "Change password" },
});

type Field = "currentPassword" | "newPassword";
type Errors = Partial<Record<Field, string[]>>;

/** The registration rules the browser can check first (core/accounts/schemas.ts RegisterSchema). */
function problems(intl: IntlShape, current: string, next: string): Errors {
  const errors: Errors = {};
  if (!current) errors.currentPassword = [intl.formatMessage(messages.enterCurrent)];
  if (!next) errors.newPassword = [intl.formatMessage(messages.enterNew)];
  else if (next.length < 8) errors.newPassword = [intl.formatMessage(messages.tooShort)];
  else if (next.length > 128) errors.newPassword = [intl.formatMessage(messages.tooLong)];
  return errors;
}

/** The field messages of a 400 answer (`errors.fieldErrors`), or none. */
function fieldErrorsOf(body: string): Errors {
  try {
    return (JSON.parse(body) as { errors?: { fieldErrors?: Errors } }).errors?.fieldErrors ?? {};
  } catch {
    return {};
  }
}

/** `answer`: the page's answer to this form posted without JavaScript, if it was refused. */
export function ChangePassword({ answer }: { answer: SecurityFormAnswer | null }) {
  const intl = useIntl();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<Errors>(() =>
    answer && !answer.ok && answer.intent === "change-password" ? answer.fieldErrors : {},
  );
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();
  const revalidator = useRevalidator();
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  const focusFirst = (found: Errors) => (found.currentPassword ? currentRef : nextRef).current?.focus();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problems(intl, current, next);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    try {
      const changed = (await (
        await apiRequest("POST", "/api/auth/password", { currentPassword: current, newPassword: next })
      ).json()) as { signedOut: number };
      setCurrent("");
      setNext("");
      toast({
        title: intl.formatMessage(messages.changed),
        description: intl.formatMessage(
          changed.signedOut > 0 ? PASSWORD_CHANGED_MESSAGES.signedOutElsewhere : PASSWORD_CHANGED_MESSAGES.changed,
        ),
      });
      revalidator.revalidate();
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.status === 400 ? fieldErrorsOf(error.bodyText) : {};
      if (Object.keys(fieldErrors).length) {
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
      }
      handleMutationError(error, toast, intl, { title: intl.formatMessage(messages.notChanged) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      id="change-password"
      className="mt-6 scroll-mt-4 border-t border-govuk-border pt-5 dark:border-slate-700"
      data-testid="change-password"
    >
      <h3 className="text-lg font-bold">{intl.formatMessage(messages.heading)}</h3>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.lead)}</p>
      <Form
        method="post"
        action="/profile"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={intl.formatMessage(messages.heading)}
        className="mt-4 grid gap-4"
      >
        <input type="hidden" name="intent" value="change-password" />
        <PasswordField
          ref={currentRef}
          name="currentPassword"
          label={intl.formatMessage(messages.current)}
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          errors={errors.currentPassword}
        />
        <PasswordField
          ref={nextRef}
          name="newPassword"
          label={intl.formatMessage(messages.new)}
          hint={intl.formatMessage(messages.newHint)}
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          errors={errors.newPassword}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {intl.formatMessage(busy ? messages.changing : messages.change)}
          </Button>
        </div>
      </Form>
    </div>
  );
}
