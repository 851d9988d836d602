import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { defineMessages } from "react-intl";
import { useLocalePath } from "#app/components/i18n/language.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { useWords } from "#app/components/ui/use-words.ts";

const messages = defineMessages({
  home: { id: "shell.publicHeader.home", defaultMessage: "Home" },
  challenge: {
    id: "shell.publicHeader.challenge",
    defaultMessage: "Challenge",
    description: "Pitch page about the problem the product solves",
  },
  solution: { id: "shell.publicHeader.solution", defaultMessage: "Solution" },
  roadmap: { id: "shell.publicHeader.roadmap", defaultMessage: "Roadmap" },
  costsBenefits: { id: "shell.publicHeader.costsBenefits", defaultMessage: "Costs & Benefits" },
  governance: { id: "shell.publicHeader.governance", defaultMessage: "Governance" },
  about: { id: "shell.publicHeader.about", defaultMessage: "About" },
  pilots: {
    id: "shell.publicHeader.pilots",
    defaultMessage: "Pilots",
    description: "Pilot projects (trials), not aircraft pilots",
  },
  businessModel: { id: "shell.publicHeader.businessModel", defaultMessage: "Business Model" },
  funding: { id: "shell.publicHeader.funding", defaultMessage: "Funding", description: "Pitch page for investors" },
  podcasts: { id: "shell.publicHeader.podcasts", defaultMessage: "Podcasts" },
  platformLogin: {
    id: "shell.publicHeader.platformLogin",
    defaultMessage: "Platform Login",
    description: "Link to the sign-in page",
  },
  signUp: {
    id: "shell.publicHeader.signUp",
    defaultMessage: "Sign Up Free",
    description: "Link to the registration page",
  },
  menu: { id: "shell.publicHeader.menu", defaultMessage: "Menu" },
  serviceName: { id: "shell.publicHeader.serviceName", defaultMessage: "UK Digital Identity" },
  mainNav: {
    id: "shell.publicHeader.mainNav",
    defaultMessage: "Main",
    description: "Accessible name of the main navigation",
  },
  menuNav: {
    id: "shell.publicHeader.menuNav",
    defaultMessage: "Main (menu)",
    description: "Accessible name of the main navigation shown as a menu on small screens",
  },
  footerNav: {
    id: "shell.footer.nav",
    defaultMessage: "Footer",
    description: "Accessible name of the footer's navigation",
  },
  copyright: { id: "shell.footer.copyright", defaultMessage: "© 2024 UK Digital Identity" },
  privacy: { id: "shell.footer.privacy", defaultMessage: "Privacy Policy" },
  terms: { id: "shell.footer.terms", defaultMessage: "Terms of Service" },
  ministers: {
    id: "shell.footer.ministers",
    defaultMessage: "Ministers' Access",
    description: "Page for government ministers",
  },
  government: { id: "shell.footer.government", defaultMessage: "Government" },
  press: { id: "shell.footer.press", defaultMessage: "Press & Partners" },
  apiDocs: { id: "shell.footer.apiDocs", defaultMessage: "API Documentation" },
  cookies: { id: "shell.footer.cookies", defaultMessage: "Cookies", description: "Browser cookies" },
  gdpr: {
    id: "shell.footer.gdpr",
    defaultMessage: "GDPR",
    description: "The data protection law (UK GDPR); use the usual abbreviation",
  },
  security: { id: "shell.footer.security", defaultMessage: "Security" },
  systemStatus: { id: "shell.footer.systemStatus", defaultMessage: "System Status" },
});

/** Spec 001 §2 "Navigation": the pitch site's links, in order, with their labels. */
const PITCH_NAV: ReadonlyArray<{ to: string; label: (typeof messages)[keyof typeof messages] }> = [
  { to: "/", label: messages.home },
  { to: "/challenge", label: messages.challenge },
  { to: "/solution", label: messages.solution },
  { to: "/roadmap", label: messages.roadmap },
  { to: "/costs-benefits", label: messages.costsBenefits },
  { to: "/governance", label: messages.governance },
  { to: "/about", label: messages.about },
  { to: "/pilots", label: messages.pilots },
  { to: "/business-model", label: messages.businessModel },
  { to: "/investor-funding", label: messages.funding },
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
  const say = useWords();
  const inLanguage = useLocalePath();

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
          to={inLanguage("/")}
          className="flex shrink-0 items-center gap-2 text-xl font-bold tracking-tight text-white hover:underline"
        >
          <Icon name="shield" className="h-7 w-7" />
          {say(messages.serviceName)}
        </Link>
        <nav aria-label={say(messages.mainNav)} className="hidden min-w-0 xl:block">
          {/* Wraps within the header: longer words (Polish, Welsh…) must not push a link off its background. */}
          <ul className="flex flex-wrap items-center justify-end gap-0.5">
            <PitchNavItems testIdPrefix="" podcastsClassName="ms-1" />
            <li className="ms-1">
              <NavLink to={inLanguage("/login")} className={loginButton} data-testid="nav-login">
                {say(messages.platformLogin)}
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
          {say(messages.menu)}
        </button>
      </div>
      <nav id={menuId} aria-label={say(messages.menuNav)} hidden={!open} className="border-t border-white/20 xl:hidden">
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:grid-cols-2">
          <PitchNavItems testIdPrefix="mobile-" />
          <li className="flex flex-wrap gap-2 sm:col-span-2">
            <NavLink to={inLanguage("/login")} className={loginButton} data-testid="mobile-nav-login">
              {say(messages.platformLogin)}
            </NavLink>
            <NavLink to={inLanguage("/register")} className={podcastsButton} data-testid="mobile-nav-register">
              {say(messages.signUp)}
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

/** The pitch pages and Podcasts, as items of the wide bar's list or of the menu's (test ids prefixed there). */
function PitchNavItems({ testIdPrefix, podcastsClassName }: { testIdPrefix: string; podcastsClassName?: string }) {
  const say = useWords();
  const inLanguage = useLocalePath();
  return (
    <>
      {PITCH_NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={inLanguage(item.to)} end className={textLink} data-testid={`${testIdPrefix}${testId(item.to)}`}>
            {say(item.label)}
          </NavLink>
        </li>
      ))}
      <li className={podcastsClassName}>
        <NavLink to={inLanguage("/podcasts")} className={podcastsButton} data-testid={`${testIdPrefix}nav-podcasts`}>
          {say(messages.podcasts)}
        </NavLink>
      </li>
    </>
  );
}

/** Footer links (spec 001 §2 Home "footer with links"; legal, audiences and coming-soon pages). */
const FOOTER_LINKS: ReadonlyArray<{ to: string; label: (typeof messages)[keyof typeof messages] }> = [
  { to: "/privacy-policy", label: messages.privacy },
  { to: "/terms-of-service", label: messages.terms },
  { to: "/ministers", label: messages.ministers },
  { to: "/government", label: messages.government },
  { to: "/marketing", label: messages.press },
  { to: "/coming-soon/api-docs", label: messages.apiDocs },
  { to: "/coming-soon/cookies", label: messages.cookies },
  { to: "/coming-soon/gdpr", label: messages.gdpr },
  { to: "/coming-soon/security", label: messages.security },
  { to: "/coming-soon/system-status", label: messages.systemStatus },
];

export function SiteFooter() {
  const say = useWords();
  const inLanguage = useLocalePath();
  return (
    <footer className="border-t-4 border-govuk-blue bg-white py-6 print:hidden text-sm text-govuk-grey dark:bg-slate-900 dark:text-slate-300">
      <div className="mx-auto flex max-w-7xl flex-wrap items-start justify-between gap-4 px-4">
        <p>{say(messages.copyright)}</p>
        <nav aria-label={say(messages.footerNav)}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={inLanguage(link.to)}
                  className="underline underline-offset-4 hover:text-govuk-black dark:hover:text-white"
                >
                  {say(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
