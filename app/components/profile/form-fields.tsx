/** The inputs of each /profile form, in order, and the privacy section's yes-or-no questions. */
import { defineMessages, type TypedMessageDescriptor, useIntl } from "react-intl";
import { FieldErrors as FieldErrorList } from "#app/components/ui/text-field.tsx";
import type { EditableSection } from "#core/profile/items.ts";
import type { ProfileFormValues } from "#server/profile/profile.ts";

const messages = defineMessages({
  firstName: { id: "profile.formFields.firstName", defaultMessage: "First name" },
  lastName: { id: "profile.formFields.lastName", defaultMessage: "Last name" },
  email: { id: "profile.formFields.email", defaultMessage: "Email address" },
  phone: { id: "profile.formFields.phone", defaultMessage: "Phone number" },
  phoneHint: { id: "profile.formFields.phoneHint", defaultMessage: "For example, 07700 900982 or +44 7700 900982" },
  dateOfBirth: { id: "profile.formFields.dateOfBirth", defaultMessage: "Date of birth" },
  addressLine1: { id: "profile.formFields.addressLine1", defaultMessage: "Address line 1" },
  addressLine2: { id: "profile.formFields.addressLine2", defaultMessage: "Address line 2 (optional)" },
  town: { id: "profile.formFields.town", defaultMessage: "Town or city" },
  postcode: { id: "profile.formFields.postcode", defaultMessage: "Postcode" },
  contactName: { id: "profile.formFields.contactName", defaultMessage: "Full name" },
  relationship: { id: "profile.formFields.relationship", defaultMessage: "Relationship to you" },
  relationshipHint: {
    id: "profile.formFields.relationshipHint",
    defaultMessage: "For example, partner, parent or friend",
  },
  analyticsLegend: { id: "profile.formFields.analyticsLegend", defaultMessage: "Share usage analytics?" },
  analyticsHint: {
    id: "profile.formFields.analyticsHint",
    defaultMessage:
      "Whether the pages you use while signed in may be recorded against your account to improve the service.",
  },
  analyticsYes: { id: "profile.formFields.analyticsYes", defaultMessage: "Yes, share usage analytics" },
  analyticsNo: { id: "profile.formFields.analyticsNo", defaultMessage: "No, do not share" },
  notifyLegend: { id: "profile.formFields.notifyLegend", defaultMessage: "Notify you when a credential is verified?" },
  notifyHint: {
    id: "profile.formFields.notifyHint",
    defaultMessage: "Whether you want a notification each time an organisation checks one of your credentials.",
  },
  notifyYes: { id: "profile.formFields.notifyYes", defaultMessage: "Yes, notify me" },
  notifyNo: { id: "profile.formFields.notifyNo", defaultMessage: "No, do not notify me" },
});

interface FieldSpec {
  name: string;
  label: TypedMessageDescriptor;
  hint?: TypedMessageDescriptor;
  type?: string;
  autoComplete?: string;
  inputMode?: "tel" | "email" | "text";
  width?: string;
}

/** The inputs of each form, in order; the names are the fields of core/profile/items.ts. */
export const FORM_FIELDS: Record<Exclude<EditableSection, "privacy">, FieldSpec[]> = {
  basic: [
    { name: "firstName", label: messages.firstName, autoComplete: "given-name" },
    { name: "lastName", label: messages.lastName, autoComplete: "family-name" },
    { name: "email", label: messages.email, type: "email", autoComplete: "email", inputMode: "email" },
    {
      name: "phone",
      label: messages.phone,
      type: "tel",
      autoComplete: "tel",
      hint: messages.phoneHint,
    },
    { name: "dateOfBirth", label: messages.dateOfBirth, type: "date", autoComplete: "bday", width: "sm:max-w-xs" },
  ],
  address: [
    { name: "addressLine1", label: messages.addressLine1, autoComplete: "address-line1" },
    { name: "addressLine2", label: messages.addressLine2, autoComplete: "address-line2" },
    { name: "town", label: messages.town, autoComplete: "address-level2", width: "sm:max-w-sm" },
    { name: "postcode", label: messages.postcode, autoComplete: "postal-code", width: "sm:max-w-[10rem]" },
  ],
  emergency: [
    { name: "emergencyContactName", label: messages.contactName, autoComplete: "off" },
    {
      name: "emergencyContactPhone",
      label: messages.phone,
      type: "tel",
      autoComplete: "off",
      hint: messages.phoneHint,
    },
    {
      name: "emergencyContactRelationship",
      label: messages.relationship,
      autoComplete: "off",
      hint: messages.relationshipHint,
    },
  ],
};

export const PRIVACY_QUESTIONS: {
  name: keyof ProfileFormValues["privacy"];
  legend: TypedMessageDescriptor;
  hint: TypedMessageDescriptor;
  yes: TypedMessageDescriptor;
  no: TypedMessageDescriptor;
}[] = [
  {
    name: "shareAnalytics",
    legend: messages.analyticsLegend,
    hint: messages.analyticsHint,
    yes: messages.analyticsYes,
    no: messages.analyticsNo,
  },
  {
    name: "notifyOnVerification",
    legend: messages.notifyLegend,
    hint: messages.notifyHint,
    yes: messages.notifyYes,
    no: messages.notifyNo,
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
  legend: TypedMessageDescriptor;
  hint: TypedMessageDescriptor;
  yes: TypedMessageDescriptor;
  no: TypedMessageDescriptor;
  value: string;
  errors?: string[];
  autoFocus: boolean;
}) {
  const intl = useIntl();
  const hintId = `field-${name}-hint`;
  const errorId = `field-${name}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <fieldset aria-describedby={[hintId, invalid ? errorId : null].filter(Boolean).join(" ")} className="grid gap-2">
      <legend className="font-semibold">{intl.formatMessage(legend)}</legend>
      <p id={hintId} className="text-sm text-govuk-grey dark:text-slate-400">
        {intl.formatMessage(hint)}
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
            {intl.formatMessage(label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
