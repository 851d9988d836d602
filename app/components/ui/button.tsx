import { type ButtonHTMLAttributes, forwardRef } from "react";

/** GOV.UK-style buttons: primary (green), secondary (grey), destructive (red), and a quiet outline. */
export type ButtonVariant = "primary" | "secondary" | "destructive" | "outline";

const base =
  "inline-flex items-center justify-center gap-2 rounded-sm px-4 py-2 text-base font-semibold shadow-[0_2px_0_0] transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-govuk-green text-white shadow-govuk-green-dark hover:bg-govuk-green-dark",
  secondary:
    "bg-govuk-grey-light text-govuk-black shadow-slate-500 hover:bg-slate-300 dark:bg-slate-700 dark:text-slate-100 dark:shadow-slate-900 dark:hover:bg-slate-600",
  destructive: "bg-govuk-red text-white shadow-red-900 hover:bg-red-800",
  outline:
    "border border-slate-400 bg-white text-govuk-black shadow-transparent hover:bg-slate-100 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
};

export function buttonClasses(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }
>(function Button({ variant = "primary", className = "", type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClasses(variant, className)} {...props} />;
});
