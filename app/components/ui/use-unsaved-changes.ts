import { type BlockerFunction, useBlocker } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { defineMessages, useIntl } from "react-intl";

const messages = defineMessages({
  /** Spec 000 §4: the prompt when leaving a page with unsaved form data. */
  unsaved: {
    id: "shell.unsavedChanges.prompt",
    defaultMessage: "You have unsaved changes. Are you sure you want to leave?",
  },
});

const IGNORED_INPUTS = new Set(["hidden", "submit", "button", "reset", "image"]);

/**
 * Whether any field of an uncontrolled form differs from what the page rendered into it (its
 * default value, checked state or selection): what the person typed or chose and has not sent.
 */
export function isFormDirty(form: HTMLFormElement | null): boolean {
  if (!form) return false;
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (IGNORED_INPUTS.has(element.type)) continue;
      if (
        element.type === "checkbox" || element.type === "radio"
          ? element.checked !== element.defaultChecked
          : element.value !== element.defaultValue
      )
        return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      if (Array.from(element.options).some((option) => option.selected !== option.defaultSelected)) return true;
    }
  }
  return false;
}

/**
 * Asks before the person leaves with unsaved data: in-app navigation (links, back, Cancel) is held
 * by Remix's `useBlocker` and goes ahead only if they confirm "You have unsaved changes. Are you
 * sure you want to leave?"; closing or reloading the tab gets the browser's own leave prompt
 * (`beforeunload`; browsers show their own wording there). The native confirm is used on purpose:
 * it is modal, keyboard-operable and announced by every screen reader without our help.
 *
 * `isDirty` is asked at the moment of leaving (so it always sees the latest fields). Give the
 * returned `onSubmit` to the form: the form's own submission is not leaving.
 */
export function useUnsavedChanges(isDirty: () => boolean): { onSubmit: () => void } {
  const unsavedMessage = useIntl().formatMessage(messages.unsaved);
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const submitting = useRef(false);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
      if (submitting.current) return false;
      // Only the hash changing (e.g. a link to a section of the same page) keeps the form.
      if (currentLocation.pathname === nextLocation.pathname && currentLocation.search === nextLocation.search)
        return false;
      return dirty.current();
    }, []),
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(unsavedMessage)) blocker.proceed();
    else blocker.reset();
  }, [blocker, unsavedMessage]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = unsavedMessage;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsavedMessage]);

  // The router checks its blockers synchronously inside the submit handler; the flag is needed only that long.
  const onSubmit = useCallback(() => {
    submitting.current = true;
    setTimeout(() => {
      submitting.current = false;
    }, 0);
  }, []);
  return { onSubmit };
}
