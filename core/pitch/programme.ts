/**
 * The programme's facts and contacts: every figure the pitch pages (spec 001) repeat, once, with
 * its value and the way the pages display it, and every contact the pages give. Pages render these
 * and never write a figure or an address themselves, so a figure cannot differ between pages and a
 * translated page (the next issue's message catalogs) takes the same figure as a placeholder.
 *
 * All are spec 001 §1/§9 static marketing figures; none is enforced by the product. Where the spec
 * itself gives two readings of one thing, both are here, named by where they appear.
 */

/** A figure: its value (pounds, a count, a percentage or a duration in its unit) and how the pages write it. */
export interface Figure {
  readonly value: number;
  readonly display: string;
}

/** A figure the pages write as a range ("£75-£150"): both ends, and how the pages write the whole. */
export interface FigureRange {
  readonly low: Figure;
  readonly high: Figure;
  readonly display: string;
}

export const figure = (value: number, display: string): Figure => ({ value, display });

export const range = (low: Figure, high: Figure, display: string): FigureRange => ({ low, high, display });

/** The MVP: what it costs and how soon it is delivered (spec 001 §1 "Main claims", §9 "Costs and revenue"). */
export const MVP = {
  /** Development cost, and the funding round that pays for it (§9 "Investor funding": total 1.25M). */
  cost: figure(1_250_000, "£1.25M"),
  /** The core build (§9 "MVP build £200k"); the home and podcast pages' stat reads "£200K" (§9 "Pilots"). */
  buildCost: { ...figure(200_000, "£200k"), stat: "£200K" },
  /** /ministers writes it as an adjective: "the 12-month MVP". */
  deliveryMonths: { ...figure(12, "12 months"), adjective: "12-month" },
  pilotsVisibleMonths: figure(6, "6 months"),
} as const;

/** Spec 001 §9 "Claims and delivery": the MVP's targets, repeated by /roadmap, /costs-benefits and /investor-funding. */
export const DELIVERY = {
  mvpUsers: figure(100_000, "100k"),
  employerPartners: figure(3, "3"),
} as const;

/** What a national single sign-on costs, the MVP's comparison (spec 001 §1: both readings stand). */
export const NATIONAL_SSO = {
  /** The claims text: "400M+" (the home page and the podcast write it in pounds). */
  claimedCost: { ...figure(400_000_000, "400M+"), inPounds: "£400M+" },
  /** The home page's cost bars and the costs page. */
  comparedCost: figure(305_000_000, "£305m+"),
} as const;

/** Spec 001 §9 "Costs and revenue": the build and running costs beside the MVP's, on /costs-benefits and in the podcast. */
export const COSTS = {
  yearOneBuild: range(figure(125_000, "£125k"), figure(200_000, "£200k"), "£125k-£200k"),
  /** The build costs under this share of the national single sign-on comparison. */
  shareOfComparisonPercent: figure(1, "1%"),
  operatingPerYear: range(figure(10_000_000, "£10m"), figure(15_000_000, "£15m"), "£10-15m"),
  perCitizen: range(figure(2, "£2"), figure(3, "£3"), "£2-£3"),
} as const;

/** Spec 001 §9 "Costs and revenue": the national platform's revenue a year, by stream. */
export const REVENUE = {
  centralLicence: range(figure(25_000_000, "£25m"), figure(40_000_000, "£40m"), "£25-40m"),
  perVerification: range(figure(30_000_000, "£30m"), figure(50_000_000, "£50m"), "£30-50m"),
  checksPerYear: figure(50_000_000, "50m"),
  enterpriseAddOns: range(figure(10_000_000, "£10m"), figure(20_000_000, "£20m"), "£10-20m"),
  total: range(figure(70_000_000, "£70m"), figure(80_000_000, "£80m"), "£70-80m"),
  marginPercent: figure(84, "84%"),
} as const;

/** The product's promises on data, revocation and service (spec 001 §1, §2 "Legal", §9 "Claims and delivery"). */
export const SERVICE = {
  rawDataDeletionHours: figure(72, "72 hours"),
  offlineQrValidityMinutes: figure(15, "15 minutes"),
  revocationSeconds: figure(60, "60 seconds"),
  verificationSeconds: figure(3, "3 seconds"),
  uptimePercent: figure(99.9, "99.9%"),
} as const;

/** Spec 001 §9 "Governance": how soon an incident is detected and reported. */
export const INCIDENTS = {
  detectionHours: figure(24, "24 hours"),
  publicNotificationHours: figure(72, "72 hours"),
  icoNotificationHours: figure(72, "72 hours"),
} as const;

/** Spec 001 §9 "Government pitch". */
export const GOVERNMENT = {
  annualSavings: figure(2_300_000_000, "£2.3B"),
  lowerBurdenPercent: figure(85, "85%"),
  fasterProcessingPercent: figure(95, "95%"),
  fraudPrevention: figure(500_000_000, "£500M+"),
  satisfactionPercent: figure(98, "98%"),
  /** The government page's headline writes it "67 Million". */
  citizens: { ...figure(67_000_000, "67 million"), inTitle: "67 Million" },
  pilotCitizens: figure(100_000, "100,000"),
  scaleCitizens: figure(15_000_000, "15 million"),
  scaleLocalAuthoritiesPercent: figure(25, "25%"),
} as const;

/** Spec 001 §9 "Pilots". */
export const PILOTS = {
  count: figure(4, "4"),
  annualSavings: figure(1_400_000, "£1.4M+"),
  participants: figure(5_000, "5,000+"),
  roiPercent: figure(700, "700%"),
  nhsSavings: figure(500_000, "£500,000+"),
  housingSavings: figure(200_000, "£200,000+"),
  educationSavings: figure(300_000, "£300,000+"),
  councilSavings: figure(400_000, "£400,000+"),
  councilEfficiencyPercent: figure(70, "70%"),
  /** The NHS pilot clears a new starter in 3 days instead of 21. */
  nhsClearanceDays: { before: figure(21, "21 days"), after: figure(3, "3 days") },
  /** The education pilot confirms a DBS result at once instead of in 8 weeks. */
  dbsConfirmationWeeks: { before: figure(8, "8 weeks"), after: figure(0, "instant") },
} as const;

/** Spec 001 §9 "Pilots": the podcast series, on /podcasts and the home page's preview. */
export const PODCASTS = {
  episodes: figure(7, "7"),
  totalMinutes: figure(30, "30+"),
} as const;

/** Spec 001 §9 "Business model" and "Investor funding": the market and the returns. */
export const MARKET = {
  identityMarket: figure(2_100_000_000, "£2.1B"),
  dbsChecksPerYear: figure(7_370_000, "7.37M"),
  rentalProperties: figure(4_900_000, "4.9M"),
  nhsNewStartersPerYear: figure(130_488, "130,488"),
  nhsStaff: figure(1_540_000, "1.54M"),
  localAuthorities: figure(408, "408"),
  fiveYearRevenue: range(figure(9_600_000, "£9.6M"), figure(27_000_000, "£27M"), "£9.6M-£27M"),
  investorReturn: range(figure(10, "10x"), figure(43, "43x"), "10x to 43x"),
} as const;

/** Spec 001 §1: verification in about 5 minutes instead of about 3 hours. */
export const VERIFICATION_TIME = {
  withCredential: figure(5, "5 minutes"),
  today: figure(3, "3 hours"),
} as const;

/** A telephone number as people read it and as a `tel:` link dials it. */
export interface Phone {
  readonly display: string;
  readonly tel: string;
}

/**
 * The programme's contacts. Spec 001 §2 gives the ministers' contact team a mail and a telephone
 * link on /ministers, and /government a phone line and a government relations contact; it gives
 * no address. One ministers' contact serves both pages: /ministers shows it, and /government's
 * briefing line and briefing requests use it.
 */
export const CONTACTS = {
  ministers: {
    email: "ministers@identity.gov.uk",
    // Ofcom's drama range (020 7946 0000-0999): never a real line.
    phone: { display: "020 7946 0418", tel: "+442079460418" } satisfies Phone,
  },
  governmentRelations: { email: "government-relations@identity.gov.uk" },
  press: { email: "press@identity.gov.uk" },
  partnerships: { email: "partners@identity.gov.uk" },
  investorRelations: { email: "investors@identity.gov.uk" },
  dataProtectionOfficer: { email: "dpo@identity.gov.uk" },
  support: { email: "support@identity.gov.uk" },
} as const;

/** A `mailto:` link to `email`, with `subject` filled in when given. */
export function mailto(email: string, subject?: string): string {
  return subject === undefined ? `mailto:${email}` : `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
