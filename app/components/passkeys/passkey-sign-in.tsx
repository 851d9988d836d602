import { WebAuthnAbortService } from "@simplewebauthn/browser";
import { useEffect, useRef, useState } from "react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { ApiError, messageFor } from "#app/client/api-client.ts";
import { useSignedIn } from "#app/components/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { type ToastOptions, useToast } from "#app/components/ui/toast.tsx";
import {
  browserFailureMessage,
  type PasskeySupport,
  passkeySupport,
  signInWithPasskey,
  supportsPasskeyAutofill,
  wasCancelled,
} from "./passkey-client.ts";

const elsewhereWords = defineMessages<{ elsewhere: { origin: string; link: MessageTag } }>({
  elsewhere: {
    id: "accounts.passkeySignIn.elsewhere",
    defaultMessage: "Passkeys work at <link>{origin}</link>. Open the service there to use one.",
    description: "{origin} is the web address where passkeys work",
  },
});

const messages = defineMessages({
  signInFailed: {
    id: "accounts.passkeySignIn.failed",
    defaultMessage: "That passkey could not sign you in. Try again, or sign in with your password.",
  },
  failedTitle: {
    id: "accounts.passkeySignIn.failedTitle",
    defaultMessage: "Passkey Sign In Failed",
    description: "Toast title",
  },
  cancelledTitle: {
    id: "accounts.passkeySignIn.cancelledTitle",
    defaultMessage: "Passkey Sign In Cancelled",
    description: "Toast title",
  },
  heading: { id: "accounts.passkeySignIn.heading", defaultMessage: "Sign in with a passkey" },
  explain: {
    id: "accounts.passkeySignIn.explain",
    defaultMessage: "Use your fingerprint, face or screen lock instead of a password. No username needed.",
  },
  button: { id: "accounts.passkeySignIn.button", defaultMessage: "Sign in with a passkey" },
  waiting: { id: "accounts.passkeySignIn.waiting", defaultMessage: "Waiting for your passkey..." },
  unsupported: {
    id: "accounts.passkeySignIn.unsupported",
    defaultMessage: "This browser cannot use passkeys. Sign in with your password instead.",
  },
});
/**
 * A waiting autofill ceremony is renewed before its server-side challenge expires (five minutes,
 * ADR 021), so a passkey picked from the suggestions after a long pause still signs in.
 */
const AUTOFILL_RENEW_MS = 4 * 60 * 1000;

/**
 * Sign in with a passkey on /login (ADR 021): the "Sign in with a passkey" button, and, where the
 * browser offers it, the passkeys it holds among the username field's suggestions (conditional
 * mediation: that field has `autocomplete="username webauthn"`). Either ends exactly as a password
 * sign-in does (useSignedIn). Needs JavaScript, so nothing shows before hydration.
 */
export function PasskeySignIn({ passkeyOrigin, success }: { passkeyOrigin: string | null; success: ToastOptions }) {
  const [support, setSupport] = useState<PasskeySupport | null>(null);
  const [pending, setPending] = useState(false);
  const signedIn = useSignedIn(success);
  const { toast } = useToast();
  const intl = useIntl();
  // Each ceremony started here takes a number; one whose number is no longer current was replaced.
  const current = useRef(0);
  const renewal = useRef<ReturnType<typeof setTimeout>>();
  // The latest closures, for the ceremonies' callbacks.
  const latest = useRef({ signedIn, toast, intl });
  latest.current = { signedIn, toast, intl };

  const report = (error: unknown) => {
    const { toast, intl } = latest.current;
    if (error instanceof ApiError) {
      toast({
        title: intl.formatMessage(messages.failedTitle),
        description: messageFor(error, intl.formatMessage(messages.signInFailed)),
        variant: "destructive",
      });
    } else if (wasCancelled(error)) {
      toast({ title: intl.formatMessage(messages.cancelledTitle), description: browserFailureMessage(error, intl) });
    } else {
      toast({
        title: intl.formatMessage(messages.failedTitle),
        description: browserFailureMessage(error, intl),
        variant: "destructive",
      });
    }
  };

  /** Offers the browser's passkeys in the username field's autofill, until one is picked or the page goes. */
  const offerAutofill = async () => {
    if (!(await supportsPasskeyAutofill())) return;
    const run = ++current.current;
    clearTimeout(renewal.current);
    renewal.current = setTimeout(() => {
      if (current.current === run) void offerAutofill();
    }, AUTOFILL_RENEW_MS);
    try {
      await signInWithPasskey({ autofill: true });
      if (current.current === run) latest.current.signedIn();
    } catch (error) {
      // Replaced (by the button, a renewal, leaving the page), or the browser ended the offer itself
      // (e.g. it holds no passkey for this site): the person asked for nothing, so nothing to say.
      if (current.current !== run || !(error instanceof ApiError)) return;
      // A passkey was picked and the server refused it: say so, and offer the suggestions again.
      report(error);
      if (error.status === 400 || error.status === 401) void offerAutofill();
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page: offerAutofill is a new function each render and reads the latest callbacks through refs; listing it would restart the ceremony on every render.
  useEffect(() => {
    const found = passkeySupport(passkeyOrigin);
    setSupport(found);
    if (found === "ready") void offerAutofill();
    return () => {
      current.current++;
      clearTimeout(renewal.current);
      WebAuthnAbortService.cancelCeremony();
    };
  }, [passkeyOrigin]);

  const onClick = async () => {
    // Starting this ceremony cancels the autofill one waiting in the background.
    const run = ++current.current;
    clearTimeout(renewal.current);
    setPending(true);
    try {
      await signInWithPasskey({ autofill: false });
      if (current.current === run) latest.current.signedIn();
    } catch (error) {
      if (current.current !== run) return;
      setPending(false);
      report(error);
      void offerAutofill();
    }
  };

  if (support === null || support === "unavailable") return null;
  return (
    <section
      aria-labelledby="passkey-sign-in-heading"
      className="mt-6 border-t border-govuk-border pt-6 dark:border-slate-700"
      data-testid="passkey-sign-in"
    >
      <h2 id="passkey-sign-in-heading" className="text-lg font-bold">
        <FormattedMessage {...messages.heading} />
      </h2>
      {support === "ready" ? (
        <>
          <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.explain} />
          </p>
          <Button variant="outline" className="mt-4 w-full" onClick={() => void onClick()} disabled={pending}>
            <Icon name="key" className="h-5 w-5" />
            {intl.formatMessage(pending ? messages.waiting : messages.button)}
          </Button>
        </>
      ) : support === "elsewhere" ? (
        <p className="mt-1 text-sm">
          <FormattedMessage
            {...elsewhereWords.elsewhere}
            values={{
              origin: passkeyOrigin ?? "",
              link: (chunks) => (
                <TextLink href={`${passkeyOrigin}/login`} dir="ltr">
                  {chunks}
                </TextLink>
              ),
            }}
          />
        </p>
      ) : (
        <p className="mt-1 text-sm">
          <FormattedMessage {...messages.unsupported} />
        </p>
      )}
    </section>
  );
}
