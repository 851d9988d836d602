import { useNavigate } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";

/** Spec 001 §3: the department values are exactly these; the labels are for people. */
const DEPARTMENTS = [
  { value: "cabinet-office", label: "Cabinet Office" },
  { value: "home-office", label: "Home Office" },
  { value: "dsit", label: "Department for Science, Innovation and Technology (DSIT)" },
  { value: "treasury", label: "HM Treasury" },
  { value: "other", label: "Other department" },
] as const;

const ACCESS_ALERT = "Thank you. Redirecting you to the ministerial briefing materials and platform access.";

type FormState = { email: string; department: string; accessCode: string };

const fieldClasses =
  "mt-2 block w-full rounded-sm border-2 border-govuk-black bg-white px-3 py-2 text-lg text-govuk-black dark:border-slate-300 dark:bg-slate-950 dark:text-slate-100";
const labelClasses = "block text-lg font-bold text-govuk-black dark:text-slate-100";
const hintClasses = "mt-1 block text-govuk-grey dark:text-slate-300";

/**
 * Spec 001 §3 "Ministers' form state", §5: the demonstration form. Browser-native validation
 * only, then an alert and /login, with no credential check. Its fields have no `name`, and
 * submission is always prevented, so the access code never leaves the page.
 */
export function BriefingForm({ labelledBy }: { labelledBy: string }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>({ email: "", department: "", accessCode: "" });
  const update = (field: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  // Only runs once the browser's own checks (required, type=email) have passed.
  const requestAccess = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    window.alert(ACCESS_ALERT);
    navigate("/login");
  };

  return (
    <form
      onSubmit={requestAccess}
      aria-labelledby={labelledBy}
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
          dir="ltr"
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
  );
}
