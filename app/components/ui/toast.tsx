/**
 * Toasts (spec 000 §9 and 001 §9): at most one at a time, shown for 5000 ms, a dismissed toast
 * kept in state for 1,000,000 ms before removal (so an exit can finish and ids stay unique),
 * swipe right past 50 px to dismiss, F8 moves focus to the toast region. Variants: default and
 * destructive. Written here because no Radix package is installed; the behaviour follows
 * Radix Toast, which the specification's constants come from.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { defineMessages, type NoMessageValues } from "react-intl";
import { useWords } from "./use-words.ts";

const messages = defineMessages<{ region: { hotkey: string }; close: NoMessageValues }>({
  region: {
    id: "shell.toast.region",
    defaultMessage: "Notifications ({hotkey})",
    description: "Accessible name of the notifications area; {hotkey} is the key that moves focus to it (F8)",
  },
  close: { id: "shell.toast.close", defaultMessage: "Close notification" },
});

const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 1_000_000;
const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_HOTKEY = "F8";

type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

export type ToastFn = (options: ToastOptions) => { id: number; dismiss: () => void };

interface ToastContextValue {
  toasts: ToastEntry[];
  toast: ToastFn;
  dismiss: (id?: number) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const removalTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const scheduleRemoval = useCallback((id: number) => {
    if (removalTimers.current.has(id)) return;
    const timer = setTimeout(() => {
      removalTimers.current.delete(id);
      setToasts((all) => all.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS);
    removalTimers.current.set(id, timer);
  }, []);

  const dismiss = useCallback(
    (id?: number) => {
      setToasts((all) =>
        all.map((t) => {
          if (id !== undefined && t.id !== id) return t;
          scheduleRemoval(t.id);
          return { ...t, open: false };
        }),
      );
    },
    [scheduleRemoval],
  );

  const toast = useCallback<ToastFn>(
    (options) => {
      const id = nextId.current++;
      // The newest toast replaces older ones: the limit is one.
      setToasts((all) => [{ ...options, id, open: true }, ...all].slice(0, TOAST_LIMIT));
      return { id, dismiss: () => dismiss(id) };
    },
    [dismiss],
  );

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  const value = useMemo(() => ({ toasts, toast, dismiss }), [toasts, toast, dismiss]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toaster />
    </ToastContext.Provider>
  );
}

export function useToast() {
  const context = useContext(ToastContext);
  if (!context) throw new Error("useToast must be used inside <ToastProvider>");
  return context;
}

function Toaster() {
  const { toasts, dismiss } = useToast();
  const say = useWords();
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const visible = toasts.filter((t) => t.open);
  return (
    <section aria-label={say(messages.region, { hotkey: TOAST_HOTKEY })}>
      {/* The list is the live region and is always in the DOM, so insertions are announced. */}
      <ol
        ref={regionRef}
        tabIndex={-1}
        aria-live="polite"
        className="fixed bottom-0 inset-e-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none focus-visible:ring-4 focus-visible:ring-yellow-400 sm:max-w-[420px]"
      >
        {visible.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastEntry; onDismiss: () => void }) {
  const say = useWords();
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(toast.duration ?? TOAST_DURATION_MS);
  const startedAt = useRef(0);
  const pointerStart = useRef<number | null>(null);

  // Auto-dismiss; the clock pauses while the toast is hovered or focused, as in Radix.
  useEffect(() => {
    if (paused) return;
    startedAt.current = Date.now();
    const timer = setTimeout(onDismiss, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    };
  }, [paused, onDismiss]);

  const destructive = toast.variant === "destructive";
  return (
    <li
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user must be able to reach a toast to pause its timer (WCAG 2.2.1 Timing Adjustable) and dismiss it with Escape.
      tabIndex={0}
      data-variant={toast.variant ?? "default"}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDismiss();
      }}
      onPointerDown={(event) => {
        // A press on the close button is a click, not the start of a swipe.
        if ((event.target as Element).closest("button")) return;
        pointerStart.current = event.clientX;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (pointerStart.current === null) return;
        // Only rightward movement counts (swipe direction right).
        setOffset(Math.max(0, event.clientX - pointerStart.current));
      }}
      onPointerUp={() => {
        if (pointerStart.current === null) return;
        pointerStart.current = null;
        if (offset > TOAST_SWIPE_THRESHOLD_PX) onDismiss();
        else setOffset(0);
      }}
      onPointerCancel={() => {
        pointerStart.current = null;
        setOffset(0);
      }}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, touchAction: "pan-y" }}
      className={
        "pointer-events-auto relative flex w-full select-none items-start justify-between gap-4 rounded-md border-s-8 p-4 pe-10 shadow-lg transition-transform focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-400 " +
        (destructive
          ? "border-red-700 bg-red-700 text-white"
          : "border-blue-700 bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700")
      }
    >
      {/* The message's role sits inside the list item: a list may only hold list items (axe "list"). */}
      <div className="grid gap-1" role={destructive ? "alert" : "status"} aria-atomic="true">
        <p className="text-sm font-bold">{toast.title}</p>
        {toast.description ? <p className="text-sm opacity-90">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={say(messages.close)}
        className={
          "absolute inset-e-2 top-2 rounded p-1 text-lg leading-none focus:outline-none focus-visible:ring-2 focus-visible:ring-yellow-400 " +
          (destructive
            ? "text-white/80 hover:text-white"
            : "text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white")
        }
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
