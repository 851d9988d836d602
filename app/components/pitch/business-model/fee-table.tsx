import { VERIFICATION_FEES } from "#core/pitch/business-model.ts";

/** Spec 001 §9 "Business model (GBP)": the fee per verification, by check. */
export function FeeTable() {
  const rows = [
    ["Right-to-work", VERIFICATION_FEES.rightToWork.display],
    ["Right-to-rent", VERIFICATION_FEES.rightToRent.display],
    ["Enhanced DBS", VERIFICATION_FEES.enhancedDbs.display],
    ["Multi-service", "Volume discounts"],
  ] as const;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-start">
        <caption className="mb-4 text-start text-xl font-bold text-govuk-black dark:text-slate-100">
          Verification fees
        </caption>
        <thead>
          <tr className="border-b-2 border-govuk-black dark:border-slate-400">
            <th scope="col" className="py-2 pe-4 font-bold">
              Check
            </th>
            <th scope="col" className="py-2 font-bold">
              Fee per verification
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([check, fee]) => (
            <tr key={check} className="border-b border-govuk-border dark:border-slate-700">
              <th scope="row" className="py-3 pe-4 font-semibold">
                {check}
              </th>
              <td className="py-3 text-govuk-black dark:text-slate-200">{fee}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
