/**
 * Where you're signed in, in /profile's Security Settings (ADR 030): each live session with its
 * browser, device, approximate place and when it was used, "Sign out" for each other one, and
 * "Sign out everywhere else" (DELETE /api/auth/sessions/{id}, DELETE /api/auth/sessions). Each
 * button is in a form posted to /profile (intents `sign-out-session`, `sign-out-others`), so it
 * works without JavaScript too; with it, the page stays and a toast says what happened.
 */
import { Form } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ActionList, ActionListRow } from "#app/components/ui/action-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useMutation } from "#app/components/ui/use-mutation.ts";
import { signedOutElsewhereMessage, signedOutMessage } from "#core/accounts/security-settings.ts";
import { formatDateTime } from "#core/format/format.ts";
import type { SignedInSession } from "#server/accounts/signed-in-sessions.ts";

const DEVICE_NAMES = { desktop: "Computer", mobile: "Phone", tablet: "Tablet" } as const;

export function SignedInSessions({ sessions }: { sessions: SignedInSession[] }) {
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
      failure: "Not Signed Out",
      done: () => {
        setFocusHeading(true);
        toast({ title: "Signed Out", description: signedOutMessage(session.browser) });
      },
    });
  };

  const signOutOthers = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void mutate<{ signedOut: number }>("DELETE", "/api/auth/sessions", undefined, {
      failure: "Not Signed Out",
      done: ({ signedOut }) => {
        setFocusHeading(true);
        toast({ title: "Signed Out Everywhere Else", description: signedOutElsewhereMessage(signedOut) });
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
        Where you’re signed in
      </h3>
      <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">
        If you do not recognise a session, sign it out and change your password.
      </p>
      <ActionList label="Where you’re signed in">
        {sessions.map((session) => (
          <ActionListRow
            key={session.id}
            title={
              <>
                {session.browser}
                {session.current ? (
                  <span className="ms-2 text-sm font-semibold text-govuk-green dark:text-green-300">This device</span>
                ) : null}
              </>
            }
            kind={[session.device ? DEVICE_NAMES[session.device] : null, session.place ?? "Location unknown"]
              .filter(Boolean)
              .join(" · ")}
            when={`Signed in ${formatDateTime(session.signedInAt)} · Last active ${formatDateTime(session.lastActiveAt)}`}
            action={
              session.current ? null : (
                <Form method="post" action="/profile" onSubmit={(event) => signOut(event, session)}>
                  <input type="hidden" name="intent" value="sign-out-session" />
                  <input type="hidden" name="session" value={session.id} />
                  <Button type="submit" variant="outline" className="px-3 py-1 text-sm" disabled={busy}>
                    Sign out
                    <span className="sr-only">
                      {" "}
                      {session.browser}, last active {formatDateTime(session.lastActiveAt)}
                    </span>
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
            Sign out everywhere else
          </Button>
        </Form>
      ) : (
        <p className="mt-3 text-sm">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}
