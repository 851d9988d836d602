/**
 * The words and figures of /government (spec 001 §2 "Government pitch", §9 "Government pitch"):
 * its cards, risks and roadmap phases, the contacts it gives, and the downloadable executive
 * summary built from them. The words are messages ("pitch.government.*"); the figures come from
 * core/pitch and go into them as placeholders.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from "react-intl";
import type { PitchIconName } from "#app/components/pitch/icons.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { CONTACTS, GOVERNMENT, MVP, mailto, NATIONAL_SSO, SERVICE } from "#core/pitch/programme.ts";

/** Briefing requests and the briefing line reach the ministers' contact team, as on /ministers. */
export const MINISTERS = CONTACTS.ministers;
export const GOVERNMENT_RELATIONS_EMAIL = CONTACTS.governmentRelations.email;

/** A message and the values it takes (figures, or counts it words itself). */
export interface Words {
  message: MessageDescriptor;
  values?: Record<string, string | number>;
}

/** A message, with its values if it takes any, in the page's language. */
export const say = (intl: IntlShape, words: Words) => intl.formatMessage(words.message, words.values);

/** The national roll-out reaches 67 million citizens: the pages write it in millions. */
const MILLIONS = GOVERNMENT.citizens.value / 1_000_000;
const SCALE_MILLIONS = GOVERNMENT.scaleCitizens.value / 1_000_000;

export const CONFIDENTIAL = defineMessages({
  badge: { id: "pitch.government.confidential", defaultMessage: "Confidential - For Government Officials" },
});

const subject = defineMessages({
  briefing: {
    id: "pitch.government.briefing.subject",
    defaultMessage: "Request for a ministerial briefing",
    description: "The subject of the email a briefing request opens.",
  },
});

/** The briefing request: an email to the ministers' team, its subject in the page's language. */
export const briefingMailto = (intl: IntlShape) => mailto(MINISTERS.email, intl.formatMessage(subject.briefing));

const b = defineMessages({
  savingsTitle: { id: "pitch.government.benefits.savings.title", defaultMessage: "Annual savings" },
  savingsText: {
    id: "pitch.government.benefits.savings.text",
    defaultMessage: "Across departments, from replacing repeated manual identity checks with reusable credentials.",
  },
  burdenTitle: { id: "pitch.government.benefits.burden.title", defaultMessage: "Lower administrative burden" },
  burdenText: {
    id: "pitch.government.benefits.burden.text",
    defaultMessage:
      "Fewer paper documents to check, copy, post and store, for departments and the organisations they regulate.",
  },
  fasterTitle: { id: "pitch.government.benefits.faster.title", defaultMessage: "Faster processing" },
  fasterText: {
    id: "pitch.government.benefits.faster.text",
    defaultMessage: "Checks complete in minutes instead of hours, so people start work or move home sooner.",
  },
  fraudTitle: { id: "pitch.government.benefits.fraud.title", defaultMessage: "Fraud prevention" },
  fraudText: {
    id: "pitch.government.benefits.fraud.text",
    defaultMessage:
      "Credentials signed by the issuing authority cannot be forged or altered, and can be revoked when compromised.",
  },
});

/** The executive summary's line for each figure (a figure and what it measures). */
const line = defineMessages<{
  savings: { value: string };
  burden: { value: string };
  faster: { value: string };
  fraud: { value: string };
  satisfaction: { value: string };
  citizens: { value: string };
  uptime: { value: string };
}>({
  savings: { id: "pitch.government.summary.savings", defaultMessage: "{value} annual savings" },
  burden: { id: "pitch.government.summary.burden", defaultMessage: "{value} lower administrative burden" },
  faster: { id: "pitch.government.summary.faster", defaultMessage: "{value} faster processing" },
  fraud: { id: "pitch.government.summary.fraud", defaultMessage: "{value} fraud prevention" },
  satisfaction: { id: "pitch.government.summary.satisfaction", defaultMessage: "{value} satisfaction" },
  citizens: { id: "pitch.government.summary.citizens", defaultMessage: "{value} citizens supported" },
  uptime: { id: "pitch.government.summary.uptime", defaultMessage: "{value} uptime" },
});

export const BENEFITS = [
  { value: GOVERNMENT.annualSavings.display, title: b.savingsTitle, text: b.savingsText, summary: line.savings },
  { value: GOVERNMENT.lowerBurdenPercent.display, title: b.burdenTitle, text: b.burdenText, summary: line.burden },
  { value: GOVERNMENT.fasterProcessingPercent.display, title: b.fasterTitle, text: b.fasterText, summary: line.faster },
  { value: GOVERNMENT.fraudPrevention.display, title: b.fraudTitle, text: b.fraudText, summary: line.fraud },
] as const;

const g = defineMessages({
  satisfaction: { id: "pitch.government.glance.satisfaction", defaultMessage: "Satisfaction" },
  citizens: { id: "pitch.government.glance.citizens", defaultMessage: "Citizens supported" },
  uptime: { id: "pitch.government.glance.uptime", defaultMessage: "Uptime" },
});

const millions = defineMessages<{ value: { millions: number } }>({
  value: {
    id: "pitch.government.glance.citizens.value",
    defaultMessage: "{millions} million",
    description: "A number of people in millions, shown large as a headline figure.",
  },
});

export const AT_A_GLANCE: { value: string | Words; label: MessageDescriptor; summary: MessageDescriptor }[] = [
  { value: GOVERNMENT.satisfactionPercent.display, label: g.satisfaction, summary: line.satisfaction },
  { value: { message: millions.value, values: { millions: MILLIONS } }, label: g.citizens, summary: line.citizens },
  { value: SERVICE.uptimePercent.display, label: g.uptime, summary: line.uptime },
];

const d = defineMessages({
  homeOffice: { id: "pitch.government.departments.homeOffice.name", defaultMessage: "Home Office" },
  homeOfficeChecks: {
    id: "pitch.government.departments.homeOffice.checks",
    defaultMessage: "Right-to-work and right-to-rent checks built on signed credentials",
  },
  homeOfficeStatus: {
    id: "pitch.government.departments.homeOffice.status",
    defaultMessage: "Immigration status shared as a verified answer, not a photocopied document",
  },
  dwp: { id: "pitch.government.departments.dwp.name", defaultMessage: "Department for Work and Pensions" },
  dwpClaims: {
    id: "pitch.government.departments.dwp.claims",
    defaultMessage: "A reusable verified identity for benefit claims",
  },
  dwpSupport: {
    id: "pitch.government.departments.dwp.support",
    defaultMessage: "Assisted-digital support for claimants without a smartphone",
  },
  hmrc: { id: "pitch.government.departments.hmrc.name", defaultMessage: "HM Revenue and Customs" },
  hmrcAccounts: {
    id: "pitch.government.departments.hmrc.accounts",
    defaultMessage: "Verified identity for tax accounts, disclosing only what each service needs",
  },
  hmrcProofing: {
    id: "pitch.government.departments.hmrc.proofing",
    defaultMessage: "Less repeated identity proofing for the same person",
  },
  dhsc: {
    id: "pitch.government.departments.dhsc.name",
    defaultMessage: "Department of Health and Social Care and the NHS",
  },
  dhscChecks: {
    id: "pitch.government.departments.dhsc.checks",
    defaultMessage: "Portable right-to-work and pre-employment checks for NHS staff",
  },
  dhscStarters: {
    id: "pitch.government.departments.dhsc.starters",
    defaultMessage: "New starters cleared in days, not weeks, when they move between trusts",
  },
  dfe: { id: "pitch.government.departments.dfe.name", defaultMessage: "Department for Education" },
  dfeDbs: {
    id: "pitch.government.departments.dfe.dbs",
    defaultMessage: "Enhanced DBS results shared instantly as credentials by school staff",
  },
  dfeRecruitment: {
    id: "pitch.government.departments.dfe.recruitment",
    defaultMessage: "Safer recruitment with less administration for schools",
  },
  mhclg: {
    id: "pitch.government.departments.mhclg.name",
    defaultMessage: "Ministry of Housing, Communities and Local Government",
  },
  mhclgRent: {
    id: "pitch.government.departments.mhclg.rent",
    defaultMessage: "Right-to-rent checks that landlords can trust",
  },
  mhclgPlatform: {
    id: "pitch.government.departments.mhclg.platform",
    defaultMessage: "One shared platform for councils, with kiosks in council offices and libraries",
  },
});

export const DEPARTMENTS: { name: MessageDescriptor; icon: PitchIconName; gets: MessageDescriptor[] }[] = [
  { name: d.homeOffice, icon: "badge", gets: [d.homeOfficeChecks, d.homeOfficeStatus] },
  { name: d.dwp, icon: "support", gets: [d.dwpClaims, d.dwpSupport] },
  { name: d.hmrc, icon: "file", gets: [d.hmrcAccounts, d.hmrcProofing] },
  { name: d.dhsc, icon: "pulse", gets: [d.dhscChecks, d.dhscStarters] },
  { name: d.dfe, icon: "school", gets: [d.dfeDbs, d.dfeRecruitment] },
  { name: d.mhclg, icon: "home", gets: [d.mhclgRent, d.mhclgPlatform] },
];

const c = defineMessages({
  vcTitle: {
    id: "pitch.government.compliance.vc.title",
    defaultMessage: "W3C VC 2.0",
    description: "A standard's name: keep as it is.",
  },
  vcText: {
    id: "pitch.government.compliance.vc.text",
    defaultMessage:
      "Credentials follow the W3C Verifiable Credentials 2.0 standard, with SD-JWT selective disclosure, so any compliant verifier can check them.",
  },
  gdprTitle: { id: "pitch.government.compliance.gdpr.title", defaultMessage: "UK GDPR" },
  signaturesTitle: { id: "pitch.government.compliance.signatures.title", defaultMessage: "Ed25519 signatures" },
  signaturesText: {
    id: "pitch.government.compliance.signatures.text",
    defaultMessage:
      "Every credential is signed with the issuing authority's Ed25519 key, so any change to it is detected at once.",
  },
  revocationTitle: {
    id: "pitch.government.compliance.revocation.title",
    defaultMessage: "StatusList2021 revocation",
  },
  revocationText: {
    id: "pitch.government.compliance.revocation.text",
    defaultMessage:
      "Lost or compromised credentials are revoked through status lists that verifiers check without revealing whose credential they hold.",
  },
  cloudTitle: { id: "pitch.government.compliance.cloud.title", defaultMessage: "Cloud scale" },
  aiTitle: { id: "pitch.government.compliance.ai.title", defaultMessage: "AI compliance system" },
  aiText: {
    id: "pitch.government.compliance.ai.text",
    defaultMessage:
      "The Gabriel AI orchestration layer checks documents and routes cases, with a human reviewing every adverse decision.",
  },
});

const cv = defineMessages<{ gdpr: { period: string }; cloud: { millions: number; uptime: string } }>({
  gdpr: {
    id: "pitch.government.compliance.gdpr.text",
    defaultMessage:
      "Data minimisation by design: verifiers see only the attributes they need, and raw biometric and document data is deleted after {period}.",
  },
  cloud: {
    id: "pitch.government.compliance.cloud.text",
    defaultMessage: "Built to serve {millions} million citizens with {uptime} uptime and UK data residency.",
  },
});

/** The compliance cards; the deletion period is counted in the page's language. */
export function compliance(intl: IntlShape): { title: MessageDescriptor; icon: PitchIconName; text: Words }[] {
  const period = intl.formatMessage(DURATION.hours, { count: SERVICE.rawDataDeletionHours.value });
  return [
    { title: c.vcTitle, icon: "badge", text: { message: c.vcText } },
    { title: c.gdprTitle, icon: "shield", text: { message: cv.gdpr, values: { period } } },
    { title: c.signaturesTitle, icon: "key", text: { message: c.signaturesText } },
    { title: c.revocationTitle, icon: "workflow", text: { message: c.revocationText } },
    {
      title: c.cloudTitle,
      icon: "cloud",
      text: { message: cv.cloud, values: { millions: MILLIONS, uptime: SERVICE.uptimePercent.display } },
    },
    { title: c.aiTitle, icon: "bot", text: { message: c.aiText } },
  ];
}

const r = defineMessages({
  fraudTitle: { id: "pitch.government.risks.fraud.title", defaultMessage: "Identity fraud" },
  fraudRisk: {
    id: "pitch.government.risks.fraud.risk",
    defaultMessage: "Paper documents and photocopies are easy to forge and hard for employers and landlords to check.",
  },
  fraudResponse: {
    id: "pitch.government.risks.fraud.response",
    defaultMessage: "Cryptographically signed credentials that cannot be forged, checked in seconds.",
  },
  exclusionTitle: { id: "pitch.government.risks.exclusion.title", defaultMessage: "Digital exclusion" },
  exclusionRisk: {
    id: "pitch.government.risks.exclusion.risk",
    defaultMessage:
      "App-only schemes leave behind people without smartphones, with disabilities or with limited English.",
  },
  exclusionResponse: {
    id: "pitch.government.risks.exclusion.response",
    defaultMessage:
      "Assisted-digital kiosks in councils and libraries, offline QR mode, WCAG 2.2 AA accessibility, and the service in Welsh and English everywhere and on the citizen's screens in the ten most spoken languages after English in England and Wales.",
  },
  surveillanceTitle: {
    id: "pitch.government.risks.surveillance.title",
    defaultMessage: "Central surveillance and data breaches",
  },
  surveillanceRisk: {
    id: "pitch.government.risks.surveillance.risk",
    defaultMessage: "A central identity database is a single target for attackers and a record of where people go.",
  },
  surveillanceResponse: {
    id: "pitch.government.risks.surveillance.response",
    defaultMessage:
      "No central tracking: credentials stay in the citizen's wallet and are shared directly with the verifier.",
  },
  lockInTitle: { id: "pitch.government.risks.lockIn.title", defaultMessage: "Vendor lock-in and cost overruns" },
});

const rv = defineMessages<{ lockInRisk: { cost: string }; lockInResponse: { cost: string } }>({
  lockInRisk: {
    id: "pitch.government.risks.lockIn.risk",
    defaultMessage: "National single sign-on programmes cost {cost} and tie government to one supplier.",
  },
  lockInResponse: {
    id: "pitch.government.risks.lockIn.response",
    defaultMessage: "A vendor-neutral, modular platform built on open standards for a development cost of {cost}.",
  },
});

export const RISKS: { title: MessageDescriptor; risk: Words; response: Words }[] = [
  { title: r.fraudTitle, risk: { message: r.fraudRisk }, response: { message: r.fraudResponse } },
  { title: r.exclusionTitle, risk: { message: r.exclusionRisk }, response: { message: r.exclusionResponse } },
  {
    title: r.surveillanceTitle,
    risk: { message: r.surveillanceRisk },
    response: { message: r.surveillanceResponse },
  },
  {
    title: r.lockInTitle,
    risk: { message: rv.lockInRisk, values: { cost: NATIONAL_SSO.claimedCost.display } },
    response: { message: rv.lockInResponse, values: { cost: MVP.cost.display } },
  },
];

const p = defineMessages({
  pilot: { id: "pitch.government.phases.pilot.name", defaultMessage: "Pilot" },
  pilotMonths: { id: "pitch.government.phases.pilot.months", defaultMessage: "Months 1-6" },
  pilotText: {
    id: "pitch.government.phases.pilot.text",
    defaultMessage: "Prove the platform with early adopters in live services.",
  },
  scale: { id: "pitch.government.phases.scale.name", defaultMessage: "Scale" },
  scaleMonths: { id: "pitch.government.phases.scale.months", defaultMessage: "Months 7-18" },
  scaleText: {
    id: "pitch.government.phases.scale.text",
    defaultMessage: "Extend to local authorities and the organisations they work with.",
  },
  transform: { id: "pitch.government.phases.transform.name", defaultMessage: "Transform" },
  transformMonths: { id: "pitch.government.phases.transform.months", defaultMessage: "Months 19-24" },
  transformText: {
    id: "pitch.government.phases.transform.text",
    defaultMessage: "A national digital identity available to every citizen.",
  },
});

const outcome = defineMessages<{
  citizens: { count: number };
  millions: { millions: number };
  authorities: { share: string };
  all: { millions: number };
}>({
  citizens: {
    id: "pitch.government.phases.outcome.citizens",
    defaultMessage: "{count, plural, one {# citizen} other {# citizens}}",
  },
  millions: { id: "pitch.government.phases.outcome.millions", defaultMessage: "{millions} million citizens" },
  authorities: { id: "pitch.government.phases.outcome.authorities", defaultMessage: "{share} of local authorities" },
  all: { id: "pitch.government.phases.outcome.all", defaultMessage: "All {millions} million citizens" },
});

/** The executive summary's line for each phase: its name, its months and its outcomes. */
const phaseLine = defineMessages<{
  pilot: { citizens: string };
  scale: { citizens: string; authorities: string };
  transform: { citizens: string };
}>({
  pilot: { id: "pitch.government.summary.phase.pilot", defaultMessage: "Pilot (months 1-6): {citizens}" },
  scale: {
    id: "pitch.government.summary.phase.scale",
    defaultMessage: "Scale (months 7-18): {citizens}, {authorities}",
  },
  transform: { id: "pitch.government.summary.phase.transform", defaultMessage: "Transform (months 19-24): {citizens}" },
});

/** The roll-out's three phases, each outcome in the page's language. */
export function phases(intl: IntlShape) {
  const pilotCitizens = intl.formatMessage(outcome.citizens, { count: GOVERNMENT.pilotCitizens.value });
  const scaleCitizens = intl.formatMessage(outcome.millions, { millions: SCALE_MILLIONS });
  const authorities = intl.formatMessage(outcome.authorities, {
    share: GOVERNMENT.scaleLocalAuthoritiesPercent.display,
  });
  const all = intl.formatMessage(outcome.all, { millions: MILLIONS });
  return [
    {
      name: p.pilot,
      months: p.pilotMonths,
      outcomes: [pilotCitizens],
      text: p.pilotText,
      summary: intl.formatMessage(phaseLine.pilot, { citizens: pilotCitizens }),
    },
    {
      name: p.scale,
      months: p.scaleMonths,
      outcomes: [scaleCitizens, authorities],
      text: p.scaleText,
      summary: intl.formatMessage(phaseLine.scale, { citizens: scaleCitizens, authorities }),
    },
    {
      name: p.transform,
      months: p.transformMonths,
      outcomes: [all],
      text: p.transformText,
      summary: intl.formatMessage(phaseLine.transform, { citizens: all }),
    },
  ];
}

const s = defineMessages({
  title: { id: "pitch.government.summary.title", defaultMessage: "UK Digital Identity: Executive Summary" },
  intro: {
    id: "pitch.government.summary.intro",
    defaultMessage:
      "A privacy-first national digital identity platform built on verifiable credentials, covering Right-to-Work, Right-to-Rent and DBS checks.",
  },
  benefits: { id: "pitch.government.summary.benefits", defaultMessage: "Benefits" },
  roadmap: { id: "pitch.government.summary.roadmap", defaultMessage: "Roadmap" },
  standards: { id: "pitch.government.summary.standards", defaultMessage: "Standards and compliance" },
  contact: { id: "pitch.government.summary.contact", defaultMessage: "Contact" },
});

const sc = defineMessages<{
  line: { phone: string };
  relations: { email: string };
  briefings: { email: string };
}>({
  line: { id: "pitch.government.summary.contact.line", defaultMessage: "Briefing line: {phone}" },
  relations: { id: "pitch.government.summary.contact.relations", defaultMessage: "Government relations: {email}" },
  briefings: { id: "pitch.government.summary.contact.briefings", defaultMessage: "Ministerial briefings: {email}" },
});

/** The downloadable executive summary: the page's own figures, as plain text in the page's language. */
export function executiveSummaryHref(intl: IntlShape): string {
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const value = (item: { value: string | Words }) =>
    typeof item.value === "string" ? item.value : say(intl, item.value);
  const summary = [
    t(s.title),
    t(CONFIDENTIAL.badge),
    "",
    t(s.intro),
    "",
    t(s.benefits),
    ...BENEFITS.map((benefit) => `- ${intl.formatMessage(benefit.summary, { value: benefit.value })}`),
    ...AT_A_GLANCE.map((item) => `- ${intl.formatMessage(item.summary, { value: value(item) })}`),
    "",
    t(s.roadmap),
    ...phases(intl).map((phase) => `- ${phase.summary}`),
    "",
    t(s.standards),
    ...compliance(intl).map((item) => `- ${t(item.title)}`),
    "",
    t(s.contact),
    `- ${intl.formatMessage(sc.line, { phone: MINISTERS.phone.display })}`,
    `- ${intl.formatMessage(sc.relations, { email: GOVERNMENT_RELATIONS_EMAIL })}`,
    `- ${intl.formatMessage(sc.briefings, { email: MINISTERS.email })}`,
    "",
  ].join("\n");
  return `data:text/plain;charset=utf-8,${encodeURIComponent(summary)}`;
}
export const EXECUTIVE_SUMMARY_FILENAME = "uk-digital-identity-executive-summary.txt";
