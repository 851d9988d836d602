import { type KeyboardEvent, type ReactNode, useRef } from "react";

/**
 * Tabs as the WAI-ARIA Authoring Practices describe them: one tab in the page's Tab order (the
 * selected one), Left and Right move between tabs and select them, Home and End go to the first
 * and last. Every panel is in the document (each tab names its panel); only the selected one is
 * shown and drawn, so a hidden tab's list is neither read nor polled.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly { id: K; label: string }[];
  selected: K;
  onSelect: (id: K) => void;
  children: (id: K) => ReactNode;
}) {
  const buttons = useRef(new Map<K, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const next = {
      ArrowRight: (at + 1) % tabs.length,
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const id = tabs[next]!.id;
    onSelect(id);
    buttons.current.get(id)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex flex-wrap gap-1 border-b-2 border-govuk-border dark:border-slate-600"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const on = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={on}
              aria-controls={`panel-${tab.id}`}
              tabIndex={on ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={
                "-mb-0.5 border-b-4 px-4 py-2 font-semibold " +
                (on
                  ? "border-govuk-blue text-govuk-black dark:border-govuk-blue-light dark:text-white"
                  : "border-transparent text-govuk-blue underline underline-offset-4 hover:border-govuk-border dark:text-govuk-blue-light dark:hover:border-slate-500")
              }
              data-testid={`tab-${tab.id}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the tab panel in the tab order, so Tab from the tab list reaches its content
          tabIndex={0}
          hidden={tab.id !== selected}
          className="pt-6"
        >
          {tab.id === selected ? children(tab.id) : null}
        </div>
      ))}
    </div>
  );
}
