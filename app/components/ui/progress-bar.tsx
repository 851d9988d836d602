/** A labelled progress bar (0 to 100), announced with its value. */
export function ProgressBar({ value, label, className = "h-2" }: { value: number; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={`overflow-hidden rounded-full bg-govuk-grey-light dark:bg-slate-700 ${className}`}
    >
      <div className="h-full bg-govuk-green dark:bg-green-500" style={{ width: `${value}%` }} />
    </div>
  );
}
