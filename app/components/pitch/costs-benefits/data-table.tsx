import type { ReactNode } from "react";

/** Keeps a range such as "£70-80m/year" on one line. */
export function Nowrap({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}

/**
 * A data table with a visible caption and header cells scoped to their columns, and the first
 * cell of each row as its row header (WCAG 1.3.1). Scrolls sideways on narrow screens instead of
 * overflowing the page.
 */
export function DataTable({
  caption,
  head,
  rows,
  foot,
}: {
  caption: string;
  head: string[];
  /** Each row starts with its header cell's text, which also names the row. */
  rows: [string, ...ReactNode[]][];
  foot?: [string, ...ReactNode[]];
}) {
  const cell = "border-b border-govuk-border px-3 py-3 align-top sm:px-4 dark:border-slate-700";
  return (
    <section
      className="mt-8 overflow-x-auto rounded-sm border border-govuk-border bg-white dark:border-slate-700 dark:bg-slate-900"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      aria-label={caption}
    >
      <table className="w-full border-collapse text-start text-sm sm:text-base">
        <caption className="px-3 pt-4 pb-2 text-start text-lg font-bold sm:px-4 text-govuk-black dark:text-slate-100">
          {caption}
        </caption>
        <thead>
          <tr className="bg-govuk-grey-light dark:bg-slate-800">
            {head.map((h) => (
              <th key={h} scope="col" className={`${cell} font-bold text-govuk-black dark:text-slate-100`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-govuk-black dark:text-slate-200">
          {rows.map((row) => (
            <tr key={row[0]}>
              {head.map((column, j) =>
                j === 0 ? (
                  <th key={column} scope="row" className={`${cell} font-semibold`}>
                    {row[j]}
                  </th>
                ) : (
                  <td key={column} className={cell}>
                    {row[j]}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {foot ? (
          <tfoot className="bg-govuk-grey-light font-bold text-govuk-black dark:bg-slate-800 dark:text-slate-100">
            <tr>
              {head.map((column, j) =>
                j === 0 ? (
                  <th key={column} scope="row" className="px-3 py-3 sm:px-4">
                    {foot[j]}
                  </th>
                ) : (
                  <td key={column} className="px-3 py-3 sm:px-4">
                    {foot[j]}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
