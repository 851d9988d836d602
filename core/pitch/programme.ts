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

const figure = (value: number, display: string): Figure => ({ value, display });

/** The MVP: what it costs and how soon it is delivered (spec 001 §1 "Main claims", §9 "Costs and revenue"). */
export const MVP = {
  /** Development cost, and the funding round that pays for it (§9 "Investor funding": total 1.25M). */
  cost: figure(1_250_000, "£1.25M"),
  /** The core build (§9 "MVP build £200k"); the home and podcast pages' stat reads "£200K" (§9 "Pilots"). */
  buildCost: { ...figure(200_000, "£200k"), stat: "£200K" },
  deliveryMonths: figure(12, "12 months"),
  pilotsVisibleMonths: figure(6, "6 months"),
} as const;

/** What a national single sign-on costs, the MVP's comparison (spec 001 §1: both readings stand). */
export const NATIONAL_SSO = {
  /** The claims text: "400M+" (the home page and the podcast write it in pounds). */
  claimedCost: { ...figure(400_000_000, "400M+"), inPounds: "£400M+" },
  /** The home page's cost bars and the costs page. */
  comparedCost: figure(305_000_000, "£305m+"),
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
} as const;

/** Spec 001 §9 "Business model" and "Investor funding": the market and the returns. */
export const MARKET = {
  identityMarket: figure(2_100_000_000, "£2.1B"),
  dbsChecksPerYear: figure(7_370_000, "7.37M"),
  rentalProperties: figure(4_900_000, "4.9M"),
  nhsNewStartersPerYear: figure(130_488, "130,488"),
  fiveYearRevenue: { low: figure(9_600_000, "£9.6M"), high: figure(27_000_000, "£27M"), display: "£9.6M-£27M" },
  investorReturn: { low: figure(10, "10x"), high: figure(43, "43x"), display: "10x to 43x" },
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
