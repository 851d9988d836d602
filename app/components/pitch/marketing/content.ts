/**
 * The press and partner kit's messages (spec 001 §2 lists /marketing without its content): one
 * message per audience, the headline figures and the boilerplate. Every figure comes from
 * core/pitch, the same as on the pages each message links to.
 */
import type { IconName } from "#app/components/ui/icons.tsx";
import { SECTOR_COSTS, VERIFICATION_FEES } from "#core/pitch/business-model.ts";
import { GOVERNMENT, MARKET, MVP, NATIONAL_SSO, PILOTS, SERVICE, VERIFICATION_TIME } from "#core/pitch/programme.ts";

const { nhs, housing, education, localAuthority } = SECTOR_COSTS;

export const AUDIENCES: {
  audience: string;
  icon: IconName;
  message: string;
  points: string[];
  more: { to: string; label: string };
}[] = [
  {
    audience: "Ministers and policymakers",
    icon: "badge",
    message: "A national digital identity for a fraction of the cost of a national single sign-on.",
    points: [
      `${MVP.cost.display} development cost versus ${NATIONAL_SSO.claimedCost.display}`,
      `Visible pilots in ${MVP.pilotsVisibleMonths.display}, delivery in ${MVP.deliveryMonths.display}`,
      `${GOVERNMENT.annualSavings.display} annual savings across government`,
    ],
    more: { to: "/government", label: "Government briefing" },
  },
  {
    audience: "Employers",
    icon: "users",
    message: "Right-to-work checks in minutes, with the audit trail kept for you.",
    points: [
      `Verification in about ${VERIFICATION_TIME.withCredential.display} instead of about ${VERIFICATION_TIME.today.display}`,
      `Pay per verification, from ${VERIFICATION_FEES.rightToWork.low.display}`,
      "Automatic audit trail and AI document checks",
    ],
    more: { to: "/business-model", label: "Business model" },
  },
  {
    audience: "Landlords",
    icon: "wallet",
    message: "Right-to-rent checks without photocopying passports.",
    points: [
      `Right-to-rent verification from ${VERIFICATION_FEES.rightToRent.low.display}`,
      "Tenants share only what the check needs",
      "Tenants never pay",
    ],
    more: { to: "/business-model?sector=housing", label: "Housing costs" },
  },
  {
    audience: "NHS trusts",
    icon: "pulse",
    message: "Portable pre-employment checks for staff moving between trusts.",
    points: [
      `${nhs.total.display} total per hire against ${nhs.today.display} today`,
      `${nhs.reductionPercent.display} cost reduction`,
      `${MARKET.nhsNewStartersPerYear.display} NHS new starters a year`,
    ],
    more: { to: "/business-model?sector=nhs", label: "NHS costs" },
  },
  {
    audience: "Housing associations",
    icon: "file",
    message: "Faster lettings with right-to-rent checks you can rely on.",
    points: [
      `${housing.total.display} total per tenant against ${housing.today.display} today`,
      `${housing.reductionPercent.display} cost reduction`,
      `${MARKET.rentalProperties.display} rental properties`,
    ],
    more: { to: "/business-model?sector=housing", label: "Housing costs" },
  },
  {
    audience: "Education authorities",
    icon: "shield",
    message: "Enhanced DBS results shared instantly, with safeguarding kept first.",
    points: [
      `${education.total.display} total per check against ${education.today.display} today`,
      `${education.adminTimeReductionPercent.display} less administrative time`,
      `${MARKET.dbsChecksPerYear.display} DBS checks a year`,
    ],
    more: { to: "/business-model?sector=education", label: "Education costs" },
  },
  {
    audience: "Councils",
    icon: "support",
    message: "One platform for every service, with help in person for residents who need it.",
    points: [
      `${localAuthority.total.display} total per check against ${localAuthority.today.display} today`,
      `${localAuthority.reductionPercent.display} cost reduction`,
      "Assisted-digital kiosks in councils and libraries",
    ],
    more: { to: "/business-model?sector=local-authority", label: "Local authority costs" },
  },
  {
    audience: "Investors",
    icon: "chart",
    message: `A ${MVP.cost.display} round into a mandatory, recurring market.`,
    points: [
      `${MARKET.identityMarket.display} identity market`,
      `Five-year revenue projected at ${MARKET.fiveYearRevenue.display}`,
      `Projected investor return of ${MARKET.investorReturn.display}`,
    ],
    more: { to: "/investor-funding", label: "Investment opportunity" },
  },
];

export const HEADLINE_FIGURES = [
  {
    value: MVP.cost.display,
    label: `Development cost, versus ${NATIONAL_SSO.claimedCost.display} for a national single sign-on`,
  },
  { value: MVP.deliveryMonths.display, label: `To deliver, with visible pilots in ${MVP.pilotsVisibleMonths.display}` },
  { value: SERVICE.rawDataDeletionHours.display, label: "Until raw biometric and document data is deleted" },
  { value: SERVICE.offlineQrValidityMinutes.display, label: "Validity of an offline QR code" },
  { value: GOVERNMENT.annualSavings.display, label: "Annual savings for government" },
  { value: GOVERNMENT.citizens.display, label: "Citizens supported" },
  { value: SERVICE.uptimePercent.display, label: "Uptime" },
  { value: `${PILOTS.count.display} pilots`, label: "NHS, housing, education and local authority" },
] as const;

export const BOILERPLATE = `UK Digital Identity is a privacy-first digital identity programme for the United Kingdom. Built on open standards for verifiable credentials, it lets people prove their right to work, their right to rent and their DBS status from a wallet on their phone or the web, or with help at assisted-digital kiosks in councils and libraries. Citizens share only what each check needs, there is no central tracking, and raw biometric and document data is deleted after ${SERVICE.rawDataDeletionHours.display}. Employers, landlords and public bodies pay per verification; workers, tenants, students and citizens never pay.`;
