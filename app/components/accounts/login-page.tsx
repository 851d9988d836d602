/**
 * /login (spec 000 §2 "Login page"): the sign-in form (through POST /api/auth/login with
 * JavaScript, a form post to the route without), passkey sign-in (ADR 021) and Quick Demo Login.
 */
import { Form, useLocation } from "@remix-run/react";
import { AuthCard, FormAlert, nextPath, useAuthSubmit, useCheckedForm } from "#app/components/auth-card.tsx";
import type { AuthFormAnswer } from "#app/components/auth-form.server.ts";
import { PasskeySignIn } from "#app/components/passkeys/passkey-sign-in.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { type KnownRole, LoginSchema } from "#core/accounts/schemas.ts";
import type { DemoLogin } from "#server/accounts/demo-login.ts";

export const LOGIN_FAILED = "Invalid username or password. Please try again.";

export type LoginField = "username" | "password";

/** Spec 000 §2 "Quick Demo Login": the button labels, one per role. */
const DEMO_LABELS: Record<KnownRole, string> = {
  admin: "Admin User",
  citizen: "Citizen",
  verifier: "Verifier",
  operator: "Operator",
};

const SIGNED_IN = { title: "Success", description: "Welcome back! You've been logged in successfully." };

const LOGIN_FIELDS = [
  { name: "username", label: "Username" },
  { name: "password", label: "Password" },
] as const;

/**
 * The page; `actionData`: the answer to a no-JavaScript post the server refused, if any;
 * `demoLogins`: the Quick Demo Login accounts from the loader, null (no block) unless the
 * deployment is a demo (ADR 028).
 */
export function LoginPage({
  passkeyOrigin,
  demoLogins,
  actionData,
}: {
  passkeyOrigin: string | null;
  demoLogins: DemoLogin[] | null;
  actionData: AuthFormAnswer<LoginField> | undefined;
}) {
  const form = useCheckedForm(LoginSchema, { username: "", password: "" });
  const { onSubmit, busy } = useAuthSubmit({
    form,
    fields: LOGIN_FIELDS,
    endpoint: "/api/auth/login",
    body: (data) => data,
    success: SIGNED_IN,
    failure: { title: "Login Failed", fallback: LOGIN_FAILED },
  });

  const shownErrors = form.errors ?? actionData?.fieldErrors ?? {};
  // Registering instead of signing in comes back to the same place (a wallet link opened signed out).
  const next = nextPath(useLocation().search);

  return (
    <AuthCard
      title="Sign In"
      lead="Sign in to hold, share and check your digital credentials."
      footer={
        <p>
          Don't have an account?{" "}
          <TextLink to={next === "/" ? "/register" : `/register?${new URLSearchParams({ next })}`}>
            Create an account
          </TextLink>
        </p>
      }
    >
      <FormAlert message={actionData?.message} />
      <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-5">
        <TextField
          name="username"
          label="Username"
          // "webauthn": the browser may offer this site's passkeys among the suggestions (conditional mediation).
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          value={form.values.username}
          onChange={(e) => form.update("username", e.target.value)}
          errors={shownErrors.username}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(e) => form.update("password", e.target.value)}
          errors={shownErrors.password}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Signing In..." : "Sign In"}
        </Button>
      </Form>

      <PasskeySignIn passkeyOrigin={passkeyOrigin} success={SIGNED_IN} />

      {demoLogins?.length ? (
        <section
          aria-labelledby="demo-login-heading"
          className="mt-8 border-t border-govuk-border pt-6 dark:border-slate-700"
        >
          <h2 id="demo-login-heading" className="text-lg font-bold">
            Quick Demo Login
          </h2>
          <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
            Fill the form with a demo account for each role, then sign in.
          </p>
          <div className="mt-4 grid grid-cols-2 gap-3">
            {demoLogins.map((account) => (
              <Button
                key={account.role}
                variant="secondary"
                onClick={() => form.fill({ username: account.username, password: account.password })}
              >
                {DEMO_LABELS[account.role]}
              </Button>
            ))}
          </div>
        </section>
      ) : null}
    </AuthCard>
  );
}
