/**
 * /register (spec 000 §2 "Register page"): the five fields, checked in the browser with the same
 * schema as the server, through POST /api/auth/register with JavaScript, a form post to the route
 * without.
 */
import { Form } from "@remix-run/react";
import { defineMessages, FormattedMessage, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { AuthCard, FormAlert, type FormErrors, useAuthSubmit, useCheckedForm } from "#app/components/auth-card.tsx";
import type { AuthFormAnswer } from "#app/components/auth-form.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { RegisterSchema } from "#core/accounts/schemas.ts";

export const registerMessages = defineMessages({
  metaTitle: {
    id: "accounts.register.metaTitle",
    defaultMessage: "Create Account",
    description: "The page's title in the browser tab",
  },
  metaDescription: {
    id: "accounts.register.metaDescription",
    defaultMessage: "Create a UK Digital Identity account to hold and share your credentials.",
  },
});

const linkWords = defineMessages<{ haveAccount: { link: MessageTag } }>({
  haveAccount: { id: "accounts.register.haveAccount", defaultMessage: "Already have an account? <link>Sign in</link>" },
});

const messages = defineMessages({
  title: { id: "accounts.register.title", defaultMessage: "Create Account" },
  lead: {
    id: "accounts.register.lead",
    defaultMessage:
      "Create an account to keep your Right to Work, Right to Rent and DBS credentials in one secure wallet.",
  },
  username: { id: "accounts.register.username", defaultMessage: "Username" },
  usernameHint: { id: "accounts.register.usernameHint", defaultMessage: "3 to 50 characters" },
  email: {
    id: "accounts.register.email",
    defaultMessage: "Email",
    description: "Field name, as named in a summary of the form's problems",
  },
  emailOptional: { id: "accounts.register.emailOptional", defaultMessage: "Email (optional)" },
  password: { id: "accounts.register.password", defaultMessage: "Password" },
  passwordHint: { id: "accounts.register.passwordHint", defaultMessage: "At least 8 characters" },
  firstName: {
    id: "accounts.register.firstName",
    defaultMessage: "First name",
    description: "Field name, as named in a summary of the form's problems",
  },
  firstNameOptional: { id: "accounts.register.firstNameOptional", defaultMessage: "First name (optional)" },
  lastName: {
    id: "accounts.register.lastName",
    defaultMessage: "Last name",
    description: "Field name, as named in a summary of the form's problems",
  },
  lastNameOptional: { id: "accounts.register.lastNameOptional", defaultMessage: "Last name (optional)" },
  submit: {
    id: "accounts.register.submit",
    defaultMessage: "Create Account",
    description: "The registration form's button",
  },
  submitting: { id: "accounts.register.submitting", defaultMessage: "Creating Account..." },
  successTitle: { id: "accounts.register.successTitle", defaultMessage: "Account Created", description: "Toast title" },
  successText: {
    id: "accounts.register.successText",
    defaultMessage: "Welcome! Your account has been created and you're now signed in.",
  },
  failedTitle: {
    id: "accounts.register.failedTitle",
    defaultMessage: "Registration Failed",
    description: "Toast title",
  },
  failed: {
    id: "accounts.register.failed",
    defaultMessage: "There was an error creating your account. Please try again.",
  },
});

export const FIELDS = ["username", "email", "password", "firstName", "lastName"] as const;
export type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type FieldErrors = FormErrors<Field>;

/** Each field: its label, its name in the problems' summary, its hint. */
const LABELS: Record<
  Field,
  { label: MessageDescriptor; name: MessageDescriptor; hint?: MessageDescriptor; type?: string; autoComplete: string }
> = {
  username: {
    label: messages.username,
    name: messages.username,
    hint: messages.usernameHint,
    autoComplete: "username",
  },
  email: { label: messages.emailOptional, name: messages.email, type: "email", autoComplete: "email" },
  password: {
    label: messages.password,
    name: messages.password,
    hint: messages.passwordHint,
    type: "password",
    autoComplete: "new-password",
  },
  firstName: { label: messages.firstNameOptional, name: messages.firstName, autoComplete: "given-name" },
  lastName: { label: messages.lastNameOptional, name: messages.lastName, autoComplete: "family-name" },
};

/** The form's order: the first problem a person meets, named by its field. */
const FORM_ORDER = ["firstName", "lastName", "username", "email", "password"] as const;

/** The page; `actionData`: the answer to a no-JavaScript post the server refused, if any. */
export function RegisterPage({ actionData }: { actionData: AuthFormAnswer<Field> | undefined }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const form = useCheckedForm(RegisterSchema, {
    username: "",
    email: "",
    password: "",
    firstName: "",
    lastName: "",
  } satisfies Values);
  const { onSubmit, busy } = useAuthSubmit({
    form,
    fields: FORM_ORDER.map((name) => ({ name, label: t(LABELS[name].name) })),
    endpoint: "/api/auth/register",
    // Spec 000 §7: the five fields as typed; the server applies the same schema.
    body: () => form.values,
    success: { title: t(messages.successTitle), description: t(messages.successText) },
    failure: { title: t(messages.failedTitle), fallback: t(messages.failed) },
  });

  const shownErrors: FieldErrors = form.errors ?? actionData?.fieldErrors ?? {};
  const field = (name: Field, className = "") => (
    <TextField
      key={name}
      name={name}
      label={t(LABELS[name].label)}
      hint={LABELS[name].hint ? t(LABELS[name].hint) : undefined}
      type={LABELS[name].type ?? "text"}
      autoComplete={LABELS[name].autoComplete}
      value={form.values[name]}
      onChange={(e) => form.update(name, e.target.value)}
      errors={shownErrors[name]}
      className={className}
      {...(name === "username" ? { autoCapitalize: "none", spellCheck: false } : {})}
    />
  );

  return (
    <AuthCard
      title={t(messages.title)}
      lead={t(messages.lead)}
      footer={
        <p>
          <FormattedMessage
            {...linkWords.haveAccount}
            values={{ link: (chunks) => <TextLink to="/login">{chunks}</TextLink> }}
          />
        </p>
      }
    >
      <FormAlert message={actionData?.message} />
      <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {field("firstName")}
          {field("lastName")}
        </div>
        {field("username")}
        {field("email")}
        {field("password")}
        <Button type="submit" disabled={busy} className="w-full">
          {t(busy ? messages.submitting : messages.submit)}
        </Button>
      </Form>
    </AuthCard>
  );
}
