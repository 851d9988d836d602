import { forwardRef } from "react";
import { TextField } from "#app/components/ui/text-field.tsx";

interface PasswordFieldProps {
  name: string;
  label: string;
  hint?: string;
  /** "current-password" to fill in the one saved, "new-password" to offer a new one. */
  autoComplete: "current-password" | "new-password";
  value: string;
  onChange: (value: string) => void;
  /** Its messages, shown under it (from the browser's own check or the server's answer). */
  errors?: string[] | undefined;
}

/**
 * A password input with its label, hint and messages, as Security Settings' forms and "Confirm
 * it's you" ask for one. The ref is the input's, so a form can move focus to it.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { name, label, hint, autoComplete, value, onChange, errors },
  ref,
) {
  return (
    <TextField
      ref={ref}
      name={name}
      label={label}
      hint={hint}
      type="password"
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errors={errors?.length ? errors : undefined}
    />
  );
});
