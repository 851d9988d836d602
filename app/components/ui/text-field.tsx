import type { InputHTMLAttributes } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  hint?: string;
  /** The field's validation messages (spec 000 §5 default messages), shown under the input. */
  errors?: string[];
}

/** A labelled input with its hint and errors tied to it for assistive technology. */
export function TextField({ name, label, hint, errors, className = "", ...props }: TextFieldProps) {
  const id = `field-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const invalid = Boolean(errors?.length);
  return (
    <div className={`grid gap-1 ${className}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-govuk-grey dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={
          "w-full rounded-sm border-2 bg-white px-3 py-2 text-base text-govuk-black dark:bg-slate-900 dark:text-slate-100 " +
          (invalid ? "border-govuk-red" : "border-govuk-black dark:border-slate-400")
        }
        {...props}
      />
      {invalid ? <FieldErrors id={errorId!} errors={errors!} /> : null}
    </div>
  );
}

/** A field's validation messages, each announced as an error, under the field they belong to. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  return (
    <p id={id} className="text-sm font-semibold text-govuk-red dark:text-red-400">
      {errors.map((message) => (
        <span key={message} className="block">
          <span className="sr-only">Error: </span>
          {message}
        </span>
      ))}
    </p>
  );
}
