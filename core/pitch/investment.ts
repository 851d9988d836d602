/**
 * Spec 001 §9 "Investor funding": how the funding round (MVP.cost in ./programme.ts) is released,
 * the first year's cashflow and the projections built on the NHS pilot. Shown on /investor-funding;
 * every figure is one the spec gives (nothing interpolated between months).
 */
import { figure, range } from "./programme.ts";

/** The round's two phases, each with a 15% buffer for the unexpected. */
export const INVESTMENT_PHASES = [
  {
    name: "Phase 1",
    amount: figure(750_000, "£750K"),
    months: { first: 1, last: 6, display: "Months 1-6" },
    buffer: figure(117_000, "£117K"),
  },
  {
    name: "Phase 2",
    amount: figure(500_000, "£500K"),
    months: { first: 7, last: 12, display: "Months 7-12" },
    buffer: figure(75_000, "£75K"),
  },
] as const;

export const INVESTMENT = {
  bufferPercent: figure(15, "15%"),
  /** Year 1 is an investment year: the cashflow over its 12 months. */
  yearOneCashflow: {
    revenue: figure(86_000, "£86K"),
    costs: figure(856_000, "£856K"),
    net: figure(-770_000, "-£770K"),
    cumulativeAtMonth12: figure(-771_498, "-£771,498"),
  },
  /** The price the NHS pilot pays per verification, the base of the projections. */
  nhsPilotPrice: figure(1.5, "£1.50"),
  monthlyGrowthPercent: figure(25, "25%"),
  /** NHS pilot verifications: the first paid month and the last month of year 1. */
  nhsPilotVerifications: {
    month7: figure(3_333, "3,333"),
    month12: figure(16_667, "16,667"),
  },
  breakEvenMonth: figure(13, "Month 13 or later"),
  valuationMultiples: range(figure(6, "6x"), figure(8, "8x"), "6-8x"),
} as const;
