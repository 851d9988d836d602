/** The investor page's figure cells and data tables (spec 001 §2 "Investor funding"). */

export function PhaseFigure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-sm bg-govuk-grey-light p-3 dark:bg-slate-800">
      <dt className="text-sm text-govuk-grey dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-govuk-black sm:text-xl dark:text-slate-100">{value}</dd>
    </div>
  );
}

/** One row: its header cell, then one value for each column after the first. */
export interface TableRow {
  label: string;
  values: string[];
}

/** A captioned table whose first column heads each row; `headers` name every column, the first included. */
export function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: TableRow[] }) {
  return (
    <div className="overflow-x-auto rounded-sm border border-govuk-border bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900">
      <table className="w-full border-collapse text-start">
        <caption className="mb-3 text-start text-xl font-bold text-govuk-black dark:text-slate-100">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-govuk-black dark:border-slate-400">
            {headers.map((header) => (
              <th key={header} scope="col" className="py-2 pe-4 font-bold text-govuk-black dark:text-slate-100">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={row.label} label={row.label} values={row.values} columns={headers.slice(1)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Row({ label, values, columns }: TableRow & { columns: string[] }) {
  return (
    <tr className="border-b border-govuk-border last:border-b-0 dark:border-slate-700">
      {/* Short labels and figures never wrap: "-£771,498" split after its sign is misread. */}
      <th
        scope="row"
        className={`py-3 pe-4 font-semibold text-govuk-black dark:text-slate-100 ${label.length <= 12 ? "whitespace-nowrap" : ""}`}
      >
        {label}
      </th>
      {columns.map((column, i) => {
        const value = values[i] ?? "";
        return (
          <td
            key={column}
            className={`py-3 pe-4 text-govuk-black tabular-nums dark:text-slate-200 ${/^[-£\d]/.test(value) ? "whitespace-nowrap" : ""}`}
          >
            {value}
          </td>
        );
      })}
    </tr>
  );
}
