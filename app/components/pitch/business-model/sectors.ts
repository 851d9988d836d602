/**
 * The four sectors of /business-model's tabs (spec 001 §4: nhs first and the default), each with
 * its costs, fees and reduction (spec 001 §9 "Business model (GBP)"), its market and a worked
 * example. The examples name fictional organisations and use only the spec's figures (no derived
 * totals).
 */
import { SECTOR_COSTS } from "#core/pitch/business-model.ts";
import { MARKET } from "#core/pitch/programme.ts";

export interface SectorFigure {
  label: string;
  value: string;
}

export interface Sector {
  id: string;
  tab: string;
  title: string;
  summary: string;
  /** Costs, fees and the reduction, in the order a reader compares them. */
  figures: SectorFigure[];
  market: SectorFigure[];
  example: { organisation: string; kind: string; steps: string[]; outcome: string };
}

const { nhs, housing, education, localAuthority } = SECTOR_COSTS;

export const SECTORS = [
  {
    id: "nhs",
    tab: "NHS",
    title: "NHS trusts: right-to-work checks for new starters",
    summary:
      "Every new starter needs right-to-work and identity checks before their first shift. Today these are manual, paper-based and repeated each time someone moves between trusts.",
    figures: [
      { label: "Cost per hire today", value: nhs.today.display },
      { label: "Digital verification fee", value: nhs.fee.display },
      { label: "Total cost per hire", value: nhs.total.display },
      { label: "Cost reduction", value: nhs.reductionPercent.display },
    ],
    market: [
      { label: "NHS new starters a year", value: MARKET.nhsNewStartersPerYear.display },
      { label: "NHS staff", value: MARKET.nhsStaff.display },
    ],
    example: {
      organisation: "Northbrook Valley NHS Foundation Trust",
      kind: "NHS trust",
      steps: [
        "A newly appointed nurse shares her right-to-work credential from her wallet, disclosing only what the check needs instead of handing over her passport.",
        "The trust's verifier portal checks the issuer's signature and the credential's revocation status, and records the check in an automatic audit trail.",
        `The trust pays the ${nhs.fee.display} digital verification fee. The nurse pays nothing.`,
      ],
      outcome: `Total cost per hire: ${nhs.total.display}, against ${nhs.today.display} for today's manual process, a ${nhs.reductionPercent.display} reduction. Her credential is portable: if she moves to another trust, she shares it again instead of starting over.`,
    },
  },
  {
    id: "housing",
    tab: "Housing",
    title: "Housing associations: right-to-rent checks for new tenants",
    summary:
      "Landlords and housing associations must check every adult tenant's right to rent. Manual checks mean photocopied documents, office visits and delays before a tenancy can start.",
    figures: [
      { label: "Cost per tenant today", value: housing.today.display },
      { label: "Digital verification fee", value: housing.fee.display },
      { label: "Total cost per tenant", value: housing.total.display },
      { label: "Cost reduction", value: housing.reductionPercent.display },
    ],
    market: [{ label: "Rental properties", value: MARKET.rentalProperties.display }],
    example: {
      organisation: "Eastmere Housing Association",
      kind: "housing association",
      steps: [
        "A prospective tenant shares a right-to-rent credential from their phone, or at an assisted-digital kiosk in a council office or library if they prefer help.",
        "The association's lettings team sees a verified yes or no for the right to rent, without keeping copies of passports or visas.",
        `The association pays the ${housing.fee.display} digital verification fee. The tenant pays nothing.`,
      ],
      outcome: `Total cost per tenant: ${housing.total.display}, against ${housing.today.display} today, a ${housing.reductionPercent.display} reduction, with the audit trail kept automatically.`,
    },
  },
  {
    id: "education",
    tab: "Education",
    title: "Schools and education authorities: enhanced DBS checks",
    summary:
      "Everyone working with children needs an enhanced DBS check. The statutory DBS fee stays the same; the saving is in the identity checking and administration around it.",
    figures: [
      { label: "Cost per check today", value: education.today.display },
      { label: "DBS fee", value: education.dbsFee.display },
      { label: "Digital verification fee", value: education.fee.display },
      { label: "Total cost per check", value: education.total.display },
      { label: "Administrative time reduction", value: education.adminTimeReductionPercent.display },
    ],
    market: [{ label: "DBS checks a year", value: MARKET.dbsChecksPerYear.display }],
    example: {
      organisation: "Fenmoor Schools Federation",
      kind: "school federation",
      steps: [
        "A new teaching assistant proves their identity once in the wallet, so the federation's office no longer checks and copies paper documents for the DBS application.",
        `The ${education.dbsFee.display} DBS fee is unchanged; the federation pays a ${education.fee.display} digital verification fee. The teaching assistant pays nothing for the identity check.`,
        "Once issued, the enhanced DBS result is held as a credential that the teaching assistant can share with any school in the federation.",
      ],
      outcome: `Total cost per check: ${education.total.display}, against ${education.today.display} today, with ${education.adminTimeReductionPercent.display} less administrative time for the federation's staff.`,
    },
  },
  {
    id: "local-authority",
    tab: "Local Authority",
    title: "Local authorities: one platform for many services",
    summary:
      "Councils run identity checks for their own staff, housing, licensing and many other services, often with different suppliers and processes for each.",
    figures: [
      { label: "Cost per check today", value: localAuthority.today.display },
      { label: "Platform licence", value: `${localAuthority.licencePerYear.display} per year` },
      { label: "Fee per check", value: localAuthority.fee.display },
      { label: "Total cost per check", value: localAuthority.total.display },
      { label: "Cost reduction", value: localAuthority.reductionPercent.display },
    ],
    market: [{ label: "Local authorities", value: MARKET.localAuthorities.display }],
    example: {
      organisation: "Calderbridge City Council",
      kind: "city council",
      steps: [
        `The council takes one platform licence at ${localAuthority.licencePerYear.display} per year and uses it across services: staff right-to-work checks, housing and licensing.`,
        "Residents without a smartphone are helped at assisted-digital kiosks in council offices and libraries.",
        `Each check costs the council a ${localAuthority.fee.display} fee, with volume discounts for multi-service use. Residents pay nothing.`,
      ],
      outcome: `Total cost per check: ${localAuthority.total.display}, against ${localAuthority.today.display} today, an ${localAuthority.reductionPercent.display} reduction.`,
    },
  },
] as const satisfies readonly Sector[];

export type SectorId = (typeof SECTORS)[number]["id"];
const DEFAULT_SECTOR: SectorId = "nhs";

export function parseSector(value: string | null): SectorId {
  return SECTORS.find((sector) => sector.id === value)?.id ?? DEFAULT_SECTOR;
}

export const sectorHref = (id: SectorId) => `?sector=${id}`;
