import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthCard, formValues, linkClasses } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { LoginSchema, type KnownRole } from "#core/accounts/schemas.ts";
import { apiRequest, messageFor } from "#app/client/api-client.ts";
import { authenticateCredentials, getUser } from "#server/accounts/authentication.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "#core/accounts/demo-accounts.ts";
import { readFormBody } from "#server/http/form.ts";
import { createSession } from "#server/accounts/session.ts";

const LOGIN_FAILED = "Invalid username or password. Please try again.";

/** Spec 000 §2 "Quick Demo Login": the button labels, one per role. */
const DEMO_LABELS: Record<KnownRole, string> = { admin: "Admin User", citizen: "Citizen", verifier: "Verifier", operator: "Operator" };
const DEMO_ORDER: KnownRole[] = ["admin", "citizen", "verifier", "operator"];

type FieldErrors = Partial<Record<"username" | "password", string[]>>;

export const meta: MetaFunction = () => [
  { title: "Sign In | UK Digital Identity" },
  { name: "description", content: "Sign in to your UK Digital Identity account." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Already signed in: nothing to do here.
  if (await getUser(request, context)) throw redirect("/");
  return null;
}

/** A 429 from the login action carries Retry-After on the page too, as it does from the API. */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * Without JavaScript the form posts here; the same verify path as POST /api/auth/login
 * (throttling, audit, one answer for every bad credential), then a new session and home.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readFormBody(request);
  if (!body.ok) return json({ fieldErrors: {} as FieldErrors, message: body.message }, { status: body.status });
  const form = body.form;
  const parsed = LoginSchema.safeParse(formValues({ username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") }));
  if (!parsed.success) return json({ fieldErrors: parsed.error.flatten().fieldErrors as FieldErrors, message: null }, { status: 400 });
  let userId: string;
  try {
    userId = (await authenticateCredentials(request, context, parsed.data)).id;
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const answer = (await error.json().catch(() => null)) as { message?: string } | null;
    const retryAfter = error.headers.get("Retry-After");
    return json(
      { fieldErrors: {} as FieldErrors, message: answer?.message ?? LOGIN_FAILED },
      { status: error.status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined },
    );
  }
  const { setCookie } = await createSession(request, context, userId);
  return redirect("/", { headers: { "Set-Cookie": setCookie } });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [values, setValues] = useState({ username: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const busy = pending || navigation.state === "submitting";

  const validate = (next: typeof values) => {
    const result = LoginSchema.safeParse(formValues(next));
    const fieldErrors: FieldErrors = result.success ? {} : result.error.flatten().fieldErrors;
    setErrors(fieldErrors);
    return result;
  };

  const update = (name: keyof typeof values, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // Re-check as the user corrects the form, once they have tried to submit it.
    if (submitted) validate(next);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    if (!result.success) return;
    setPending(true);
    try {
      await apiRequest("POST", "/api/auth/login", result.data);
      toast({ title: "Success", description: "Welcome back! You've been logged in successfully." });
      navigate("/", { replace: true });
    } catch (error) {
      toast({ title: "Login Failed", description: messageFor(error, LOGIN_FAILED), variant: "destructive" });
      setPending(false);
    }
  }

  const fillDemo = (role: KnownRole) => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role);
    if (!account) return;
    setValues({ username: account.username, password: DEMO_PASSWORD });
    setErrors({});
  };

  const shownErrors = submitted ? errors : actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title="Sign In"
      lead="Sign in to hold, share and check your digital credentials."
      footer={
        <p>
          Don't have an account?{" "}
          <Link to="/register" className={linkClasses}>
            Create an account
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
        <TextField
          name="username"
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => update("username", e.target.value)}
          errors={shownErrors.username}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => update("password", e.target.value)}
          errors={shownErrors.password}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Signing In..." : "Sign In"}
        </Button>
      </Form>

      <section aria-labelledby="demo-login-heading" className="mt-8 border-t border-govuk-border pt-6 dark:border-slate-700">
        <h2 id="demo-login-heading" className="text-lg font-bold">
          Quick Demo Login
        </h2>
        <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">Fill the form with a demo account for each role, then sign in.</p>
        <div className="mt-4 grid grid-cols-2 gap-3">
          {DEMO_ORDER.map((role) => (
            <Button key={role} variant="secondary" onClick={() => fillDemo(role)}>
              {DEMO_LABELS[role]}
            </Button>
          ))}
        </div>
      </section>
    </AuthCard>
  );
}
