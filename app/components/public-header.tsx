import { Link, NavLink } from "@remix-run/react";
import { Icon } from "~/components/icons";

/**
 * The header for visitors who are not signed in. The full pitch-site navigation (spec 001 §2)
 * comes with the pitch pages; until then only the account links, with their spec labels.
 */
export function PublicHeader() {
  const link = ({ isActive }: { isActive: boolean }) =>
    "rounded-sm px-3 py-2 text-sm font-semibold " + (isActive ? "bg-white text-govuk-black" : "text-white underline-offset-4 hover:underline");
  return (
    <header className="border-b-8 border-govuk-blue bg-govuk-black text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold tracking-tight text-white hover:underline">
          <Icon name="shield" className="h-7 w-7" />
          UK Digital Identity
        </Link>
        <nav aria-label="Account" className="flex items-center gap-2">
          <NavLink to="/register" className={link}>
            Sign Up Free
          </NavLink>
          <NavLink to="/login" className={link}>
            Platform Login
          </NavLink>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t-4 border-govuk-blue bg-white py-6 text-sm text-govuk-grey dark:bg-slate-900 dark:text-slate-400">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4">
        <p>© 2024 UK Digital Identity</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-4">
            <li>
              <Link to="/coming-soon/cookies" className="underline underline-offset-4 hover:text-govuk-black dark:hover:text-white">
                Cookies
              </Link>
            </li>
            <li>
              <Link to="/coming-soon/gdpr" className="underline underline-offset-4 hover:text-govuk-black dark:hover:text-white">
                GDPR
              </Link>
            </li>
            <li>
              <Link to="/coming-soon/security" className="underline underline-offset-4 hover:text-govuk-black dark:hover:text-white">
                Security
              </Link>
            </li>
            <li>
              <Link to="/coming-soon/system-status" className="underline underline-offset-4 hover:text-govuk-black dark:hover:text-white">
                System Status
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
