/**
 * Spec 001 §9 "Business model (GBP)": what organisations pay per verification, and each sector's
 * cost of a check today against its cost with the platform. /business-model shows them by sector,
 * /marketing quotes them to each audience and /investor-funding lists the fees as revenue.
 * Static marketing figures, as the rest of the programme's facts (./programme.ts).
 */
import { figure, range } from "./programme.ts";

/** Fees per verification, by check; the multi-service check has volume discounts instead of a fee. */
export const VERIFICATION_FEES = {
  rightToWork: range(figure(0.5, "£0.50"), figure(1.2, "£1.20"), "£0.50-£1.20"),
  rightToRent: range(figure(0.3, "£0.30"), figure(0.8, "£0.80"), "£0.30-£0.80"),
  enhancedDbs: range(figure(1, "£1.00"), figure(2, "£2.00"), "£1.00-£2.00"),
} as const;

/** Each sector's cost of one check today, the platform's fees and total, and the reduction. */
export const SECTOR_COSTS = {
  nhs: {
    today: range(figure(75, "£75"), figure(150, "£150"), "£75-£150"),
    fee: figure(1, "£1.00"),
    total: figure(4, "£4.00"),
    reductionPercent: figure(95, "95%"),
  },
  housing: {
    today: range(figure(32, "£32"), figure(65, "£65"), "£32-£65"),
    fee: figure(0.5, "£0.50"),
    total: figure(2.2, "£2.20"),
    reductionPercent: figure(90, "90%"),
  },
  education: {
    today: range(figure(79, "£79"), figure(109, "£109"), "£79-£109"),
    /** The statutory DBS fee, unchanged by the platform. */
    dbsFee: figure(44, "£44"),
    fee: figure(1.5, "£1.50"),
    total: figure(50.5, "£50.50"),
    /** Education's saving is in administrative time, not in the fee. */
    adminTimeReductionPercent: figure(75, "75%"),
  },
  localAuthority: {
    today: range(figure(45, "£45"), figure(85, "£85"), "£45-£85"),
    /** The platform licence a council pays each year, whatever its number of checks. */
    licencePerYear: figure(25_000, "£25K"),
    fee: figure(0.8, "£0.80"),
    total: figure(3.3, "£3.30"),
    reductionPercent: figure(85, "85%"),
  },
} as const;
