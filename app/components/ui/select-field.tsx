import { type ReactNode, type SelectHTMLAttributes, useId } from "react";

interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "children"> {
  label: string;
  options: readonly SelectOption[];
  /** Smaller label and select, for a filter bar. */
  compact?: boolean;
  /** Classes of the select itself (its width); `className` is the field's. */
  selectClassName?: string;
  /** Shown under the select, e.g. a warning it names in aria-describedby. */
  children?: ReactNode;
}

/**
 * The one labelled select: a filter (controlled, or a GET form's `defaultValue`) or a form's
 * choice. Every other attribute (name, value, onChange, aria-describedby, data-testid) goes to
 * the select.
 */
export function SelectField({
  label,
  options,
  compact = false,
  className = "",
  selectClassName = "",
  children,
  ...props
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`grid gap-1 ${className}`.trim()}>
      <label htmlFor={id} className={compact ? "text-sm font-semibold" : "font-semibold"}>
        {label}
      </label>
      <select
        id={id}
        className={`w-full rounded-sm border-2 border-govuk-black bg-white px-2 text-base text-govuk-black dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 ${compact ? "py-1.5" : "py-2"} ${selectClassName}`.trim()}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
