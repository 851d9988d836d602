import { useNavigate } from "@remix-run/react";
import { type FormEvent, useState } from "react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { useLocalePath } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";

const m = defineMessages({
  cabinetOffice: { id: "pitch.ministers.form.department.cabinetOffice", defaultMessage: "Cabinet Office" },
  homeOffice: { id: "pitch.ministers.form.department.homeOffice", defaultMessage: "Home Office" },
  dsit: {
    id: "pitch.ministers.form.department.dsit",
    defaultMessage: "Department for Science, Innovation and Technology (DSIT)",
  },
  treasury: { id: "pitch.ministers.form.department.treasury", defaultMessage: "HM Treasury" },
  other: { id: "pitch.ministers.form.department.other", defaultMessage: "Other department" },
  accessAlert: {
    id: "pitch.ministers.form.alert",
    defaultMessage: "Thank you. Redirecting you to the ministerial briefing materials and platform access.",
    description: "A browser alert shown after the form is sent, before the sign-in page.",
  },
  email: { id: "pitch.ministers.form.email.label", defaultMessage: "Official email address" },
  emailHint: { id: "pitch.ministers.form.email.hint", defaultMessage: "Your government email address" },
  department: { id: "pitch.ministers.form.department.label", defaultMessage: "Department" },
  selectDepartment: {
    id: "pitch.ministers.form.department.placeholder",
    defaultMessage: "Select Department",
    description: "The first, empty choice of the department list.",
  },
  accessCode: { id: "pitch.ministers.form.accessCode.label", defaultMessage: "Access code" },
  accessCodeHint: {
    id: "pitch.ministers.form.accessCode.hint",
    defaultMessage: "The code in your briefing invitation",
  },
  submit: { id: "pitch.ministers.form.submit", defaultMessage: "Access Briefing Materials" },
});

/** Spec 001 §3: the department values are exactly these; the labels are for people. */
const DEPARTMENTS = [
  { value: "cabinet-office", label: m.cabinetOffice },
  { value: "home-office", label: m.homeOffice },
  { value: "dsit", label: m.dsit },
  { value: "treasury", label: m.treasury },
  { value: "other", label: m.other },
] as const;

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
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const navigate = useNavigate();
  const inLanguage = useLocalePath();
  const [form, setForm] = useState<FormState>({ email: "", department: "", accessCode: "" });
  const update = (field: keyof FormState) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  // Only runs once the browser's own checks (required, type=email) have passed.
  const requestAccess = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    window.alert(t(m.accessAlert));
    navigate(inLanguage("/login"));
  };

  return (
    <form
      onSubmit={requestAccess}
      aria-labelledby={labelledBy}
      className="space-y-6 rounded-sm border border-govuk-border bg-white p-6 sm:p-8 dark:border-slate-700 dark:bg-slate-900"
    >
      <div>
        <label htmlFor="ministers-email" className={labelClasses}>
          {t(m.email)}
        </label>
        <span id="ministers-email-hint" className={hintClasses}>
          {t(m.emailHint)}
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
          {t(m.department)}
        </label>
        <select
          id="ministers-department"
          required
          value={form.department}
          onChange={update("department")}
          className={fieldClasses}
          data-testid="select-ministers-department"
        >
          <option value="">{t(m.selectDepartment)}</option>
          {DEPARTMENTS.map((d) => (
            <option key={d.value} value={d.value}>
              {t(d.label)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="ministers-access-code" className={labelClasses}>
          {t(m.accessCode)}
        </label>
        <span id="ministers-access-code-hint" className={hintClasses}>
          {t(m.accessCodeHint)}
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
        {t(m.submit)}
      </Button>
    </form>
  );
}
