/**
 * /login (spec 000 §2 "Login page"): the sign-in form (through POST /api/auth/login with
 * JavaScript, a form post to the route without), passkey sign-in (ADR 021) and Quick Demo Login.
 */
import { Form, useLocation } from "@remix-run/react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { AuthCard, FormAlert, nextPath, useAuthSubmit, useCheckedForm } from "#app/components/auth-card.tsx";
import type { AuthFormAnswer } from "#app/components/auth-form.server.ts";
import { PasskeySignIn } from "#app/components/passkeys/passkey-sign-in.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { LoginSchema } from "#core/accounts/schemas.ts";
import type { DemoLogin, DemoWords } from "#server/accounts/demo-login.ts";

export const loginMessages = defineMessages({
  metaTitle: {
    id: "accounts.login.metaTitle",
    defaultMessage: "Sign In",
    description: "The page's title in the browser tab",
  },
  metaDescription: {
    id: "accounts.login.metaDescription",
    defaultMessage: "Sign in to your UK Digital Identity account.",
  },
  failed: { id: "accounts.login.failed", defaultMessage: "Invalid username or password. Please try again." },
});

const linkWords = defineMessages<{ noAccount: { link: MessageTag } }>({
  noAccount: {
    id: "accounts.login.noAccount",
    defaultMessage: "Don't have an account? <link>Create an account</link>",
  },
});

const messages = defineMessages({
  title: { id: "accounts.login.title", defaultMessage: "Sign In" },
  lead: { id: "accounts.login.lead", defaultMessage: "Sign in to hold, share and check your digital credentials." },
  username: { id: "accounts.login.username", defaultMessage: "Username" },
  password: { id: "accounts.login.password", defaultMessage: "Password" },
  submit: { id: "accounts.login.submit", defaultMessage: "Sign In", description: "The sign-in form's button" },
  submitting: { id: "accounts.login.submitting", defaultMessage: "Signing In..." },
  failedTitle: { id: "accounts.login.failedTitle", defaultMessage: "Login Failed", description: "Toast title" },
  successTitle: {
    id: "accounts.login.successTitle",
    defaultMessage: "Success",
    description: "Toast title after signing in",
  },
  successText: {
    id: "accounts.login.successText",
    defaultMessage: "Welcome back! You've been logged in successfully.",
  },
});

export type LoginField = "username" | "password";

/**
 * The page; `actionData`: the answer to a no-JavaScript post the server refused, if any;
 * `demoLogins`: the Quick Demo Login accounts from the loader, null (no block) unless the
 * deployment is a demo (ADR 028); `demoWords`: its words, from the loader too, so a page that
 * shows no demo block carries none of them.
 */
export function LoginPage({
  passkeyOrigin,
  demoLogins,
  demoWords,
  actionData,
}: {
  passkeyOrigin: string | null;
  demoLogins: DemoLogin[] | null;
  demoWords: DemoWords | null;
  actionData: AuthFormAnswer<LoginField> | undefined;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const signedIn = { title: t(messages.successTitle), description: t(messages.successText) };
  const form = useCheckedForm(LoginSchema, { username: "", password: "" });
  const { onSubmit, busy } = useAuthSubmit({
    form,
    fields: [
      { name: "username", label: t(messages.username) },
      { name: "password", label: t(messages.password) },
    ],
    endpoint: "/api/auth/login",
    body: (data) => data,
    success: signedIn,
    failure: { title: t(messages.failedTitle), fallback: t(loginMessages.failed) },
  });

  const shownErrors = form.errors ?? actionData?.fieldErrors ?? {};
  // Registering instead of signing in comes back to the same place (a wallet link opened signed out).
  const next = nextPath(useLocation().search);

  return (
    <AuthCard
      title={t(messages.title)}
      lead={t(messages.lead)}
      footer={
        <p>
          <FormattedMessage
            {...linkWords.noAccount}
            values={{
              link: (chunks) => (
                <TextLink to={next === "/" ? "/register" : `/register?${new URLSearchParams({ next })}`}>
                  {chunks}
                </TextLink>
              ),
            }}
          />
        </p>
      }
    >
      <FormAlert message={actionData?.message} />
      <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-5">
        <TextField
          name="username"
          label={t(messages.username)}
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
          label={t(messages.password)}
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(e) => form.update("password", e.target.value)}
          errors={shownErrors.password}
        />
        <Button type="submit" disabled={busy} className="w-full">
          {t(busy ? messages.submitting : messages.submit)}
        </Button>
      </Form>

      <PasskeySignIn passkeyOrigin={passkeyOrigin} success={signedIn} />

      {demoLogins?.length && demoWords ? (
        <section
          aria-labelledby="demo-login-heading"
          className="mt-8 border-t border-govuk-border pt-6 dark:border-slate-700"
        >
          <h2 id="demo-login-heading" className="text-lg font-bold">
            {demoWords.heading}
          </h2>
          <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{demoWords.text}</p>
          <div className="mt-4 grid grid-cols-2 gap-3">
            {demoLogins.map((account) => (
              <Button
                key={account.role}
                variant="secondary"
                onClick={() => form.fill({ username: account.username, password: account.password })}
              >
                {demoWords.labels[account.role]}
              </Button>
            ))}
          </div>
        </section>
      ) : null}
    </AuthCard>
  );
}
