import { defineMessages, useIntl } from "react-intl";
import { VERIFICATION_FEES } from "#core/pitch/business-model.ts";

const m = defineMessages({
  caption: { id: "pitch.businessModel.fees.caption", defaultMessage: "Verification fees" },
  check: {
    id: "pitch.businessModel.fees.check",
    defaultMessage: "Check",
    description: "A table's column heading: the kind of check.",
  },
  fee: { id: "pitch.businessModel.fees.fee", defaultMessage: "Fee per verification" },
  rightToWork: { id: "pitch.businessModel.fees.rightToWork", defaultMessage: "Right-to-work" },
  rightToRent: { id: "pitch.businessModel.fees.rightToRent", defaultMessage: "Right-to-rent" },
  enhancedDbs: { id: "pitch.businessModel.fees.enhancedDbs", defaultMessage: "Enhanced DBS" },
  multiService: { id: "pitch.businessModel.fees.multiService", defaultMessage: "Multi-service" },
  volumeDiscounts: { id: "pitch.businessModel.fees.volumeDiscounts", defaultMessage: "Volume discounts" },
});

/** Spec 001 §9 "Business model (GBP)": the fee per verification, by check. */
export function FeeTable() {
  const intl = useIntl();
  const rows = [
    [m.rightToWork, VERIFICATION_FEES.rightToWork.display],
    [m.rightToRent, VERIFICATION_FEES.rightToRent.display],
    [m.enhancedDbs, VERIFICATION_FEES.enhancedDbs.display],
    [m.multiService, intl.formatMessage(m.volumeDiscounts)],
  ] as const;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-start">
        <caption className="mb-4 text-start text-xl font-bold text-govuk-black dark:text-slate-100">
          {intl.formatMessage(m.caption)}
        </caption>
        <thead>
          <tr className="border-b-2 border-govuk-black dark:border-slate-400">
            <th scope="col" className="py-2 pe-4 font-bold">
              {intl.formatMessage(m.check)}
            </th>
            <th scope="col" className="py-2 font-bold">
              {intl.formatMessage(m.fee)}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([check, fee]) => (
            <tr key={check.id} className="border-b border-govuk-border dark:border-slate-700">
              <th scope="row" className="py-3 pe-4 font-semibold">
                {intl.formatMessage(check)}
              </th>
              <td className="py-3 text-govuk-black dark:text-slate-200">{fee}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
