/**
 * The public home page's hero (spec 001 §2 "Home") for visitors who are not signed in. The rest
 * of the pitch site (cost bars, feature cards, podcasts, pilots) arrives with its own issue; this
 * keeps the hero's subtitle and figures and the call to action to /login.
 */
import { Link } from "@remix-run/react";
import { Icon, type IconName } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";

// Claims from spec 001 §1; static marketing copy, not product data.
const POINTS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "shield",
    title: "Privacy first",
    text: "Selective disclosure: share that you have the right to work, not your whole passport. No central tracking.",
  },
  { icon: "users", title: "Inclusive", text: "Assisted-digital support at councils and libraries, offline QR mode and multilingual interfaces." },
  { icon: "badge", title: "Standards-based", text: "W3C Verifiable Credentials, SD-JWT, Ed25519 signatures, UK GDPR and DIATF alignment." },
];

export function MarketingHome() {
  return (
    <div>
      <section className="bg-govuk-blue text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">Privacy-First Digital Identity for the UK</h1>
          <p className="mt-4 text-xl font-semibold sm:text-2xl">Right-to-Work | Right-to-Rent | DBS Checks</p>
          <p className="mt-6 max-w-2xl text-lg text-white/90">
            A citizen-held credential wallet that proves only what a check needs. Built for £1.25M in 12 months, with visible pilots in 6 months,
            instead of £400M+ for a national single sign-on.
          </p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link to="/login" className={buttonClasses("primary", "px-6 py-3 text-lg")}>
              Sign in to the platform
            </Link>
            <Link
              to="/register"
              className="inline-flex items-center rounded-sm border-2 border-white px-6 py-3 text-lg font-semibold text-white hover:bg-white hover:text-govuk-blue"
            >
              Create an account
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Why it works" className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-12 md:grid-cols-3">
        {POINTS.map((point) => (
          <div key={point.title} className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
            <span className="text-govuk-blue dark:text-govuk-blue-light">
              <Icon name={point.icon} className="h-8 w-8" />
            </span>
            <h2 className="mt-3 text-xl font-bold">{point.title}</h2>
            <p className="mt-2 text-govuk-grey dark:text-slate-400">{point.text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
