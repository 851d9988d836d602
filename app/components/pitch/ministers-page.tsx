import { useNavigate } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import { CONTACTS, MVP, mailto } from "#core/pitch/programme.ts";
import { PageHero, Section } from "./layout.tsx";

/**
 * Spec 001 §2 "Ministers' access", §3 "Ministers' form state", §4, §5: two cards (MVP demo,
 * documentation), a login-style form and the contact team's links. The form is a demonstration:
 * browser-native validation only, then an alert and /login, with no credential check. Its fields
 * have no `name`, and submission is always prevented, so the access code never leaves the page
 * (not even as a query string if someone submits before the page has hydrated).
 */

/** Spec 001 §3: the department values are exactly these; the labels are for people. */
const DEPARTMENTS = [
  { value: "cabinet-office", label: "Cabinet Office" },
  { value: "home-office", label: "Home Office" },
  { value: "dsit", label: "Department for Science, Innovation and Technology (DSIT)" },
  { value: "treasury", label: "HM Treasury" },
  { value: "other", label: "Other department" },
] as const;

const MINISTERS_CONTACT = CONTACTS.ministers;

const DEMO_ALERT =
  "MVP demo: you will now go to the platform login. Choose a demo account to explore the citizen wallet, the verifier portal and assisted-digital support.";
const DOCUMENTATION_ALERT = `Opening the solution documentation in a new tab: the ${MVP.deliveryMonths.adjective} MVP, core components and technical architecture.`;
const ACCESS_ALERT = "Thank you. Redirecting you to the ministerial briefing materials and platform access.";

type FormState = { email: string; department: string; accessCode: string };

const fieldClasses =
  "mt-2 block w-full rounded-sm border-2 border-govuk-black bg-white px-3 py-2 text-lg text-govuk-black dark:border-slate-300 dark:bg-slate-950 dark:text-slate-100";
const labelClasses = "block text-lg font-bold text-govuk-black dark:text-slate-100";
const hintClasses = "mt-1 block text-govuk-grey dark:text-slate-300";

export function MinistersPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>({ email: "", department: "", accessCode: "" });
  const update = (field: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const launchDemo = () => {
    window.alert(DEMO_ALERT);
    navigate("/login");
  };
  const openDocumentation = () => {
    window.alert(DOCUMENTATION_ALERT);
    window.open("/solution", "_blank", "noopener,noreferrer");
  };
  // Only runs once the browser's own checks (required, type=email) have passed.
  const requestAccess = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    window.alert(ACCESS_ALERT);
    navigate("/login");
  };

  return (
    <>
      <PageHero
        eyebrow="For ministers and senior policymakers"
        title="Ministers' Access"
        lead={
          <p>
            See the privacy-first digital identity MVP for Right-to-Work, Right-to-Rent and DBS checks, read the
            documentation, and request access to briefing materials.
          </p>
        }
      />

      <Section title="Explore the platform" lead="Try the working MVP, or read how it is built.">
        <div className="grid gap-6 md:grid-cols-2">
          <ActionCard
            icon={<Icon name="wallet" className="h-7 w-7" />}
            title="MVP demonstration"
            text="Sign in with a demo account to see the citizen wallet, the verifier portal and assisted-digital support working end to end."
          >
            <Button data-testid="button-mvp-demo" onClick={launchDemo} className="px-5 py-2.5 text-lg">
              Launch MVP Demo
            </Button>
          </ActionCard>
          <ActionCard
            icon={<Icon name="file" className="h-7 w-7" />}
            title="Technical documentation"
            text={`The ${MVP.deliveryMonths.adjective} MVP, core components, standards alignment and technical architecture. Opens in a new tab.`}
          >
            <Button
              data-testid="button-view-documentation"
              variant="secondary"
              onClick={openDocumentation}
              className="px-5 py-2.5 text-lg"
            >
              View Documentation
              <span className="sr-only">(opens in a new tab)</span>
              <NewTabIcon />
            </Button>
          </ActionCard>
        </div>
      </Section>

      <Section
        title="Request briefing access"
        id="briefing-access"
        tone="shaded"
        lead="For officials in government departments. All fields are required."
      >
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <form
            onSubmit={requestAccess}
            aria-labelledby="briefing-access"
            className="space-y-6 rounded-sm border border-govuk-border bg-white p-6 sm:p-8 dark:border-slate-700 dark:bg-slate-900"
          >
            <div>
              <label htmlFor="ministers-email" className={labelClasses}>
                Official email address
              </label>
              <span id="ministers-email-hint" className={hintClasses}>
                Your government email address
              </span>
              <input
                id="ministers-email"
                type="email"
                required
                autoComplete="email"
                spellCheck={false}
                aria-describedby="ministers-email-hint"
                value={form.email}
                onChange={update("email")}
                className={fieldClasses}
                data-testid="input-ministers-email"
              />
            </div>
            <div>
              <label htmlFor="ministers-department" className={labelClasses}>
                Department
              </label>
              <select
                id="ministers-department"
                required
                value={form.department}
                onChange={update("department")}
                className={fieldClasses}
                data-testid="select-ministers-department"
              >
                <option value="">Select Department</option>
                {DEPARTMENTS.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="ministers-access-code" className={labelClasses}>
                Access code
              </label>
              <span id="ministers-access-code-hint" className={hintClasses}>
                The code in your briefing invitation
              </span>
              <input
                id="ministers-access-code"
                type="password"
                required
                autoComplete="off"
                aria-describedby="ministers-access-code-hint"
                value={form.accessCode}
                onChange={update("accessCode")}
                className={fieldClasses}
                data-testid="input-ministers-access-code"
              />
            </div>
            <Button type="submit" data-testid="button-ministers-access" className="px-5 py-2.5 text-lg">
              Access Briefing Materials
            </Button>
          </form>

          <aside
            aria-labelledby="ministers-contact"
            className="self-start rounded-sm border-l-4 border-govuk-blue bg-white p-6 dark:border-govuk-blue-light dark:bg-slate-900"
          >
            <h3 id="ministers-contact" className="text-xl font-bold text-govuk-black dark:text-slate-100">
              Ministers' contact team
            </h3>
            <p className="mt-2 text-govuk-grey dark:text-slate-300">
              For a briefing, an access code or a private demonstration.
            </p>
            <ul className="mt-4 space-y-3 text-lg">
              <li className="flex items-start gap-3">
                <span className="mt-1 text-govuk-blue dark:text-govuk-blue-light">
                  <MailIcon />
                </span>
                <a
                  href={mailto(MINISTERS_CONTACT.email)}
                  className={`[overflow-wrap:anywhere] ${linkClasses}`}
                  data-testid="link-ministers-email"
                >
                  {MINISTERS_CONTACT.email}
                </a>
              </li>
              <li className="flex items-start gap-3">
                <span className="mt-1 text-govuk-blue dark:text-govuk-blue-light">
                  <Icon name="phone" className="h-5 w-5" />
                </span>
                <a
                  href={`tel:${MINISTERS_CONTACT.phone.tel}`}
                  className={linkClasses}
                  data-testid="link-ministers-phone"
                >
                  <span className="sr-only">Telephone </span>
                  {MINISTERS_CONTACT.phone.display}
                </a>
              </li>
            </ul>
          </aside>
        </div>
      </Section>
    </>
  );
}

function ActionCard({
  icon,
  title,
  text,
  children,
}: {
  icon: JSX.Element;
  title: string;
  text: string;
  children: JSX.Element;
}) {
  return (
    <div className="flex flex-col rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-6 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900">
      <span className="inline-flex self-start rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
        {icon}
      </span>
      <h3 className="mt-3 text-xl font-bold text-govuk-black dark:text-slate-100">{title}</h3>
      <p className="mt-2 flex-1 text-govuk-grey dark:text-slate-300">{text}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}

function MailIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 4h16a2 2 0 012 2v12a2 2 0 01-2 2H4a2 2 0 01-2-2V6a2 2 0 012-2zM22 6l-10 7L2 6" />
    </svg>
  );
}

function NewTabIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M18 13v6a2 2 0 01-2 2H5a2 2 0 01-2-2V8a2 2 0 012-2h6M15 3h6v6M10 14L21 3" />
    </svg>
  );
}
