import { forwardRef, type InputHTMLAttributes } from "react";
import { defineMessages, FormattedMessage } from "react-intl";

const messages = defineMessages({
  error: {
    id: "shell.textField.error",
    defaultMessage: "Error:",
    description: "Read by screen readers before a field's error message",
  },
});

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  hint?: string;
  /** The hint is for assistive technology only (a placeholder already shows it). */
  hideHint?: boolean;
  /** The field's validation messages (spec 000 §5 default messages), shown under the input. */
  errors?: string[];
  /** Smaller label and input, for a field in a narrow panel. */
  compact?: boolean;
}

/** What a person types in these reads left to right in every language: addresses and numbers (ADR 036). */
const LEFT_TO_RIGHT_TYPES = new Set(["email", "tel", "url"]);

/**
 * The direction of what a person types: left to right for addresses and numbers; otherwise taken
 * from the text itself (`auto`), so a name typed in Urdu on an English page, or in English on an
 * Urdu page, reads in its own direction. Dates, numbers and passwords keep the page's.
 */
function typedDirection(type: string | undefined): "ltr" | "auto" | undefined {
  if (type && LEFT_TO_RIGHT_TYPES.has(type)) return "ltr";
  return type === undefined || type === "text" || type === "search" ? "auto" : undefined;
}

/**
 * A labelled input with its hint and errors tied to it for assistive technology. The ref is the
 * input's, so a form can move focus to it (e.g. to the first field in error).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { name, label, hint, hideHint = false, errors, compact = false, className = "", ...props },
  ref,
) {
  const id = `field-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const invalid = Boolean(errors?.length);
  return (
    <div className={`grid gap-1 ${className}`.trim()}>
      <label htmlFor={id} className={compact ? "text-sm font-semibold" : "font-semibold"}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={hideHint ? "sr-only" : "text-sm text-govuk-grey dark:text-slate-400"}>
          {hint}
        </p>
      ) : null}
      <input
        ref={ref}
        id={id}
        name={name}
        dir={typedDirection(props.type)}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={
          `w-full rounded-sm border-2 bg-white px-3 text-base text-govuk-black dark:bg-slate-900 dark:text-slate-100 ${compact ? "py-1.5" : "py-2"} ` +
          (invalid ? "border-govuk-red dark:border-red-400" : "border-govuk-black dark:border-slate-400")
        }
        {...props}
      />
      {invalid ? <FieldErrors id={errorId!} errors={errors!} /> : null}
    </div>
  );
});

/** A field's validation messages, each announced as an error, under the field they belong to. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  return (
    <p id={id} className="text-sm font-semibold text-govuk-red dark:text-red-400">
      {errors.map((message) => (
        <span key={message} className="block">
          <span className="sr-only">
            <FormattedMessage {...messages.error} />{" "}
          </span>
          {message}
        </span>
      ))}
    </p>
  );
}
