/**
 * The press and partner kit's messages (spec 001 §2 lists /marketing without its content): one
 * message per audience, the headline figures and the boilerplate. Every figure comes from
 * core/pitch, the same as on the pages each message links to; the words are in the catalogs
 * (ids "pitch.marketing.*") and take each figure as a placeholder.
 */
import { defineMessages, type MessageDescriptor } from "react-intl";
import type { IconName } from "#app/components/ui/icons.tsx";
import { SECTOR_COSTS, VERIFICATION_FEES } from "#core/pitch/business-model.ts";
import type { DurationUnit } from "#core/pitch/durations.ts";
import { GOVERNMENT, MARKET, MVP, NATIONAL_SSO, PILOTS, SERVICE, VERIFICATION_TIME } from "#core/pitch/programme.ts";

const { nhs, housing, education, localAuthority } = SECTOR_COSTS;

/** A period a message takes, counted in the page's language (core/pitch/durations.ts). */
export type Period = { unit: DurationUnit; count: number };

/** A message and its values: a figure as core/pitch displays it, or a period to count. */
export type Worded = { message: MessageDescriptor; values?: Record<string, string | number | Period> };

const months = (count: number): Period => ({ unit: "months", count });
const hours = (count: number): Period => ({ unit: "hours", count });
const minutes = (count: number): Period => ({ unit: "minutes", count });

const a = defineMessages({
  ministers: { id: "pitch.marketing.audience.ministers.name", defaultMessage: "Ministers and policymakers" },
  ministersMessage: {
    id: "pitch.marketing.audience.ministers.message",
    defaultMessage: "A national digital identity for a fraction of the cost of a national single sign-on.",
  },
  ministersCost: {
    id: "pitch.marketing.audience.ministers.cost",
    defaultMessage: "{cost} development cost versus {sso}",
  },
  ministersPilots: {
    id: "pitch.marketing.audience.ministers.pilots",
    defaultMessage: "Visible pilots in {pilots}, delivery in {delivery}",
  },
  ministersSavings: {
    id: "pitch.marketing.audience.ministers.savings",
    defaultMessage: "{savings} annual savings across government",
  },
  ministersMore: { id: "pitch.marketing.audience.ministers.more", defaultMessage: "Government briefing" },
  employers: { id: "pitch.marketing.audience.employers.name", defaultMessage: "Employers" },
  employersMessage: {
    id: "pitch.marketing.audience.employers.message",
    defaultMessage: "Right-to-work checks in minutes, with the audit trail kept for you.",
  },
  employersTime: {
    id: "pitch.marketing.audience.employers.time",
    defaultMessage: "Verification in about {withCredential} instead of about {today}",
  },
  employersFee: {
    id: "pitch.marketing.audience.employers.fee",
    defaultMessage: "Pay per verification, from {fee}",
  },
  employersAudit: {
    id: "pitch.marketing.audience.employers.audit",
    defaultMessage: "Automatic audit trail and AI document checks",
  },
  employersMore: { id: "pitch.marketing.audience.employers.more", defaultMessage: "Business model" },
  landlords: { id: "pitch.marketing.audience.landlords.name", defaultMessage: "Landlords" },
  landlordsMessage: {
    id: "pitch.marketing.audience.landlords.message",
    defaultMessage: "Right-to-rent checks without photocopying passports.",
  },
  landlordsFee: {
    id: "pitch.marketing.audience.landlords.fee",
    defaultMessage: "Right-to-rent verification from {fee}",
  },
  landlordsShare: {
    id: "pitch.marketing.audience.landlords.share",
    defaultMessage: "Tenants share only what the check needs",
  },
  landlordsNeverPay: { id: "pitch.marketing.audience.landlords.neverPay", defaultMessage: "Tenants never pay" },
  housingMore: { id: "pitch.marketing.audience.housingMore", defaultMessage: "Housing costs" },
  nhs: { id: "pitch.marketing.audience.nhs.name", defaultMessage: "NHS trusts" },
  nhsMessage: {
    id: "pitch.marketing.audience.nhs.message",
    defaultMessage: "Portable pre-employment checks for staff moving between trusts.",
  },
  nhsTotal: {
    id: "pitch.marketing.audience.nhs.total",
    defaultMessage: "{total} total per hire against {today} today",
  },
  reduction: { id: "pitch.marketing.audience.reduction", defaultMessage: "{percent} cost reduction" },
  nhsStarters: {
    id: "pitch.marketing.audience.nhs.starters",
    defaultMessage: "{starters} NHS new starters a year",
  },
  nhsMore: { id: "pitch.marketing.audience.nhs.more", defaultMessage: "NHS costs" },
  housing: { id: "pitch.marketing.audience.housing.name", defaultMessage: "Housing associations" },
  housingMessage: {
    id: "pitch.marketing.audience.housing.message",
    defaultMessage: "Faster lettings with right-to-rent checks you can rely on.",
  },
  housingTotal: {
    id: "pitch.marketing.audience.housing.total",
    defaultMessage: "{total} total per tenant against {today} today",
  },
  housingProperties: {
    id: "pitch.marketing.audience.housing.properties",
    defaultMessage: "{properties} rental properties",
  },
  education: { id: "pitch.marketing.audience.education.name", defaultMessage: "Education authorities" },
  educationMessage: {
    id: "pitch.marketing.audience.education.message",
    defaultMessage: "Enhanced DBS results shared instantly, with safeguarding kept first.",
  },
  checkTotal: {
    id: "pitch.marketing.audience.checkTotal",
    defaultMessage: "{total} total per check against {today} today",
  },
  educationAdmin: {
    id: "pitch.marketing.audience.education.admin",
    defaultMessage: "{percent} less administrative time",
  },
  educationDbs: { id: "pitch.marketing.audience.education.dbs", defaultMessage: "{checks} DBS checks a year" },
  educationMore: { id: "pitch.marketing.audience.education.more", defaultMessage: "Education costs" },
  councils: { id: "pitch.marketing.audience.councils.name", defaultMessage: "Councils" },
  councilsMessage: {
    id: "pitch.marketing.audience.councils.message",
    defaultMessage: "One platform for every service, with help in person for residents who need it.",
  },
  councilsKiosks: {
    id: "pitch.marketing.audience.councils.kiosks",
    defaultMessage: "Assisted-digital kiosks in councils and libraries",
  },
  councilsMore: { id: "pitch.marketing.audience.councils.more", defaultMessage: "Local authority costs" },
  investors: { id: "pitch.marketing.audience.investors.name", defaultMessage: "Investors" },
  investorsMessage: {
    id: "pitch.marketing.audience.investors.message",
    defaultMessage: "A {cost} round into a mandatory, recurring market.",
  },
  investorsMarket: { id: "pitch.marketing.audience.investors.market", defaultMessage: "{market} identity market" },
  investorsRevenue: {
    id: "pitch.marketing.audience.investors.revenue",
    defaultMessage: "Five-year revenue projected at {revenue}",
  },
  investorsReturn: {
    id: "pitch.marketing.audience.investors.return",
    defaultMessage: "Projected investor return of {return}",
  },
  investorsMore: { id: "pitch.marketing.audience.investors.more", defaultMessage: "Investment opportunity" },
});

export const AUDIENCES: {
  /** The audience's name in English, lowercased into the card heading's id (stable in every language). */
  key: string;
  audience: MessageDescriptor;
  icon: IconName;
  message: Worded;
  points: Worded[];
  more: { to: string; label: MessageDescriptor };
}[] = [
  {
    key: "ministers-and-policymakers",
    audience: a.ministers,
    icon: "badge",
    message: { message: a.ministersMessage },
    points: [
      { message: a.ministersCost, values: { cost: MVP.cost.display, sso: NATIONAL_SSO.claimedCost.display } },
      {
        message: a.ministersPilots,
        values: { pilots: months(MVP.pilotsVisibleMonths.value), delivery: months(MVP.deliveryMonths.value) },
      },
      { message: a.ministersSavings, values: { savings: GOVERNMENT.annualSavings.display } },
    ],
    more: { to: "/government", label: a.ministersMore },
  },
  {
    key: "employers",
    audience: a.employers,
    icon: "users",
    message: { message: a.employersMessage },
    points: [
      {
        message: a.employersTime,
        values: {
          withCredential: minutes(VERIFICATION_TIME.withCredential.value),
          today: hours(VERIFICATION_TIME.today.value),
        },
      },
      { message: a.employersFee, values: { fee: VERIFICATION_FEES.rightToWork.low.display } },
      { message: a.employersAudit },
    ],
    more: { to: "/business-model", label: a.employersMore },
  },
  {
    key: "landlords",
    audience: a.landlords,
    icon: "wallet",
    message: { message: a.landlordsMessage },
    points: [
      { message: a.landlordsFee, values: { fee: VERIFICATION_FEES.rightToRent.low.display } },
      { message: a.landlordsShare },
      { message: a.landlordsNeverPay },
    ],
    more: { to: "/business-model?sector=housing", label: a.housingMore },
  },
  {
    key: "nhs-trusts",
    audience: a.nhs,
    icon: "pulse",
    message: { message: a.nhsMessage },
    points: [
      { message: a.nhsTotal, values: { total: nhs.total.display, today: nhs.today.display } },
      { message: a.reduction, values: { percent: nhs.reductionPercent.display } },
      { message: a.nhsStarters, values: { starters: MARKET.nhsNewStartersPerYear.display } },
    ],
    more: { to: "/business-model?sector=nhs", label: a.nhsMore },
  },
  {
    key: "housing-associations",
    audience: a.housing,
    icon: "file",
    message: { message: a.housingMessage },
    points: [
      { message: a.housingTotal, values: { total: housing.total.display, today: housing.today.display } },
      { message: a.reduction, values: { percent: housing.reductionPercent.display } },
      { message: a.housingProperties, values: { properties: MARKET.rentalProperties.display } },
    ],
    more: { to: "/business-model?sector=housing", label: a.housingMore },
  },
  {
    key: "education-authorities",
    audience: a.education,
    icon: "shield",
    message: { message: a.educationMessage },
    points: [
      { message: a.checkTotal, values: { total: education.total.display, today: education.today.display } },
      { message: a.educationAdmin, values: { percent: education.adminTimeReductionPercent.display } },
      { message: a.educationDbs, values: { checks: MARKET.dbsChecksPerYear.display } },
    ],
    more: { to: "/business-model?sector=education", label: a.educationMore },
  },
  {
    key: "councils",
    audience: a.councils,
    icon: "support",
    message: { message: a.councilsMessage },
    points: [
      {
        message: a.checkTotal,
        values: { total: localAuthority.total.display, today: localAuthority.today.display },
      },
      { message: a.reduction, values: { percent: localAuthority.reductionPercent.display } },
      { message: a.councilsKiosks },
    ],
    more: { to: "/business-model?sector=local-authority", label: a.councilsMore },
  },
  {
    key: "investors",
    audience: a.investors,
    icon: "chart",
    message: { message: a.investorsMessage, values: { cost: MVP.cost.display } },
    points: [
      { message: a.investorsMarket, values: { market: MARKET.identityMarket.display } },
      { message: a.investorsRevenue, values: { revenue: MARKET.fiveYearRevenue.display } },
      { message: a.investorsReturn, values: { return: MARKET.investorReturn.display } },
    ],
    more: { to: "/investor-funding", label: a.investorsMore },
  },
];

const f = defineMessages({
  cost: {
    id: "pitch.marketing.figures.cost",
    defaultMessage: "Development cost, versus {sso} for a national single sign-on",
  },
  delivery: { id: "pitch.marketing.figures.delivery", defaultMessage: "To deliver, with visible pilots in {pilots}" },
  deletion: {
    id: "pitch.marketing.figures.deletion",
    defaultMessage: "Until raw biometric and document data is deleted",
  },
  qr: { id: "pitch.marketing.figures.qr", defaultMessage: "Validity of an offline QR code" },
  savings: { id: "pitch.marketing.figures.savings", defaultMessage: "Annual savings for government" },
  citizensValue: {
    id: "pitch.marketing.figures.citizens.value",
    defaultMessage: "{millions} million",
    description: "A number of people in millions, shown large as a headline figure.",
  },
  citizens: { id: "pitch.marketing.figures.citizens", defaultMessage: "Citizens supported" },
  uptime: { id: "pitch.marketing.figures.uptime", defaultMessage: "Uptime" },
  pilotsValue: {
    id: "pitch.marketing.figures.pilots.value",
    defaultMessage: "{count, plural, one {# pilot} other {# pilots}}",
  },
  pilots: { id: "pitch.marketing.figures.pilots", defaultMessage: "NHS, housing, education and local authority" },
});

/** A headline figure: its value (a figure as displayed, or a period or count worded) and its label. */
export const HEADLINE_FIGURES: { key: string; value: string | Period | Worded; label: Worded }[] = [
  {
    key: "cost",
    value: MVP.cost.display,
    label: { message: f.cost, values: { sso: NATIONAL_SSO.claimedCost.display } },
  },
  {
    key: "delivery",
    value: months(MVP.deliveryMonths.value),
    label: { message: f.delivery, values: { pilots: months(MVP.pilotsVisibleMonths.value) } },
  },
  { key: "deletion", value: hours(SERVICE.rawDataDeletionHours.value), label: { message: f.deletion } },
  { key: "qr", value: minutes(SERVICE.offlineQrValidityMinutes.value), label: { message: f.qr } },
  { key: "savings", value: GOVERNMENT.annualSavings.display, label: { message: f.savings } },
  {
    key: "citizens",
    value: { message: f.citizensValue, values: { millions: GOVERNMENT.citizens.value / 1_000_000 } },
    label: { message: f.citizens },
  },
  { key: "uptime", value: SERVICE.uptimePercent.display, label: { message: f.uptime } },
  {
    key: "pilots",
    value: { message: f.pilotsValue, values: { count: PILOTS.count.value } },
    label: { message: f.pilots },
  },
];

const b = defineMessages({
  boilerplate: {
    id: "pitch.marketing.boilerplate",
    defaultMessage:
      "UK Digital Identity is a privacy-first digital identity programme for the United Kingdom. Built on open standards for verifiable credentials, it lets people prove their right to work, their right to rent and their DBS status from a wallet on their phone or the web, or with help at assisted-digital kiosks in councils and libraries. Citizens share only what each check needs, there is no central tracking, and raw biometric and document data is deleted after {period}. Employers, landlords and public bodies pay per verification; workers, tenants, students and citizens never pay.",
  },
});

export const BOILERPLATE: Worded = {
  message: b.boilerplate,
  values: { period: hours(SERVICE.rawDataDeletionHours.value) },
};
