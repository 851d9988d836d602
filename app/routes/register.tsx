import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthCard, formValues, linkClasses } from "~/components/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/text-field";
import { useToast } from "~/components/ui/toast";
import { RegisterSchema } from "~/utils/account-schemas";
import { apiRequest, messageFor } from "~/utils/api-client";
import { getUser } from "~/utils/auth.server";
import { action as registerAccount } from "./api.auth.register";

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

/**
 * Without JavaScript the form posts here. It is answered by the same code as
 * POST /api/auth/register (one place for the rules: common passwords, taken names), handed the
 * form as the JSON body that endpoint expects.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const body = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")]));
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  const apiCall = new Request(new URL("/api/auth/register", request.url), { method: "POST", headers, body: JSON.stringify(body) });
  let response: Response;
  try {
    response = await registerAccount({ request: apiCall, context, params });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as { message?: string; errors?: { fieldErrors?: FieldErrors } } | null;
  if (!response.ok) {
    return json({ message: answer?.message ?? REGISTRATION_FAILED, fieldErrors: answer?.errors?.fieldErrors ?? {} }, { status: response.status });
  }
  return redirect("/", { headers: { "Set-Cookie": response.headers.get("Set-Cookie") ?? "" } });
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
