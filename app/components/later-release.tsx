import { Link } from "@remix-run/react";
import { buttonClasses } from "#app/components/ui/button.tsx";

/**
 * A signed-in area whose screens arrive in a later release: its title, what it will do (spec 000
 * §2), and an honest statement that it is not built yet, rather than sample content.
 */
export function LaterRelease({ title, purpose, features }: { title: string; purpose: string; features: string[] }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/" className="text-govuk-blue underline underline-offset-4 hover:text-govuk-blue-dark dark:text-govuk-blue-light">
        <span aria-hidden="true">‹</span> Back to dashboard
      </Link>
      <h1 className="mt-6 text-4xl font-bold">{title}</h1>
      <p className="mt-3 text-xl text-govuk-grey dark:text-slate-400">{purpose}</p>
      <div className="mt-8 border-l-8 border-govuk-blue bg-white p-6 dark:bg-slate-900">
        <h2 className="text-xl font-bold">Coming in a later release</h2>
        <p className="mt-2">This part of the service is being built. When it is ready you will be able to:</p>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
      <Link to="/" className={buttonClasses("secondary", "mt-8")}>
        Return to your dashboard
      </Link>
    </div>
  );
}
