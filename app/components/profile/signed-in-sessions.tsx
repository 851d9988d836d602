/**
 * Where you're signed in, in /profile's Security Settings (ADR 030): each live session with its
 * browser, device, approximate place and when it was used, "Sign out" for each other one, and
 * "Sign out everywhere else" (DELETE /api/auth/sessions/{id}, DELETE /api/auth/sessions). Each
 * button is in a form posted to /profile (intents `sign-out-session`, `sign-out-others`), so it
 * works without JavaScript too; with it, the page stays and a toast says what happened.
 */
import { Form } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { defineMessages, type MessageTag, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { ActionList, ActionListRow } from "#app/components/ui/action-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { useMutation } from "#app/components/ui/use-mutation.ts";
import { SECURITY_TITLES, SIGNED_OUT_MESSAGES } from "#core/accounts/security-settings.ts";
import type { SignedInSession } from "#server/accounts/signed-in-sessions.ts";

const messages = {
  ...defineMessages({
    desktop: { id: "profile.sessions.desktop", defaultMessage: "Computer" },
    mobile: {
      id: "profile.sessions.mobile",
      defaultMessage: "Phone",
      description: "A mobile phone (a kind of device).",
    },
    tablet: { id: "profile.sessions.tablet", defaultMessage: "Tablet" },
    notSignedOut: { id: "profile.sessions.notSignedOut", defaultMessage: "Not Signed Out" },
    heading: { id: "profile.sessions.heading", defaultMessage: "Where you’re signed in" },
    lead: {
      id: "profile.sessions.lead",
      defaultMessage: "If you do not recognise a session, sign it out and change your password.",
    },
    thisDevice: { id: "profile.sessions.thisDevice", defaultMessage: "This device" },
    locationUnknown: { id: "profile.sessions.locationUnknown", defaultMessage: "Location unknown" },
    signOutOthers: { id: "profile.sessions.signOutOthers", defaultMessage: "Sign out everywhere else" },
    noOthers: { id: "profile.sessions.noOthers", defaultMessage: "You are not signed in anywhere else." },
  }),
  ...defineMessages<{
    when: { signedIn: string; lastActive: string };
    signOut: { browser: string; lastActive: string; hidden: MessageTag };
  }>({
    when: {
      id: "profile.sessions.when",
      defaultMessage: "Signed in {signedIn} · Last active {lastActive}",
      description: "{signedIn} and {lastActive} are dates and times.",
    },
    signOut: {
      id: "profile.sessions.signOut",
      defaultMessage: "Sign out<hidden> {browser}, last active {lastActive}</hidden>",
      description: "Button; the hidden part is read by screen readers only.",
    },
  }),
};

export function SignedInSessions({ sessions }: { sessions: SignedInSession[] }) {
  const intl = useIntl();
  const f = useFormats();
  const { busy, mutate, toast } = useMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const others = sessions.filter((session) => !session.current);

  // A session signed out takes its button with it: focus goes to the list's heading, not the page's top.
  useEffect(() => {
    if (!focusHeading) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading]);

  const signOut = (event: FormEvent<HTMLFormElement>, session: SignedInSession) => {
    event.preventDefault();
    void mutate("DELETE", `/api/auth/sessions/${session.id}`, undefined, {
      failure: intl.formatMessage(messages.notSignedOut),
      done: () => {
        setFocusHeading(true);
        toast({
          title: intl.formatMessage(SECURITY_TITLES.signedOut),
          description: intl.formatMessage(SIGNED_OUT_MESSAGES.one, { browser: session.browser }),
        });
      },
    });
  };

  const signOutOthers = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void mutate<{ signedOut: number }>("DELETE", "/api/auth/sessions", undefined, {
      failure: intl.formatMessage(messages.notSignedOut),
      done: ({ signedOut }) => {
        setFocusHeading(true);
        toast({
          title: intl.formatMessage(SECURITY_TITLES.signedOutElsewhere),
          description: intl.formatMessage(SIGNED_OUT_MESSAGES.elsewhere, { count: signedOut }),
        });
      },
    });
  };

  return (
    <div
      id="sessions"
      className="mt-6 scroll-mt-4 border-t border-govuk-border pt-5 dark:border-slate-700"
      data-testid="signed-in-sessions"
    >
      <h3
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold focus:outline-none focus-visible:ring-4 focus-visible:ring-govuk-yellow"
      >
        {intl.formatMessage(messages.heading)}
      </h3>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.lead)}</p>
      <ActionList label={intl.formatMessage(messages.heading)}>
        {sessions.map((session) => (
          <ActionListRow
            key={session.id}
            title={
              <>
                {session.browser}
                {session.current ? (
                  <span className="ms-2 text-sm font-semibold text-govuk-green dark:text-green-300">
                    {intl.formatMessage(messages.thisDevice)}
                  </span>
                ) : null}
              </>
            }
            kind={[
              session.device ? intl.formatMessage(messages[session.device]) : null,
              session.place ?? intl.formatMessage(messages.locationUnknown),
            ]
              .filter(Boolean)
              .join(" · ")}
            when={intl.formatMessage(messages.when, {
              signedIn: f.dateTime(session.signedInAt),
              lastActive: f.dateTime(session.lastActiveAt),
            })}
            action={
              session.current ? null : (
                <Form method="post" action="/profile" onSubmit={(event) => signOut(event, session)}>
                  <input type="hidden" name="intent" value="sign-out-session" />
                  <input type="hidden" name="session" value={session.id} />
                  <Button type="submit" variant="outline" className="px-3 py-1 text-sm" disabled={busy}>
                    {intl.formatMessage(messages.signOut, {
                      browser: session.browser,
                      lastActive: f.dateTime(session.lastActiveAt),
                      hidden: screenReaderOnly,
                    })}
                  </Button>
                </Form>
              )
            }
          />
        ))}
      </ActionList>
      {others.length > 0 ? (
        <Form method="post" action="/profile" onSubmit={signOutOthers} className="mt-4">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="secondary" disabled={busy}>
            {intl.formatMessage(messages.signOutOthers)}
          </Button>
        </Form>
      ) : (
        <p className="mt-3 text-sm">{intl.formatMessage(messages.noOthers)}</p>
      )}
    </div>
  );
}
