/** A section's form on /profile: the whole section (Edit) or one item's fields (Complete), with the GOV.UK error summary. */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { defineMessages, useIntl } from "react-intl";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { isFormDirty, useUnsavedChanges } from "#app/components/ui/use-unsaved-changes.ts";
import { type EditableSection, ITEM_LABEL_MESSAGES, type ProfileItemKey } from "#core/profile/items.ts";
import type { ProfileFormRefusal, ProfileFormValues } from "#server/profile/profile.ts";
import { FORM_FIELDS, PRIVACY_QUESTIONS, YesNoQuestion } from "./form-fields.tsx";

const messages = {
  ...defineMessages({
    problem: { id: "profile.sectionForm.problem", defaultMessage: "There is a problem" },
    saving: { id: "profile.sectionForm.saving", defaultMessage: "Saving..." },
    save: { id: "profile.sectionForm.save", defaultMessage: "Save" },
    cancel: { id: "profile.sectionForm.cancel", defaultMessage: "Cancel" },
  }),
  ...defineMessages<{ completeItem: { item: string }; editSection: { section: string } }>({
    completeItem: {
      id: "profile.sectionForm.completeItem",
      defaultMessage: "Complete {item}",
      description: "The name of a form that fills in one detail, e.g. 'Complete Phone number'.",
    },
    editSection: { id: "profile.sectionForm.editSection", defaultMessage: "Edit {section}" },
  }),
};

export function SectionForm({
  section,
  item,
  title,
  values,
  failed,
  today,
}: {
  section: EditableSection;
  /** Complete beside one item: only its fields, saved alone. Null: the whole section (Edit). */
  item: { key: ProfileItemKey; fields: readonly string[] } | null;
  title: string;
  values: ProfileFormValues;
  failed: ProfileFormRefusal | null;
  today: string;
}) {
  const intl = useIntl();
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formData?.get("intent") === section;
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // What this form last sent. Remix shows a save's answer (the toast) before the page's fresh values
  // arrive, so for that moment the fields still differ from what the page rendered: sent is not
  // unsaved. A refused save is unsaved through `failed`; a field changed after sending differs again.
  const sent = useRef<string | null>(null);
  const fieldsOf = (form: HTMLFormElement) => JSON.stringify(Array.from(new FormData(form).entries()));
  // Typed and not saved: a field changed from what the page shows and from what was sent, or a save
  // the server refused.
  const { onSubmit: leavingBySubmit } = useUnsavedChanges(() => {
    if (failed !== null) return true;
    const form = formRef.current;
    return form !== null && isFormDirty(form) && sent.current !== fieldsOf(form);
  });
  const onSubmit = () => {
    if (formRef.current) sent.current = fieldsOf(formRef.current);
    leavingBySubmit();
  };
  const errors = failed?.fieldErrors ?? {};
  const current = (name: string) => failed?.values[name] ?? (values[section] as Record<string, string>)[name] ?? "";
  const problems = Object.entries(errors).flatMap(([name, list]) => (list ?? []).map((message) => ({ name, message })));
  const onForm = (name: string) => !item || item.fields.includes(name);
  const questions = PRIVACY_QUESTIONS.filter((question) => onForm(question.name));
  const fields = section === "privacy" ? [] : FORM_FIELDS[section].filter((field) => onForm(field.name));

  // After a refused save, move focus to the list of problems (GOV.UK error summary pattern).
  useEffect(() => {
    if (failed) summaryRef.current?.focus();
  }, [failed]);

  return (
    <Form
      ref={formRef}
      onSubmit={onSubmit}
      method="post"
      action="/profile"
      preventScrollReset
      noValidate
      id={`edit-${section}`}
      aria-label={
        item
          ? intl.formatMessage(messages.completeItem, { item: intl.formatMessage(ITEM_LABEL_MESSAGES[item.key]) })
          : intl.formatMessage(messages.editSection, { section: title })
      }
      className="mt-4 grid scroll-mt-4 gap-5 border-t border-govuk-border pt-5 dark:border-slate-700"
    >
      <input type="hidden" name="intent" value={section} />
      {item ? <input type="hidden" name="item" value={item.key} /> : null}
      {failed ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby={`edit-${section}-problem`}
          className="border-4 border-govuk-red p-4 dark:border-red-500"
        >
          <h3 id={`edit-${section}-problem`} className="text-lg font-bold">
            {intl.formatMessage(messages.problem)}
          </h3>
          <ul className="mt-2 grid gap-1">
            {problems.length ? (
              problems.map(({ name, message }) => (
                <li key={`${name}-${message}`}>
                  <a
                    href={`#field-${name}`}
                    className="font-semibold text-govuk-red underline underline-offset-4 dark:text-red-400"
                  >
                    {message}
                  </a>
                </li>
              ))
            ) : (
              <li className="font-semibold text-govuk-red dark:text-red-400">{failed.message}</li>
            )}
          </ul>
        </div>
      ) : null}

      {section === "privacy"
        ? questions.map((question, index) => (
            <YesNoQuestion
              key={question.name}
              {...question}
              value={current(question.name)}
              errors={errors[question.name]}
              autoFocus={index === 0 && !failed}
            />
          ))
        : fields.map((field, index) => (
            <TextField
              key={field.name}
              name={field.name}
              label={intl.formatMessage(field.label)}
              hint={field.hint ? intl.formatMessage(field.hint) : undefined}
              type={field.type ?? "text"}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              max={field.type === "date" ? today : undefined}
              defaultValue={current(field.name)}
              errors={errors[field.name]}
              autoFocus={index === 0 && !failed}
              className={field.width ?? ""}
            />
          ))}

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {intl.formatMessage(saving ? messages.saving : messages.save)}
        </Button>
        <Link to={`/profile#section-${section}`} preventScrollReset className={buttonClasses("secondary")}>
          {intl.formatMessage(messages.cancel)}
        </Link>
      </div>
    </Form>
  );
}
