/**
 * Where you're signed in, in /profile's Security Settings (ADR 030): each live session with its
 * browser, device, approximate place and when it was used, "Sign out" for each other one, and
 * "Sign out everywhere else" (DELETE /api/auth/sessions/{id}, DELETE /api/auth/sessions).
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { useMutation } from "#app/components/ui/use-mutation.ts";
import { formatDateTime } from "#core/format/format.ts";
import type { SignedInSession } from "#server/accounts/signed-in-sessions.ts";

const DEVICE_NAMES = { desktop: "Computer", mobile: "Phone", tablet: "Tablet" } as const;

export function SignedInSessions({ sessions }: { sessions: SignedInSession[] }) {
  const { busy, mutate, toast } = useMutation();
  const hydrated = useHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const others = sessions.filter((session) => !session.current);

  // A session signed out takes its button with it: focus goes to the list's heading, not the page's top.
  useEffect(() => {
    if (!focusHeading) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading]);

  const signOut = (session: SignedInSession) =>
    mutate("DELETE", `/api/auth/sessions/${session.id}`, undefined, {
      failure: "Not Signed Out",
      done: () => {
        setFocusHeading(true);
        toast({ title: "Signed Out", description: `${session.browser} has been signed out.` });
      },
    });

  const signOutOthers = () =>
    mutate<{ signedOut: number }>("DELETE", "/api/auth/sessions", undefined, {
      failure: "Not Signed Out",
      done: ({ signedOut }) => {
        setFocusHeading(true);
        toast({
          title: "Signed Out Everywhere Else",
          description:
            signedOut === 1
              ? "1 other session has been signed out."
              : `${signedOut} other sessions have been signed out.`,
        });
      },
    });

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
      <ul
        className="mt-3 divide-y divide-govuk-border border-y border-govuk-border dark:divide-slate-700 dark:border-slate-700"
        aria-label="Where you’re signed in"
      >
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold">
                {session.browser}
                {session.current ? (
                  <span className="ml-2 text-sm font-semibold text-govuk-green dark:text-green-300">This device</span>
                ) : null}
              </p>
              <p className="text-sm text-govuk-grey dark:text-slate-400">
                {[session.device ? DEVICE_NAMES[session.device] : null, session.place ?? "Location unknown"]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              <p className="text-sm">
                Signed in {formatDateTime(session.signedInAt)} · Last active {formatDateTime(session.lastActiveAt)}
              </p>
            </div>
            {session.current || !hydrated ? null : (
              <Button
                variant="outline"
                className="px-3 py-1 text-sm"
                onClick={() => void signOut(session)}
                disabled={busy}
              >
                Sign out
                <span className="sr-only">
                  {" "}
                  {session.browser}, last active {formatDateTime(session.lastActiveAt)}
                </span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && hydrated ? (
        <div className="mt-4">
          <Button variant="secondary" onClick={() => void signOutOthers()} disabled={busy}>
            Sign out everywhere else
          </Button>
        </div>
      ) : others.length === 0 ? (
        <p className="mt-3 text-sm">You are not signed in anywhere else.</p>
      ) : (
        <noscript>
          <p className="mt-3 text-sm">Signing out other sessions needs JavaScript.</p>
        </noscript>
      )}
    </div>
  );
}
