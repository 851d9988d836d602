/**
 * /register (spec 000 §2 "Register page"): the five fields, checked in the browser with the same
 * schema as the server, through POST /api/auth/register with JavaScript, a form post to the route
 * without.
 */
import { Form } from "@remix-run/react";
import { AuthCard, FormAlert, type FormErrors, useAuthSubmit, useCheckedForm } from "#app/components/auth-card.tsx";
import type { AuthFormAnswer } from "#app/components/auth-form.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { RegisterSchema } from "#core/accounts/schemas.ts";

const REGISTRATION_FAILED = "There was an error creating your account. Please try again.";

export const FIELDS = ["username", "email", "password", "firstName", "lastName"] as const;
export type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type FieldErrors = FormErrors<Field>;

const LABELS: Record<Field, { label: string; hint?: string; type?: string; autoComplete: string }> = {
  username: { label: "Username", hint: "3 to 50 characters", autoComplete: "username" },
  email: { label: "Email (optional)", type: "email", autoComplete: "email" },
  password: { label: "Password", hint: "At least 8 characters", type: "password", autoComplete: "new-password" },
  firstName: { label: "First name (optional)", autoComplete: "given-name" },
  lastName: { label: "Last name (optional)", autoComplete: "family-name" },
};

/** The form's order: the first problem a person meets, named by its field. */
const FORM_ORDER = (["firstName", "lastName", "username", "email", "password"] as const).map((name) => ({
  name,
  label: LABELS[name].label.replace(/ \(optional\)$/, ""),
}));

/** The page; `actionData`: the answer to a no-JavaScript post the server refused, if any. */
export function RegisterPage({ actionData }: { actionData: AuthFormAnswer<Field> | undefined }) {
  const form = useCheckedForm(RegisterSchema, {
    username: "",
    email: "",
    password: "",
    firstName: "",
    lastName: "",
  } satisfies Values);
  const { onSubmit, busy } = useAuthSubmit({
    form,
    fields: FORM_ORDER,
    endpoint: "/api/auth/register",
    // Spec 000 §7: the five fields as typed; the server applies the same schema.
    body: () => form.values,
    success: {
      title: "Account Created",
      description: "Welcome! Your account has been created and you're now signed in.",
    },
    failure: { title: "Registration Failed", fallback: REGISTRATION_FAILED },
  });

  const shownErrors: FieldErrors = form.errors ?? actionData?.fieldErrors ?? {};
  const field = (name: Field, className = "") => (
    <TextField
      key={name}
      name={name}
      label={LABELS[name].label}
      hint={LABELS[name].hint}
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
      title="Create Account"
      lead="Create an account to keep your Right to Work, Right to Rent and DBS credentials in one secure wallet."
      footer={
        <p>
          Already have an account? <TextLink to="/login">Sign in</TextLink>
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
          {busy ? "Creating Account..." : "Create Account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
