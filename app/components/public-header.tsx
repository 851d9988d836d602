import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "#app/components/ui/icons.tsx";

/** Spec 001 §2 "Navigation": the pitch site's links, in order, with their labels. */
const PITCH_NAV: ReadonlyArray<{ to: string; label: string }> = [
  { to: "/", label: "Home" },
  { to: "/challenge", label: "Challenge" },
  { to: "/solution", label: "Solution" },
  { to: "/roadmap", label: "Roadmap" },
  { to: "/costs-benefits", label: "Costs & Benefits" },
  { to: "/governance", label: "Governance" },
  { to: "/about", label: "About" },
  { to: "/pilots", label: "Pilots" },
  { to: "/business-model", label: "Business Model" },
  { to: "/investor-funding", label: "Funding" },
];

const testId = (to: string) => `nav-${to === "/" ? "home" : to.slice(1)}`;

const textLink = ({ isActive }: { isActive: boolean }) =>
  "block whitespace-nowrap rounded-sm px-2 py-2 text-[0.8125rem] font-semibold 2xl:text-sm " +
  (isActive ? "bg-white text-govuk-black" : "text-white underline-offset-4 hover:underline");

const podcastsButton = ({ isActive }: { isActive: boolean }) =>
  "block whitespace-nowrap rounded-sm border-2 border-govuk-yellow px-3 py-1.5 text-sm font-bold " +
  (isActive ? "bg-govuk-yellow text-govuk-black" : "text-govuk-yellow hover:bg-govuk-yellow hover:text-govuk-black");

const loginButton = ({ isActive }: { isActive: boolean }) =>
  "block whitespace-nowrap rounded-sm px-3 py-2 text-sm font-bold " +
  (isActive ? "bg-govuk-yellow text-govuk-black" : "bg-white text-govuk-black hover:bg-govuk-grey-light");

/**
 * The header for visitors who are not signed in: the pitch site's navigation (spec 001 §2) on wide
 * screens, and a toggle menu below 1280 px that also offers Sign Up Free. The active link is the
 * one matching the current path (aria-current via NavLink).
 */
export function PublicHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input: a followed link (a route change) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header className="border-b-8 border-govuk-blue bg-govuk-black text-white">
      <div className="mx-auto flex max-w-[90rem] items-center justify-between gap-4 px-4 py-3">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-xl font-bold tracking-tight text-white hover:underline"
        >
          <Icon name="shield" className="h-7 w-7" />
          UK Digital Identity
        </Link>
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            <PitchNavItems testIdPrefix="" podcastsClassName="ms-1" />
            <li className="ms-1">
              <NavLink to="/login" className={loginButton} data-testid="nav-login">
                Platform Login
              </NavLink>
            </li>
          </ul>
        </nav>
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex items-center gap-2 rounded-sm border-2 border-white px-3 py-1.5 text-sm font-bold text-white xl:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
          data-testid="nav-menu-toggle"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          Menu
        </button>
      </div>
      <nav id={menuId} aria-label="Main (menu)" hidden={!open} className="border-t border-white/20 xl:hidden">
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:grid-cols-2">
          <PitchNavItems testIdPrefix="mobile-" />
          <li className="flex flex-wrap gap-2 sm:col-span-2">
            <NavLink to="/login" className={loginButton} data-testid="mobile-nav-login">
              Platform Login
            </NavLink>
            <NavLink to="/register" className={podcastsButton} data-testid="mobile-nav-register">
              Sign Up Free
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

/** The pitch pages and Podcasts, as items of the wide bar's list or of the menu's (test ids prefixed there). */
function PitchNavItems({ testIdPrefix, podcastsClassName }: { testIdPrefix: string; podcastsClassName?: string }) {
  return (
    <>
      {PITCH_NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end className={textLink} data-testid={`${testIdPrefix}${testId(item.to)}`}>
            {item.label}
          </NavLink>
        </li>
      ))}
      <li className={podcastsClassName}>
        <NavLink to="/podcasts" className={podcastsButton} data-testid={`${testIdPrefix}nav-podcasts`}>
          Podcasts
        </NavLink>
      </li>
    </>
  );
}

/** Footer links (spec 001 §2 Home "footer with links"; legal, audiences and coming-soon pages). */
const FOOTER_LINKS: ReadonlyArray<{ to: string; label: string }> = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/ministers", label: "Ministers' Access" },
  { to: "/government", label: "Government" },
  { to: "/marketing", label: "Press & Partners" },
  { to: "/coming-soon/api-docs", label: "API Documentation" },
  { to: "/coming-soon/cookies", label: "Cookies" },
  { to: "/coming-soon/gdpr", label: "GDPR" },
  { to: "/coming-soon/security", label: "Security" },
  { to: "/coming-soon/system-status", label: "System Status" },
];

export function SiteFooter() {
  return (
    <footer className="border-t-4 border-govuk-blue bg-white py-6 print:hidden text-sm text-govuk-grey dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-wrap items-start justify-between gap-4 px-4">
        <p>© 2024 UK Digital Identity</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="underline underline-offset-4 hover:text-govuk-black dark:hover:text-white"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
