/**
 * The four sectors of /business-model's tabs (spec 001 §4: nhs first and the default), each with
 * its costs, fees and reduction (spec 001 §9 "Business model (GBP)"), its market and a worked
 * example. The examples name fictional organisations and use only the spec's figures (no derived
 * totals). The words are messages ("pitch.businessModel.sector.*"); each figure comes from
 * core/pitch and goes into them as a placeholder.
 */
import { defineMessages, type MessageDescriptor } from "react-intl";
import { SECTOR_COSTS } from "#core/pitch/business-model.ts";
import { MARKET } from "#core/pitch/programme.ts";

/** A message and the figures it takes. */
export interface Words {
  message: MessageDescriptor;
  values?: Record<string, string>;
}

export interface SectorFigure {
  label: MessageDescriptor;
  /** The figure as core/pitch writes it, or words around it. */
  value: string | Words;
}

export interface Sector {
  id: string;
  tab: MessageDescriptor;
  title: MessageDescriptor;
  summary: MessageDescriptor;
  /** Costs, fees and the reduction, in the order a reader compares them. */
  figures: SectorFigure[];
  market: SectorFigure[];
  example: { organisation: MessageDescriptor; fictional: MessageDescriptor; steps: Words[]; outcome: Words };
}

const { nhs, housing, education, localAuthority } = SECTOR_COSTS;

/** The figures' labels, shared by the sectors. */
const label = defineMessages({
  costPerHireToday: { id: "pitch.businessModel.sector.figure.costPerHireToday", defaultMessage: "Cost per hire today" },
  costPerTenantToday: {
    id: "pitch.businessModel.sector.figure.costPerTenantToday",
    defaultMessage: "Cost per tenant today",
  },
  costPerCheckToday: {
    id: "pitch.businessModel.sector.figure.costPerCheckToday",
    defaultMessage: "Cost per check today",
  },
  digitalFee: { id: "pitch.businessModel.sector.figure.digitalFee", defaultMessage: "Digital verification fee" },
  totalPerHire: { id: "pitch.businessModel.sector.figure.totalPerHire", defaultMessage: "Total cost per hire" },
  totalPerTenant: { id: "pitch.businessModel.sector.figure.totalPerTenant", defaultMessage: "Total cost per tenant" },
  totalPerCheck: { id: "pitch.businessModel.sector.figure.totalPerCheck", defaultMessage: "Total cost per check" },
  reduction: { id: "pitch.businessModel.sector.figure.reduction", defaultMessage: "Cost reduction" },
  dbsFee: { id: "pitch.businessModel.sector.figure.dbsFee", defaultMessage: "DBS fee" },
  adminTimeReduction: {
    id: "pitch.businessModel.sector.figure.adminTimeReduction",
    defaultMessage: "Administrative time reduction",
  },
  licence: { id: "pitch.businessModel.sector.figure.licence", defaultMessage: "Platform licence" },
  feePerCheck: { id: "pitch.businessModel.sector.figure.feePerCheck", defaultMessage: "Fee per check" },
  nhsNewStarters: { id: "pitch.businessModel.sector.market.nhsNewStarters", defaultMessage: "NHS new starters a year" },
  nhsStaff: { id: "pitch.businessModel.sector.market.nhsStaff", defaultMessage: "NHS staff" },
  rentalProperties: { id: "pitch.businessModel.sector.market.rentalProperties", defaultMessage: "Rental properties" },
  dbsChecks: { id: "pitch.businessModel.sector.market.dbsChecks", defaultMessage: "DBS checks a year" },
  localAuthorities: { id: "pitch.businessModel.sector.market.localAuthorities", defaultMessage: "Local authorities" },
});

const perYear = defineMessages({
  licence: {
    id: "pitch.businessModel.sector.localAuthority.licencePerYear",
    defaultMessage: "{amount} per year",
    description: "A platform licence's price: {amount} is a sum of money.",
  },
});

const nhsWords = defineMessages({
  tab: { id: "pitch.businessModel.sector.nhs.tab", defaultMessage: "NHS" },
  title: {
    id: "pitch.businessModel.sector.nhs.title",
    defaultMessage: "NHS trusts: right-to-work checks for new starters",
  },
  summary: {
    id: "pitch.businessModel.sector.nhs.summary",
    defaultMessage:
      "Every new starter needs right-to-work and identity checks before their first shift. Today these are manual, paper-based and repeated each time someone moves between trusts.",
  },
  organisation: {
    id: "pitch.businessModel.sector.nhs.organisation",
    defaultMessage: "Northbrook Valley NHS Foundation Trust",
    description: "A fictional organisation's name.",
  },
  fictional: {
    id: "pitch.businessModel.sector.nhs.fictional",
    defaultMessage: "A fictional NHS trust, for illustration.",
  },
  share: {
    id: "pitch.businessModel.sector.nhs.step.share",
    defaultMessage:
      "A newly appointed nurse shares her right-to-work credential from her wallet, disclosing only what the check needs instead of handing over her passport.",
  },
  check: {
    id: "pitch.businessModel.sector.nhs.step.check",
    defaultMessage:
      "The trust's verifier portal checks the issuer's signature and the credential's revocation status, and records the check in an automatic audit trail.",
  },
  pay: {
    id: "pitch.businessModel.sector.nhs.step.pay",
    defaultMessage: "The trust pays the {fee} digital verification fee. The nurse pays nothing.",
  },
  outcome: {
    id: "pitch.businessModel.sector.nhs.outcome",
    defaultMessage:
      "Total cost per hire: {total}, against {today} for today's manual process, a {reduction} reduction. Her credential is portable: if she moves to another trust, she shares it again instead of starting over.",
  },
});

const housingWords = defineMessages({
  tab: { id: "pitch.businessModel.sector.housing.tab", defaultMessage: "Housing" },
  title: {
    id: "pitch.businessModel.sector.housing.title",
    defaultMessage: "Housing associations: right-to-rent checks for new tenants",
  },
  summary: {
    id: "pitch.businessModel.sector.housing.summary",
    defaultMessage:
      "Landlords and housing associations must check every adult tenant's right to rent. Manual checks mean photocopied documents, office visits and delays before a tenancy can start.",
  },
  organisation: {
    id: "pitch.businessModel.sector.housing.organisation",
    defaultMessage: "Eastmere Housing Association",
    description: "A fictional organisation's name.",
  },
  fictional: {
    id: "pitch.businessModel.sector.housing.fictional",
    defaultMessage: "A fictional housing association, for illustration.",
  },
  share: {
    id: "pitch.businessModel.sector.housing.step.share",
    defaultMessage:
      "A prospective tenant shares a right-to-rent credential from their phone, or at an assisted-digital kiosk in a council office or library if they prefer help.",
  },
  check: {
    id: "pitch.businessModel.sector.housing.step.check",
    defaultMessage:
      "The association's lettings team sees a verified yes or no for the right to rent, without keeping copies of passports or visas.",
  },
  pay: {
    id: "pitch.businessModel.sector.housing.step.pay",
    defaultMessage: "The association pays the {fee} digital verification fee. The tenant pays nothing.",
  },
  outcome: {
    id: "pitch.businessModel.sector.housing.outcome",
    defaultMessage:
      "Total cost per tenant: {total}, against {today} today, a {reduction} reduction, with the audit trail kept automatically.",
  },
});

const educationWords = defineMessages({
  tab: { id: "pitch.businessModel.sector.education.tab", defaultMessage: "Education" },
  title: {
    id: "pitch.businessModel.sector.education.title",
    defaultMessage: "Schools and education authorities: enhanced DBS checks",
  },
  summary: {
    id: "pitch.businessModel.sector.education.summary",
    defaultMessage:
      "Everyone working with children needs an enhanced DBS check. The statutory DBS fee stays the same; the saving is in the identity checking and administration around it.",
  },
  organisation: {
    id: "pitch.businessModel.sector.education.organisation",
    defaultMessage: "Fenmoor Schools Federation",
    description: "A fictional organisation's name.",
  },
  fictional: {
    id: "pitch.businessModel.sector.education.fictional",
    defaultMessage: "A fictional school federation, for illustration.",
  },
  prove: {
    id: "pitch.businessModel.sector.education.step.prove",
    defaultMessage:
      "A new teaching assistant proves their identity once in the wallet, so the federation's office no longer checks and copies paper documents for the DBS application.",
  },
  pay: {
    id: "pitch.businessModel.sector.education.step.pay",
    defaultMessage:
      "The {dbsFee} DBS fee is unchanged; the federation pays a {fee} digital verification fee. The teaching assistant pays nothing for the identity check.",
  },
  hold: {
    id: "pitch.businessModel.sector.education.step.hold",
    defaultMessage:
      "Once issued, the enhanced DBS result is held as a credential that the teaching assistant can share with any school in the federation.",
  },
  outcome: {
    id: "pitch.businessModel.sector.education.outcome",
    defaultMessage:
      "Total cost per check: {total}, against {today} today, with {reduction} less administrative time for the federation's staff.",
  },
});

const localAuthorityWords = defineMessages({
  tab: { id: "pitch.businessModel.sector.localAuthority.tab", defaultMessage: "Local Authority" },
  title: {
    id: "pitch.businessModel.sector.localAuthority.title",
    defaultMessage: "Local authorities: one platform for many services",
  },
  summary: {
    id: "pitch.businessModel.sector.localAuthority.summary",
    defaultMessage:
      "Councils run identity checks for their own staff, housing, licensing and many other services, often with different suppliers and processes for each.",
  },
  organisation: {
    id: "pitch.businessModel.sector.localAuthority.organisation",
    defaultMessage: "Calderbridge City Council",
    description: "A fictional organisation's name.",
  },
  fictional: {
    id: "pitch.businessModel.sector.localAuthority.fictional",
    defaultMessage: "A fictional city council, for illustration.",
  },
  licence: {
    id: "pitch.businessModel.sector.localAuthority.step.licence",
    defaultMessage:
      "The council takes one platform licence at {licence} per year and uses it across services: staff right-to-work checks, housing and licensing.",
  },
  kiosks: {
    id: "pitch.businessModel.sector.localAuthority.step.kiosks",
    defaultMessage:
      "Residents without a smartphone are helped at assisted-digital kiosks in council offices and libraries.",
  },
  pay: {
    id: "pitch.businessModel.sector.localAuthority.step.pay",
    defaultMessage:
      "Each check costs the council a {fee} fee, with volume discounts for multi-service use. Residents pay nothing.",
  },
  outcome: {
    id: "pitch.businessModel.sector.localAuthority.outcome",
    defaultMessage: "Total cost per check: {total}, against {today} today, an {reduction} reduction.",
    description: "English writes 'an' before the reduction because it is read 'eighty-five per cent'.",
  },
});

export const SECTORS = [
  {
    id: "nhs",
    tab: nhsWords.tab,
    title: nhsWords.title,
    summary: nhsWords.summary,
    figures: [
      { label: label.costPerHireToday, value: nhs.today.display },
      { label: label.digitalFee, value: nhs.fee.display },
      { label: label.totalPerHire, value: nhs.total.display },
      { label: label.reduction, value: nhs.reductionPercent.display },
    ],
    market: [
      { label: label.nhsNewStarters, value: MARKET.nhsNewStartersPerYear.display },
      { label: label.nhsStaff, value: MARKET.nhsStaff.display },
    ],
    example: {
      organisation: nhsWords.organisation,
      fictional: nhsWords.fictional,
      steps: [
        { message: nhsWords.share },
        { message: nhsWords.check },
        { message: nhsWords.pay, values: { fee: nhs.fee.display } },
      ],
      outcome: {
        message: nhsWords.outcome,
        values: { total: nhs.total.display, today: nhs.today.display, reduction: nhs.reductionPercent.display },
      },
    },
  },
  {
    id: "housing",
    tab: housingWords.tab,
    title: housingWords.title,
    summary: housingWords.summary,
    figures: [
      { label: label.costPerTenantToday, value: housing.today.display },
      { label: label.digitalFee, value: housing.fee.display },
      { label: label.totalPerTenant, value: housing.total.display },
      { label: label.reduction, value: housing.reductionPercent.display },
    ],
    market: [{ label: label.rentalProperties, value: MARKET.rentalProperties.display }],
    example: {
      organisation: housingWords.organisation,
      fictional: housingWords.fictional,
      steps: [
        { message: housingWords.share },
        { message: housingWords.check },
        { message: housingWords.pay, values: { fee: housing.fee.display } },
      ],
      outcome: {
        message: housingWords.outcome,
        values: {
          total: housing.total.display,
          today: housing.today.display,
          reduction: housing.reductionPercent.display,
        },
      },
    },
  },
  {
    id: "education",
    tab: educationWords.tab,
    title: educationWords.title,
    summary: educationWords.summary,
    figures: [
      { label: label.costPerCheckToday, value: education.today.display },
      { label: label.dbsFee, value: education.dbsFee.display },
      { label: label.digitalFee, value: education.fee.display },
      { label: label.totalPerCheck, value: education.total.display },
      { label: label.adminTimeReduction, value: education.adminTimeReductionPercent.display },
    ],
    market: [{ label: label.dbsChecks, value: MARKET.dbsChecksPerYear.display }],
    example: {
      organisation: educationWords.organisation,
      fictional: educationWords.fictional,
      steps: [
        { message: educationWords.prove },
        { message: educationWords.pay, values: { dbsFee: education.dbsFee.display, fee: education.fee.display } },
        { message: educationWords.hold },
      ],
      outcome: {
        message: educationWords.outcome,
        values: {
          total: education.total.display,
          today: education.today.display,
          reduction: education.adminTimeReductionPercent.display,
        },
      },
    },
  },
  {
    id: "local-authority",
    tab: localAuthorityWords.tab,
    title: localAuthorityWords.title,
    summary: localAuthorityWords.summary,
    figures: [
      { label: label.costPerCheckToday, value: localAuthority.today.display },
      {
        label: label.licence,
        value: { message: perYear.licence, values: { amount: localAuthority.licencePerYear.display } },
      },
      { label: label.feePerCheck, value: localAuthority.fee.display },
      { label: label.totalPerCheck, value: localAuthority.total.display },
      { label: label.reduction, value: localAuthority.reductionPercent.display },
    ],
    market: [{ label: label.localAuthorities, value: MARKET.localAuthorities.display }],
    example: {
      organisation: localAuthorityWords.organisation,
      fictional: localAuthorityWords.fictional,
      steps: [
        { message: localAuthorityWords.licence, values: { licence: localAuthority.licencePerYear.display } },
        { message: localAuthorityWords.kiosks },
        { message: localAuthorityWords.pay, values: { fee: localAuthority.fee.display } },
      ],
      outcome: {
        message: localAuthorityWords.outcome,
        values: {
          total: localAuthority.total.display,
          today: localAuthority.today.display,
          reduction: localAuthority.reductionPercent.display,
        },
      },
    },
  },
] as const satisfies readonly Sector[];

export type SectorId = (typeof SECTORS)[number]["id"];
const DEFAULT_SECTOR: SectorId = "nhs";

export function parseSector(value: string | null): SectorId {
  return SECTORS.find((sector) => sector.id === value)?.id ?? DEFAULT_SECTOR;
}

export const sectorHref = (id: SectorId) => `?sector=${id}`;
