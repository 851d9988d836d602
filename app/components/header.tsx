/**
 * The signed-in header (spec 000 §2 "Header"): the same four links for every role, the current
 * one highlighted, dark-mode toggle, avatar with name, and Sign Out. It renders only for a
 * signed-in person, so it also mounts the client session lifecycle (spec 000 §4).
 */
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { ApiError, apiRequest } from "#app/client/api-client.ts";
import { endSession, forgetSession } from "#app/client/session-tracker.ts";
import type { Theme } from "#app/client/theme.ts";
import { useSessionTracking } from "#app/client/use-session-tracking.ts";
import { useLocalePath } from "#app/components/i18n/language.tsx";
import { PAGE_COLUMN } from "#app/components/ui/signed-in-page.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { displayName, type PublicUser } from "#core/accounts/users.ts";
import { avatarSrc } from "./avatar.ts";

const messages = defineMessages({
  wallet: {
    id: "shell.header.wallet",
    defaultMessage: "Citizen Wallet",
    description: "Header link to the citizen's wallet",
  },
  verifier: {
    id: "shell.header.verifier",
    defaultMessage: "Verifier Portal",
    description: "Header link to the portal where organisations check credentials",
  },
  operator: {
    id: "shell.header.operator",
    defaultMessage: "Operator Dashboard",
    description: "Header link to the counter staff's console",
  },
  gabriel: {
    id: "shell.header.gabriel",
    defaultMessage: "Gabriel AI",
    description: "Header link to the AI assistant, named Gabriel (a product name)",
  },
  serviceName: { id: "shell.header.serviceName", defaultMessage: "UK Digital Identity" },
  mainNav: {
    id: "shell.header.mainNav",
    defaultMessage: "Main",
    description: "Accessible name of the main navigation",
  },
  darkMode: {
    id: "shell.header.darkMode",
    defaultMessage: "Dark mode",
    description: "Accessible name of the dark mode toggle button",
  },
  toLight: { id: "shell.header.toLight", defaultMessage: "Switch to light mode" },
  toDark: { id: "shell.header.toDark", defaultMessage: "Switch to dark mode" },
  signOut: { id: "shell.header.signOut", defaultMessage: "Sign Out" },
  savingButton: {
    id: "shell.header.savingButton",
    defaultMessage: "Saving Data...",
    description: "Sign out button while the session is saved",
  },
  signingOutButton: { id: "shell.header.signingOutButton", defaultMessage: "Signing Out..." },
  savingToast: { id: "shell.header.savingToast", defaultMessage: "Saving your data..." },
  logoutFailed: {
    id: "shell.header.logoutFailed",
    defaultMessage: "Logout Failed",
    description: "Toast title when signing out failed",
  },
  saveFailed: { id: "shell.header.saveFailed", defaultMessage: "Failed to save session data before logout" },
  signedOut: {
    id: "shell.header.signedOut",
    defaultMessage: "Signed Out",
    description: "Toast title after signing out",
  },
  alreadyEnded: {
    id: "shell.header.alreadyEnded",
    defaultMessage: "Your session had already ended, so you are signed out.",
  },
  signedOutSaved: {
    id: "shell.header.signedOutSaved",
    defaultMessage: "All your data has been saved and you've been successfully signed out.",
  },
  signOutError: {
    id: "shell.header.signOutError",
    defaultMessage: "There was an error signing out. Some data may not have been saved.",
  },
});

/** The four links (spec 000 §2); `also` lists the spec's other routes for the same screen, highlighted too. */
const HEADER_LINKS = [
  { to: "/wallet", label: messages.wallet, also: ["/citizen-wallet"] },
  { to: "/verifier", label: messages.verifier, also: ["/verifier-portal"] },
  { to: "/assisted", label: messages.operator, also: ["/assisted-digital"] },
  { to: "/gabriel", label: messages.gabriel, also: ["/gabriel-ai"] },
] as const;

function isCurrent(link: (typeof HEADER_LINKS)[number], pathname: string): boolean {
  const paths: readonly string[] = [link.to, ...link.also];
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** Sign Out's two stages (spec 000 §2 "Header"): the session end is saved first, then the logout. */
type SignOutStage = "saving" | "signing-out" | null;

export function Header({ user, theme, onToggleTheme }: { user: PublicUser; theme: Theme; onToggleTheme: () => void }) {
  const { pathname } = useLocation();
  const { toast } = useToast();
  const intl = useIntl();
  const t = intl.formatMessage;
  const navigate = useNavigate();
  // After signing out, the sign-in page in the language the person was using.
  const loginPath = useLocalePath()("/login");
  const [stage, setStage] = useState<SignOutStage>(null);
  const signOutButton = useRef<HTMLButtonElement>(null);
  // A disabled button drops keyboard focus; when the person stays signed in, give it back.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (refocus && stage === null) {
      signOutButton.current?.focus();
      setRefocus(false);
    }
  }, [refocus, stage]);
  const fullName = displayName(user);
  useSessionTracking(toast);

  /**
   * Spec 000 §7, §8: the session end must succeed before logout; if it fails the person stays
   * signed in and is told so.
   */
  async function signOut() {
    setStage("saving");
    toast({ title: t(messages.savingToast) });
    let ended: Awaited<ReturnType<typeof endSession>>;
    try {
      ended = await endSession();
    } catch {
      toast({
        title: t(messages.logoutFailed),
        description: t(messages.saveFailed),
        variant: "destructive",
      });
      setStage(null);
      setRefocus(true);
      return;
    }
    if (ended === "expired") {
      // The login timed out while the page stayed open: already signed out on the server.
      toast({ title: t(messages.signedOut), description: t(messages.alreadyEnded) });
      setStage(null);
      navigate(loginPath, { replace: true });
      return;
    }
    setStage("signing-out");
    try {
      await apiRequest("POST", "/api/auth/logout");
      forgetSession();
      toast({
        title: t(messages.signedOut),
        description: t(messages.signedOutSaved),
      });
      navigate(loginPath, { replace: true });
    } catch (error) {
      toast({
        title: t(messages.logoutFailed),
        // The server's reason when it answered; otherwise (e.g. offline) the spec 000 §8 fallback.
        description: error instanceof ApiError ? (error.serverMessage ?? error.message) : t(messages.signOutError),
        variant: "destructive",
      });
      setRefocus(true);
    } finally {
      setStage(null);
    }
  }

  return (
    <header className="border-b-8 border-govuk-blue bg-govuk-black text-white print:hidden">
      <div className={`${PAGE_COLUMN} flex flex-wrap items-center gap-x-6 gap-y-3 py-3`}>
        <Link
          to="/"
          className="flex items-center gap-2 text-xl font-bold tracking-tight text-white no-underline hover:underline"
        >
          <ShieldIcon />
          <span>{t(messages.serviceName)}</span>
        </Link>

        <nav aria-label={t(messages.mainNav)} className="order-last w-full lg:order-none lg:w-auto lg:flex-1">
          <ul className="flex flex-wrap gap-1">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  aria-current={isCurrent(link, pathname) ? "page" : undefined}
                  className={
                    "block rounded-sm px-3 py-2 text-sm font-semibold underline-offset-4 " +
                    (isCurrent(link, pathname)
                      ? "bg-white text-govuk-black"
                      : "text-white hover:bg-white/10 hover:underline")
                  }
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ms-auto flex items-center gap-3">
          <button
            type="button"
            onClick={onToggleTheme}
            aria-pressed={theme === "dark"}
            aria-label={t(messages.darkMode)}
            title={t(theme === "dark" ? messages.toLight : messages.toDark)}
            className="rounded-sm border border-white/40 p-2 text-white hover:bg-white/10"
          >
            {theme === "dark" ? <SunIcon /> : <MoonIcon />}
          </button>
          <div className="flex items-center gap-2">
            <img
              src={avatarSrc(user)}
              alt=""
              width={32}
              height={32}
              className="h-8 w-8 rounded-full bg-white/20 object-cover"
            />
            <span className="sr-only text-sm font-semibold sm:not-sr-only" dir="auto">
              {fullName}
            </span>
          </div>
          <button
            type="button"
            ref={signOutButton}
            onClick={signOut}
            disabled={stage !== null}
            className="rounded-sm border border-white px-3 py-1.5 text-sm font-semibold text-white hover:bg-white hover:text-govuk-black disabled:cursor-not-allowed disabled:opacity-60"
          >
            {t(
              stage === "saving"
                ? messages.savingButton
                : stage === "signing-out"
                  ? messages.signingOutButton
                  : messages.signOut,
            )}
          </button>
        </div>
      </div>
    </header>
  );
}

function ShieldIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M12 3l7 3v6c0 4.5-3 7.7-7 9-4-1.3-7-4.5-7-9V6l7-3z" />
      <path d="M9 12l2 2 4-4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}
