import type { IntlShape } from "@formatjs/intl";
import type { HeadersFunction } from "@remix-run/cloudflare";
import { useNavigate, useNavigation } from "@remix-run/react";
import { type FormEvent, type ReactNode, useState } from "react";
import { defineMessages, FormattedMessage, type NoMessageValues, useIntl } from "react-intl";
import * as z from "zod";
import { apiRequest, messageFor } from "#app/client/api-client.ts";
import { forgetSession } from "#app/client/session-tracker.ts";
import { Card } from "#app/components/ui/card.tsx";
import { BackLink } from "#app/components/ui/text-link.tsx";
import { type ToastOptions, useToast } from "#app/components/ui/toast.tsx";
import { SPEC_WORDING } from "#core/validation/wording.ts";

const messages = defineMessages({
  backHome: { id: "accounts.authCard.backHome", defaultMessage: "Back to home" },
  validationTitle: { id: "accounts.authCard.validationTitle", defaultMessage: "Validation Error" },
  checkForm: { id: "accounts.authCard.checkForm", defaultMessage: "Check the form" },
});

const summaryWords = defineMessages<{
  problem: { field: string; message: string };
  moreProblems: { more: number };
}>({
  problem: {
    id: "accounts.authCard.problem",
    defaultMessage: "{field}: {message}",
    description: "A problem with a form field: the field's name, then what is wrong",
  },
  moreProblems: {
    id: "accounts.authCard.moreProblems",
    defaultMessage: "(and {more, plural, one {# more problem} other {# more problems}} shown on the form)",
    description: "After the first problem with a form: how many others the form shows",
  },
});

/**
 * The words a refused field is told in (spec 000 §5's English, core/validation/wording.ts), in the
 * page's language: what the schemas of the sign-in and registration forms can refuse.
 */
const fieldWords = defineMessages<{
  required: NoMessageValues;
  tooShort: { minimum: number };
  tooLong: { maximum: number };
  invalidEmail: NoMessageValues;
  usernameCharacters: NoMessageValues;
}>({
  required: {
    id: "accounts.field.required",
    defaultMessage: "Required",
    description: "A required form field is empty",
  },
  tooShort: {
    id: "accounts.field.tooShort",
    defaultMessage:
      "{minimum, plural, one {String must contain at least # character(s)} other {String must contain at least # character(s)}}",
    description: "What was typed in a form field is too short",
  },
  tooLong: {
    id: "accounts.field.tooLong",
    defaultMessage:
      "{maximum, plural, one {String must contain at most # character(s)} other {String must contain at most # character(s)}}",
    description: "What was typed in a form field is too long",
  },
  invalidEmail: { id: "accounts.field.invalidEmail", defaultMessage: "Invalid email" },
  usernameCharacters: {
    id: "accounts.field.usernameCharacters",
    defaultMessage: "Use only letters A to Z, numbers, and dots, hyphens or underscores between them",
  },
});

/** What formats a form's words: react-intl's `useIntl()` in the page, `serverIntl(locale)` on the server. */
export type Wording = Pick<IntlShape, "formatMessage">;

/** One refusal in the page's language; one the forms do not expect keeps the schema's English. */
function fieldMessage(issue: z.core.$ZodIssue, intl: Wording): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.message === "Required" ? intl.formatMessage(fieldWords.required) : issue.message;
    case "too_small":
      return issue.origin === "string" && issue.inclusive && !issue.exact
        ? intl.formatMessage(fieldWords.tooShort, { minimum: Number(issue.minimum) })
        : issue.message;
    case "too_big":
      return issue.origin === "string" && issue.inclusive && !issue.exact
        ? intl.formatMessage(fieldWords.tooLong, { maximum: Number(issue.maximum) })
        : issue.message;
    case "invalid_format":
      if (issue.format === "email") return intl.formatMessage(fieldWords.invalidEmail);
      // The one pattern the forms check: the characters a new username may use.
      if (issue.format === "regex" && issue.path[0] === "username")
        return intl.formatMessage(fieldWords.usernameCharacters);
      return issue.message;
    default:
      return issue.message;
  }
}

/** The frame shared by the sign-in and registration pages: service name, back link, one card. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <BackLink>
        <FormattedMessage {...messages.backHome} />
      </BackLink>
      <Card className="mt-6 p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-govuk-grey dark:text-slate-400">{lead}</p>
        <div className="mt-6">{children}</div>
      </Card>
      <div className="mt-6 text-center">{footer}</div>
    </div>
  );
}

/** The server's answer to a form posted without JavaScript (refused, throttled), above the form. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="mb-6 border-s-4 border-govuk-red bg-red-50 p-4 font-semibold text-govuk-red dark:bg-red-950/40 dark:text-red-300"
    >
      {message}
    </div>
  );
}

/** A 429 from the page's action carries Retry-After on the page too, as it does from the API. */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** Empty inputs count as absent, so a blank required field reads "Required" (zod's default). */
export function formValues<K extends string>(values: Record<K, string>): Record<K, string | undefined> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" ? undefined : v])) as Record<
    K,
    string | undefined
  >;
}

export type FormErrors<K extends string> = Partial<Record<K, string[]>>;

/** A schema's refusal as each field's messages, in the page's language. */
export const fieldErrorsOf = <K extends string>(error: z.ZodError, intl: Wording): FormErrors<K> =>
  z.flattenError(error, (issue) => fieldMessage(issue, intl)).fieldErrors as Record<string, string[]> as FormErrors<K>;

/**
 * The "Validation Error" toast's text (spec 000 §8): the first problem in the form's order, named
 * by its field, and how many more the form shows.
 */
function validationSummary<K extends string>(
  errors: FormErrors<K>,
  order: readonly { name: K; label: string }[],
  intl: Wording,
): string {
  const problems = order.flatMap(({ name, label }) =>
    (errors[name] ?? []).map((message) => intl.formatMessage(summaryWords.problem, { field: label, message })),
  );
  const more = problems.length - 1;
  if (!problems[0]) return intl.formatMessage(messages.checkForm);
  // The first problem, then a note of how many more: two units, each whole in every language.
  return more > 0 ? `${problems[0]} ${intl.formatMessage(summaryWords.moreProblems, { more })}` : problems[0];
}

/**
 * The sign-in and registration forms' state: the values as typed, checked in the browser with
 * the same schema the server applies. Messages show once the person has tried to submit, and are
 * re-checked as they correct the form.
 */
export function useCheckedForm<K extends string, T>(schema: z.ZodType<T>, initial: Record<K, string>) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const [submitted, setSubmitted] = useState(false);

  const validate = (next: Record<K, string>) => {
    const result = schema.safeParse(formValues(next), SPEC_WORDING);
    setErrors(result.success ? {} : fieldErrorsOf<K>(result.error, intl));
    return result;
  };

  return {
    values,
    /** The browser's messages once submitted; before that, none (the server's, if any, show instead). */
    errors: submitted ? errors : null,
    update(name: K, value: string) {
      const next = { ...values, [name]: value };
      setValues(next);
      if (submitted) validate(next);
    },
    /** Replaces every value (e.g. a demo account) and clears the messages. */
    fill(next: Record<K, string>) {
      setValues(next);
      setErrors({});
    },
    /** On submit: the parsed input, or the messages by field when the schema refuses it. */
    check(): { ok: true; data: T } | { ok: false; errors: FormErrors<K> } {
      setSubmitted(true);
      const result = validate(values);
      return result.success
        ? { ok: true, data: result.data }
        : { ok: false, errors: fieldErrorsOf<K>(result.error, intl) };
    },
  };
}

/**
 * Where to go after signing in: `?next=` when it is a path on this site (a wallet link opened while
 * signed out comes back to it), else the dashboard. Never another origin: "//host" and "/\\host"
 * would leave the site, so only "/x..." paths are taken.
 */
export function nextPath(search: string): string {
  const next = new URLSearchParams(search).get("next");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: deliberately refuses control characters: browsers strip tabs and newlines from URLs, so "/\t/host" would become "//host" and leave the site.
  return next && /^\/(?![/\\])/.test(next) && !/[\u0000-\u001f]/.test(next) ? next : "/";
}

/**
 * What the page does once the server has signed the person in (or registered them), whichever way
 * they proved who they are (password, passkey): a new visit for the session tracker, the success
 * toast, then `?next=` or the dashboard, replacing the sign-in page in the history.
 */
export function useSignedIn(success: ToastOptions): () => void {
  const navigate = useNavigate();
  const { toast } = useToast();
  return () => {
    // A new login in this tab is a new visit: counts left by one that timed out are not carried over.
    forgetSession();
    toast(success);
    navigate(nextPath(window.location.search), { replace: true });
  };
}

/**
 * Signing in and registering from the page (with JavaScript): check the form, send it to the JSON
 * API, then the success toast and the dashboard, or the failure toast with the server's message
 * (spec 000 §8). Without JavaScript the same form posts to the route's action instead.
 */
export function useAuthSubmit<K extends string, T>(options: {
  form: ReturnType<typeof useCheckedForm<K, T>>;
  /** The fields in the form's order, for the Validation Error toast. */
  fields: readonly { name: K; label: string }[];
  endpoint: string;
  body: (data: T) => unknown;
  success: ToastOptions;
  failure: { title: string; fallback: string };
}) {
  const navigation = useNavigation();
  const { toast } = useToast();
  const intl = useIntl();
  const signedIn = useSignedIn(options.success);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = options.form.check();
    if (!result.ok) {
      // Spec 000 §8 "Validation failure": the toast, as well as the messages under the fields.
      toast({
        title: intl.formatMessage(messages.validationTitle),
        description: validationSummary(result.errors, options.fields, intl),
        variant: "destructive",
      });
      return;
    }
    setPending(true);
    try {
      await apiRequest("POST", options.endpoint, options.body(result.data));
      signedIn();
    } catch (error) {
      toast({
        title: options.failure.title,
        description: messageFor(error, options.failure.fallback),
        variant: "destructive",
      });
      setPending(false);
    }
  }

  return { onSubmit, busy: pending || navigation.state === "submitting" };
}
