/**
 * /profile's Security Settings as plain form posts (issue 20): "Confirm it's you", Change your
 * password, Sign out (one session) and Sign out everywhere else each work without JavaScript, as a
 * form posted to /profile with an `intent` naming it. The work is the API's own (reauth.ts,
 * password-change.ts, signed-in-sessions.ts), with the same checks, throttles and audit rows; the
 * answer is one the page shows (a message, and each field's message beside its field).
 */
import { defineMessages, type TypedMessageDescriptor } from "@formatjs/intl";
import * as z from "zod";
import {
  PASSWORD_CHANGED_MESSAGES,
  SECURITY_TITLES,
  type SecurityFormAnswer,
  type SecurityIntent,
  SIGNED_OUT_MESSAGES,
} from "#core/accounts/security-settings.ts";
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { SPEC_WORDING } from "#core/validation/wording.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import type { AccountsContext } from "./authentication.ts";
import { ChangePasswordSchema, changePassword } from "./password-change.ts";
import { accountRefusal, confirmWithPassword, PasswordConfirmation } from "./reauth.ts";
import { inLanguage } from "./refusal-words.ts";
import type { ActiveSession } from "./session.ts";
import { signOutElsewhere, signOutOwnSession } from "./signed-in-sessions.ts";

const messages = defineMessages({
  checkEntered: { id: "profile.security.checkEntered", defaultMessage: "Check what you entered and try again." },
  confirmed: {
    id: "profile.security.confirmed",
    defaultMessage: "You’ve confirmed it’s you. Save your change again within 5 minutes.",
  },
});

export interface SecurityFormResult {
  /** The HTTP status the answer goes with. */
  status: number;
  answer: SecurityFormAnswer;
  /** On a 429: how long to wait. */
  retryAfterSeconds?: number;
  /** The session in use was the one signed out: the page clears its cookie and goes to sign-in. */
  signedOutHere?: boolean;
}

/**
 * Does what `intent` names for the signed-in `session`, from the fields of `form`; which person is
 * never read from the form. `address`: the client's, for the audit trail.
 */
export async function securityFormAction(
  context: AccountsContext,
  session: ActiveSession,
  intent: SecurityIntent,
  form: FormData,
  address: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<SecurityFormResult> {
  const intl = serverIntl(locale);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const done = (title: TypedMessageDescriptor, message: string) => ({
    status: 200,
    answer: { ok: true as const, intent, title: intl.formatMessage(title), message },
  });
  const invalid = (error: z.ZodError) => {
    const fieldErrors = z.flattenError(error).fieldErrors as Record<string, string[]>;
    const message = Object.values(fieldErrors).flat()[0] ?? intl.formatMessage(messages.checkEntered);
    return { status: 400, answer: { ok: false as const, intent, message, fieldErrors } };
  };
  try {
    switch (intent) {
      case "confirm-identity": {
        const parsed = PasswordConfirmation.safeParse({ password: text("password") }, SPEC_WORDING);
        if (!parsed.success) return invalid(parsed.error);
        await confirmWithPassword(context, session, parsed.data.password, address, now.getTime());
        return done(SECURITY_TITLES.confirmed, intl.formatMessage(messages.confirmed));
      }
      case "change-password": {
        const parsed = ChangePasswordSchema.safeParse(
          { currentPassword: text("currentPassword"), newPassword: text("newPassword") },
          SPEC_WORDING,
        );
        if (!parsed.success) return invalid(parsed.error);
        const { signedOut } = await changePassword(context, session, parsed.data, address, now);
        return done(
          SECURITY_TITLES.passwordChanged,
          intl.formatMessage(
            signedOut > 0 ? PASSWORD_CHANGED_MESSAGES.signedOutElsewhere : PASSWORD_CHANGED_MESSAGES.changed,
          ),
        );
      }
      case "sign-out-session": {
        const ended = await signOutOwnSession(context, session, text("session"), address, locale);
        return {
          ...done(SECURITY_TITLES.signedOut, intl.formatMessage(SIGNED_OUT_MESSAGES.one, { browser: ended.browser })),
          signedOutHere: ended.current,
        };
      }
      case "sign-out-others":
        return done(
          SECURITY_TITLES.signedOutElsewhere,
          intl.formatMessage(SIGNED_OUT_MESSAGES.elsewhere, {
            count: await signOutElsewhere(context, session, address),
          }),
        );
    }
  } catch (error) {
    const refusal = accountRefusal(inLanguage(error, locale));
    return {
      status: refusal.status,
      answer: {
        ok: false,
        intent,
        message: refusal.message,
        fieldErrors: refusal.field ? { [refusal.field]: [refusal.message] } : {},
      },
      ...(refusal.retryAfterSeconds ? { retryAfterSeconds: refusal.retryAfterSeconds } : {}),
    };
  }
}
