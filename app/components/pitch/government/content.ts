/**
 * The words and figures of /government (spec 001 §2 "Government pitch", §9 "Government pitch"):
 * its cards, risks and roadmap phases, the contacts it gives, and the downloadable executive
 * summary built from them. The figures come from core/pitch.
 */
import type { PitchIconName } from "#app/components/pitch/icons.tsx";
import { CONTACTS, GOVERNMENT, MVP, mailto, NATIONAL_SSO, SERVICE } from "#core/pitch/programme.ts";

/** Briefing requests and the briefing line reach the ministers' contact team, as on /ministers. */
export const MINISTERS = CONTACTS.ministers;
export const GOVERNMENT_RELATIONS_EMAIL = CONTACTS.governmentRelations.email;
export const BRIEFING_MAILTO = mailto(MINISTERS.email, "Request for a ministerial briefing");

export const BENEFITS = [
  {
    value: GOVERNMENT.annualSavings.display,
    title: "Annual savings",
    text: "Across departments, from replacing repeated manual identity checks with reusable credentials.",
  },
  {
    value: GOVERNMENT.lowerBurdenPercent.display,
    title: "Lower administrative burden",
    text: "Fewer paper documents to check, copy, post and store, for departments and the organisations they regulate.",
  },
  {
    value: GOVERNMENT.fasterProcessingPercent.display,
    title: "Faster processing",
    text: "Checks complete in minutes instead of hours, so people start work or move home sooner.",
  },
  {
    value: GOVERNMENT.fraudPrevention.display,
    title: "Fraud prevention",
    text: "Credentials signed by the issuing authority cannot be forged or altered, and can be revoked when compromised.",
  },
] as const;

export const AT_A_GLANCE = [
  { value: GOVERNMENT.satisfactionPercent.display, label: "Satisfaction" },
  { value: GOVERNMENT.citizens.display, label: "Citizens supported" },
  { value: SERVICE.uptimePercent.display, label: "Uptime" },
] as const;

export const DEPARTMENTS: { name: string; icon: PitchIconName; gets: string[] }[] = [
  {
    name: "Home Office",
    icon: "badge",
    gets: [
      "Right-to-work and right-to-rent checks built on signed credentials",
      "Immigration status shared as a verified answer, not a photocopied document",
    ],
  },
  {
    name: "Department for Work and Pensions",
    icon: "support",
    gets: [
      "A reusable verified identity for benefit claims",
      "Assisted-digital support for claimants without a smartphone",
    ],
  },
  {
    name: "HM Revenue and Customs",
    icon: "file",
    gets: [
      "Verified identity for tax accounts, disclosing only what each service needs",
      "Less repeated identity proofing for the same person",
    ],
  },
  {
    name: "Department of Health and Social Care and the NHS",
    icon: "pulse",
    gets: [
      "Portable right-to-work and pre-employment checks for NHS staff",
      "New starters cleared in days, not weeks, when they move between trusts",
    ],
  },
  {
    name: "Department for Education",
    icon: "school",
    gets: [
      "Enhanced DBS results shared instantly as credentials by school staff",
      "Safer recruitment with less administration for schools",
    ],
  },
  {
    name: "Ministry of Housing, Communities and Local Government",
    icon: "home",
    gets: [
      "Right-to-rent checks that landlords can trust",
      "One shared platform for councils, with kiosks in council offices and libraries",
    ],
  },
];

export const COMPLIANCE: { title: string; icon: PitchIconName; text: string }[] = [
  {
    title: "W3C VC 2.0",
    icon: "badge",
    text: "Credentials follow the W3C Verifiable Credentials 2.0 standard, with SD-JWT selective disclosure, so any compliant verifier can check them.",
  },
  {
    title: "UK GDPR",
    icon: "shield",
    text: `Data minimisation by design: verifiers see only the attributes they need, and raw biometric and document data is deleted after ${SERVICE.rawDataDeletionHours.display}.`,
  },
  {
    title: "Ed25519 signatures",
    icon: "key",
    text: "Every credential is signed with the issuing authority's Ed25519 key, so any change to it is detected at once.",
  },
  {
    title: "StatusList2021 revocation",
    icon: "workflow",
    text: "Lost or compromised credentials are revoked through status lists that verifiers check without revealing whose credential they hold.",
  },
  {
    title: "Cloud scale",
    icon: "cloud",
    text: `Built to serve ${GOVERNMENT.citizens.display} citizens with ${SERVICE.uptimePercent.display} uptime and UK data residency.`,
  },
  {
    title: "AI compliance system",
    icon: "bot",
    text: "The Gabriel AI orchestration layer checks documents and routes cases, with a human reviewing every adverse decision.",
  },
];

export const RISKS = [
  {
    title: "Identity fraud",
    risk: "Paper documents and photocopies are easy to forge and hard for employers and landlords to check.",
    response: "Cryptographically signed credentials that cannot be forged, checked in seconds.",
  },
  {
    title: "Digital exclusion",
    risk: "App-only schemes leave behind people without smartphones, with disabilities or with limited English.",
    response:
      "Assisted-digital kiosks in councils and libraries, offline QR mode, WCAG 2.2 AA accessibility, and the service in Welsh and English everywhere and on the citizen's screens in the ten most spoken languages after English in England and Wales.",
  },
  {
    title: "Central surveillance and data breaches",
    risk: "A central identity database is a single target for attackers and a record of where people go.",
    response:
      "No central tracking: credentials stay in the citizen's wallet and are shared directly with the verifier.",
  },
  {
    title: "Vendor lock-in and cost overruns",
    risk: `National single sign-on programmes cost ${NATIONAL_SSO.claimedCost.display} and tie government to one supplier.`,
    response: `A vendor-neutral, modular platform built on open standards for a development cost of ${MVP.cost.display}.`,
  },
] as const;

export const PHASES = [
  {
    name: "Pilot",
    months: "Months 1-6",
    outcomes: [`${GOVERNMENT.pilotCitizens.display} citizens`],
    text: "Prove the platform with early adopters in live services.",
  },
  {
    name: "Scale",
    months: "Months 7-18",
    outcomes: [
      `${GOVERNMENT.scaleCitizens.display} citizens`,
      `${GOVERNMENT.scaleLocalAuthoritiesPercent.display} of local authorities`,
    ],
    text: "Extend to local authorities and the organisations they work with.",
  },
  {
    name: "Transform",
    months: "Months 19-24",
    outcomes: [`All ${GOVERNMENT.citizens.display} citizens`],
    text: "A national digital identity available to every citizen.",
  },
] as const;

/** The downloadable executive summary: the page's own figures, as plain text. */
const EXECUTIVE_SUMMARY = [
  "UK Digital Identity: Executive Summary",
  "Confidential - For Government Officials",
  "",
  "A privacy-first national digital identity platform built on verifiable credentials, covering Right-to-Work, Right-to-Rent and DBS checks.",
  "",
  "Benefits",
  ...BENEFITS.map((b) => `- ${b.value} ${b.title.toLowerCase()}`),
  ...AT_A_GLANCE.map((g) => `- ${g.value} ${g.label.toLowerCase()}`),
  "",
  "Roadmap",
  ...PHASES.map((p) => `- ${p.name} (${p.months.toLowerCase()}): ${p.outcomes.join(", ")}`),
  "",
  "Standards and compliance",
  ...COMPLIANCE.map((c) => `- ${c.title}`),
  "",
  "Contact",
  `- Briefing line: ${MINISTERS.phone.display}`,
  `- Government relations: ${GOVERNMENT_RELATIONS_EMAIL}`,
  `- Ministerial briefings: ${MINISTERS.email}`,
  "",
].join("\n");
export const EXECUTIVE_SUMMARY_HREF = `data:text/plain;charset=utf-8,${encodeURIComponent(EXECUTIVE_SUMMARY)}`;
export const EXECUTIVE_SUMMARY_FILENAME = "uk-digital-identity-executive-summary.txt";
