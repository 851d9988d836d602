import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthCard, formValues, linkClasses } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { RegisterSchema } from "#core/accounts/schemas.ts";
import { apiRequest, messageFor } from "#app/client/api-client.ts";
import { registerAccount } from "#server/accounts/registration.ts";
import { clientAddress, getUser } from "#server/accounts/authentication.ts";
import { readFormBody } from "#server/http/form.ts";
import { createSession } from "#server/accounts/session.ts";

const REGISTRATION_FAILED = "There was an error creating your account. Please try again.";

const FIELDS = ["username", "email", "password", "firstName", "lastName"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string[]>>;

export const meta: MetaFunction = () => [
  { title: "Create Account | UK Digital Identity" },
  { name: "description", content: "Create a UK Digital Identity account to hold and share your credentials." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/");
  return null;
}

/** A 429 from the registration action carries Retry-After on the page too, as it does from the API. */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * Without JavaScript the form posts here: the same schema as the page and the API, then the same
 * service as POST /api/auth/register (common passwords, throttling, taken names, audit).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readFormBody(request);
  if (!body.ok) return json({ message: body.message, fieldErrors: {} as FieldErrors }, { status: body.status });
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(body.form.get(f) ?? "")])) as Values;
  const parsed = RegisterSchema.safeParse(formValues(values));
  if (!parsed.success) return json({ message: null, fieldErrors: parsed.error.flatten().fieldErrors as FieldErrors }, { status: 400 });

  const result = await registerAccount(context, parsed.data, clientAddress(request));
  if (!result.ok) {
    const fieldErrors: FieldErrors = result.reason === "common-password" ? result.fieldErrors : {};
    const headers = result.reason === "throttled" ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return json({ message: result.message, fieldErrors }, { status: result.status, headers });
  }
  const { setCookie } = await createSession(request, context, result.user.id);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

const LABELS: Record<Field, { label: string; hint?: string; type?: string; autoComplete: string }> = {
  username: { label: "Username", hint: "3 to 50 characters", autoComplete: "username" },
  email: { label: "Email (optional)", type: "email", autoComplete: "email" },
  password: { label: "Password", hint: "At least 8 characters", type: "password", autoComplete: "new-password" },
  firstName: { label: "First name (optional)", autoComplete: "given-name" },
  lastName: { label: "Last name (optional)", autoComplete: "family-name" },
};

export default function Register() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [values, setValues] = useState<Values>({ username: "", email: "", password: "", firstName: "", lastName: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const busy = pending || navigation.state === "submitting";

  const validate = (next: Values) => {
    const result = RegisterSchema.safeParse(formValues(next));
    setErrors(result.success ? {} : (result.error.flatten().fieldErrors as FieldErrors));
    return result;
  };

  const update = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) validate(next);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!validate(values).success) return;
    setPending(true);
    try {
      // Spec 000 §7: the five fields as typed; the server applies the same schema.
      await apiRequest("POST", "/api/auth/register", values);
      toast({ title: "Account Created", description: "Welcome! Your account has been created and you're now signed in." });
      navigate("/", { replace: true });
    } catch (error) {
      toast({ title: "Registration Failed", description: messageFor(error, REGISTRATION_FAILED), variant: "destructive" });
      setPending(false);
    }
  }

  const shownErrors: FieldErrors = submitted ? errors : actionData?.fieldErrors ?? {};
  const field = (name: Field, className = "") => (
    <TextField
      key={name}
      name={name}
      label={LABELS[name].label}
      hint={LABELS[name].hint}
      type={LABELS[name].type ?? "text"}
      autoComplete={LABELS[name].autoComplete}
      value={values[name]}
      onChange={(e) => update(name, e.target.value)}
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
          Already have an account?{" "}
          <Link to="/login" className={linkClasses}>
            Sign in
          </Link>
        </p>
      }
    >
      {actionData?.message ? (
        <div
          role="alert"
          className="mb-6 border-l-4 border-govuk-red bg-red-50 p-4 font-semibold text-govuk-red dark:bg-red-950/40 dark:text-red-300"
        >
          {actionData.message}
        </div>
      ) : null}
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
