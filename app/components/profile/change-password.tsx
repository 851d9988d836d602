/**
 * Change your password, in /profile's Security Settings (ADR 030): the current password and a new
 * one, checked by the server with the registration rules (POST /api/auth/password). Every other
 * session ends; the page's list of sessions is read again afterwards. Without JavaScript the same
 * form posts to /profile (intent `change-password`), and the page shows the answer.
 */
import { Form, useRevalidator } from "@remix-run/react";
import { type FormEvent, useRef, useState } from "react";
import { ApiError, apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { passwordChangedMessage, type SecurityFormAnswer } from "#core/accounts/security-settings.ts";
import { PasswordField } from "./password-field.tsx";

type Field = "currentPassword" | "newPassword";
type Errors = Partial<Record<Field, string[]>>;

/** The registration rules the browser can check first (core/accounts/schemas.ts RegisterSchema). */
function problems(current: string, next: string): Errors {
  const errors: Errors = {};
  if (!current) errors.currentPassword = ["Enter your current password"];
  if (!next) errors.newPassword = ["Enter a new password"];
  else if (next.length < 8) errors.newPassword = ["Your new password must be 8 characters or more"];
  else if (next.length > 128) errors.newPassword = ["Your new password must be 128 characters or fewer"];
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
    const found = problems(current, next);
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
      toast({ title: "Password Changed", description: passwordChangedMessage(changed.signedOut) });
      revalidator.revalidate();
    } catch (error) {
      const fieldErrors = error instanceof ApiError && error.status === 400 ? fieldErrorsOf(error.bodyText) : {};
      if (Object.keys(fieldErrors).length) {
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
      }
      handleMutationError(error, toast, undefined, "Password Not Changed");
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
      <h3 className="text-lg font-bold">Change your password</h3>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
        You will stay signed in here. You will be signed out everywhere else.
      </p>
      <Form
        method="post"
        action="/profile"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Change your password"
        className="mt-4 grid gap-4"
      >
        <input type="hidden" name="intent" value="change-password" />
        <PasswordField
          ref={currentRef}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          errors={errors.currentPassword}
        />
        <PasswordField
          ref={nextRef}
          name="newPassword"
          label="New password"
          hint="At least 8 characters. A few words together are easier to remember and harder to guess."
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          errors={errors.newPassword}
        />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Changing..." : "Change password"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
