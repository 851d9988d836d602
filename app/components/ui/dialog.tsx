import { type ReactNode, useEffect, useId, useRef } from "react";
import { defineMessages, useIntl } from "react-intl";

const messages = defineMessages({
  close: { id: "shell.dialog.close", defaultMessage: "Close", description: "Button that closes a dialog" },
});

/**
 * A modal dialog on the native <dialog> element: showModal() gives the focus trap, Escape to
 * close and an inert page behind it; closing by any route (Escape, the close button, the
 * backdrop) calls onClose so the owner's state stays the single source of truth, and Escape calls
 * it at once, not a task later (see onCancel).
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse convenience; the keyboard way out is Escape, which the native modal dialog turns into the close event (WCAG 2.1.1 is met by Escape and the Close button).
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      // Escape: the dialog is closed here and now (focus returning to where it was, as the browser
      // does), and the owner told at once. Left to the close event, which the browser fires a task
      // later, the owner still held the dialog open in between, so opening it again at once did
      // nothing (its state did not change) and the late close event then closed it.
      onCancel={(event) => {
        event.preventDefault();
        ref.current?.close();
        onClose();
      }}
      // Any other way it closed (the close event comes a task later): unless it has been opened
      // again since, in which case this close is an earlier one's.
      onClose={() => {
        if (!ref.current?.open) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-md border border-slate-300 bg-white p-0 text-govuk-black shadow-xl backdrop:bg-black/50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-xl font-bold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={intl.formatMessage(messages.close)}
              className="rounded-sm p-1 text-2xl leading-none text-slate-600 hover:bg-slate-100 focus:outline-none focus:ring-4 focus:ring-govuk-yellow dark:text-slate-300 dark:hover:bg-slate-800"
            >
              ×
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
