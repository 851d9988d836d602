/** The inputs of each /profile form, in order, and the privacy section's yes-or-no questions. */
import { FieldErrors as FieldErrorList } from "#app/components/ui/text-field.tsx";
import type { EditableSection } from "#core/profile/items.ts";
import type { ProfileFormValues } from "#server/profile/profile.ts";

interface FieldSpec {
  name: string;
  label: string;
  hint?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "text";
  width?: string;
}

/** The inputs of each form, in order; the names are the fields of core/profile/items.ts. */
export const FORM_FIELDS: Record<Exclude<EditableSection, "privacy">, FieldSpec[]> = {
  basic: [
    { name: "firstName", label: "First name", autoComplete: "given-name" },
    { name: "lastName", label: "Last name", autoComplete: "family-name" },
    { name: "email", label: "Email address", type: "email", autoComplete: "email", inputMode: "email" },
    {
      name: "phone",
      label: "Phone number",
      type: "tel",
      autoComplete: "tel",
      hint: "For example, 07700 900982 or +44 7700 900982",
    },
    { name: "dateOfBirth", label: "Date of birth", type: "date", autoComplete: "bday", width: "sm:max-w-xs" },
  ],
  address: [
    { name: "addressLine1", label: "Address line 1", autoComplete: "address-line1" },
    { name: "addressLine2", label: "Address line 2 (optional)", autoComplete: "address-line2" },
    { name: "town", label: "Town or city", autoComplete: "address-level2", width: "sm:max-w-sm" },
    { name: "postcode", label: "Postcode", autoComplete: "postal-code", width: "sm:max-w-[10rem]" },
  ],
  emergency: [
    { name: "emergencyContactName", label: "Full name", autoComplete: "off" },
    {
      name: "emergencyContactPhone",
      label: "Phone number",
      type: "tel",
      autoComplete: "off",
      hint: "For example, 07700 900982 or +44 7700 900982",
    },
    {
      name: "emergencyContactRelationship",
      label: "Relationship to you",
      autoComplete: "off",
      hint: "For example, partner, parent or friend",
    },
  ],
};

export const PRIVACY_QUESTIONS: {
  name: keyof ProfileFormValues["privacy"];
  legend: string;
  hint: string;
  yes: string;
  no: string;
}[] = [
  {
    name: "shareAnalytics",
    legend: "Share usage analytics?",
    hint: "Whether the pages you use while signed in may be recorded against your account to improve the service.",
    yes: "Yes, share usage analytics",
    no: "No, do not share",
  },
  {
    name: "notifyOnVerification",
    legend: "Notify you when a credential is verified?",
    hint: "Whether you want a notification each time an organisation checks one of your credentials.",
    yes: "Yes, notify me",
    no: "No, do not notify me",
  },
];

export function YesNoQuestion({
  name,
  legend,
  hint,
  yes,
  no,
  value,
  errors,
  autoFocus,
}: {
  name: string;
  legend: string;
  hint: string;
  yes: string;
  no: string;
  value: string;
  errors?: string[];
  autoFocus: boolean;
}) {
  const hintId = `field-${name}-hint`;
  const errorId = `field-${name}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <fieldset aria-describedby={[hintId, invalid ? errorId : null].filter(Boolean).join(" ")} className="grid gap-2">
      <legend className="font-semibold">{legend}</legend>
      <p id={hintId} className="text-sm text-govuk-grey dark:text-slate-400">
        {hint}
      </p>
      {invalid ? <FieldErrorList id={errorId} errors={errors!} /> : null}
      <div className={`grid gap-2 ${invalid ? "border-s-4 border-govuk-red ps-3" : ""}`}>
        {(
          [
            ["yes", yes],
            ["no", no],
          ] as const
        ).map(([option, label], index) => (
          <label key={option} className="flex items-center gap-3">
            <input
              type="radio"
              name={name}
              value={option}
              id={index === 0 ? `field-${name}` : `field-${name}-${option}`}
              defaultChecked={value === option}
              // biome-ignore lint/a11y/noAutofocus: the person just opened this form (Edit or Complete); focus goes to its first question
              autoFocus={autoFocus && index === 0}
              className="h-6 w-6 accent-govuk-green"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
