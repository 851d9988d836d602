/** The home page's feature and pilot cards (spec 001 §2 "Home"); figures from core/pitch. */
import { defineMessages, type MessageDescriptor } from "react-intl";
import type { IconName } from "#app/components/ui/icons.tsx";
import { PILOTS } from "#core/pitch/programme.ts";

/** A card's words: its title, and its text (whose figures the page passes as values). */
type CardWords = { icon: IconName; title: MessageDescriptor; text: MessageDescriptor };

const features = defineMessages({
  privacyTitle: { id: "pitch.home.features.privacy.title", defaultMessage: "Privacy First" },
  privacy: {
    id: "pitch.home.features.privacy.text",
    defaultMessage:
      "Selective disclosure shares only what a check needs, with no central tracking. Raw biometric and document data is deleted after {period}.",
  },
  inclusiveTitle: { id: "pitch.home.features.inclusive.title", defaultMessage: "Inclusive by Design" },
  inclusive: {
    id: "pitch.home.features.inclusive.text",
    defaultMessage:
      "Assisted-digital kiosks at councils and libraries, an offline QR mode, WCAG 2.2 AA accessibility, and screens in Welsh and English everywhere and on the citizen's screens in the ten most spoken languages after English in England and Wales.",
  },
  standardsTitle: { id: "pitch.home.features.standards.title", defaultMessage: "Standards-Based" },
  standards: {
    id: "pitch.home.features.standards.text",
    defaultMessage:
      "Aligned with DIATF, GPG45/44 and UK GDPR; W3C VC 2.0 credentials with SD-JWT, Ed25519 signatures and StatusList2021 revocation.",
  },
  modularTitle: { id: "pitch.home.features.modular.title", defaultMessage: "Modular and Vendor-Neutral" },
  modular: {
    id: "pitch.home.features.modular.text",
    defaultMessage:
      "Citizen wallet, verifier portal, kiosks, AI layer and revocation system are separate components, so no single supplier locks the service in.",
  },
  gabrielTitle: { id: "pitch.home.features.gabriel.title", defaultMessage: "AI-Assisted with Gabriel" },
  gabriel: {
    id: "pitch.home.features.gabriel.text",
    defaultMessage:
      "Gabriel, our AI orchestration layer, handles routine requests and document checks, with human-in-the-loop oversight for every adverse decision.",
  },
  quickTitle: { id: "pitch.home.features.quick.title", defaultMessage: "Quick Delivery" },
  quick: {
    id: "pitch.home.features.quick.text",
    defaultMessage:
      "A working MVP in {mvp}, with visible pilots in {pilots}, instead of a multi-year national programme.",
  },
});

export const FEATURES: CardWords[] = [
  { icon: "shield", title: features.privacyTitle, text: features.privacy },
  { icon: "users", title: features.inclusiveTitle, text: features.inclusive },
  { icon: "badge", title: features.standardsTitle, text: features.standards },
  { icon: "workflow", title: features.modularTitle, text: features.modular },
  { icon: "bot", title: features.gabrielTitle, text: features.gabriel },
  { icon: "clock", title: features.quickTitle, text: features.quick },
];

const pilots = defineMessages({
  nhsTitle: { id: "pitch.home.pilots.nhs.title", defaultMessage: "NHS Right-to-Work" },
  nhs: {
    id: "pitch.home.pilots.nhs.text",
    defaultMessage:
      "NHS trusts verify new starters' right to work from a wallet credential, cutting onboarding from {before, plural, one {# day} other {# days}} to {after, plural, one {# day} other {# days}}.",
  },
  housingTitle: { id: "pitch.home.pilots.housing.title", defaultMessage: "Housing Right-to-Rent" },
  housing: {
    id: "pitch.home.pilots.housing.text",
    defaultMessage:
      "Housing associations check tenants' right to rent digitally, replacing error-prone manual document checks.",
  },
  educationTitle: { id: "pitch.home.pilots.education.title", defaultMessage: "Education DBS" },
  education: {
    id: "pitch.home.pilots.education.text",
    defaultMessage:
      "An education authority's schools receive DBS results as reusable credentials, from {before, plural, one {# week} other {# weeks}} to instant.",
  },
  councilTitle: { id: "pitch.home.pilots.council.title", defaultMessage: "Local Authority Multi-Service" },
  council: {
    id: "pitch.home.pilots.council.text",
    defaultMessage:
      "A council uses one verification platform across its services, with a {efficiency} efficiency gain.",
  },
});

/** Spec 001 §9 "Pilots": the four pilots and each one's savings (together the £1.4M+). */
export const PILOT_CARDS: (CardWords & { values: Record<string, string | number>; savings: string })[] = [
  {
    icon: "user",
    title: pilots.nhsTitle,
    text: pilots.nhs,
    values: { before: PILOTS.nhsClearanceDays.before.value, after: PILOTS.nhsClearanceDays.after.value },
    savings: PILOTS.nhsSavings.display,
  },
  {
    icon: "wallet",
    title: pilots.housingTitle,
    text: pilots.housing,
    values: {},
    savings: PILOTS.housingSavings.display,
  },
  {
    icon: "badge",
    title: pilots.educationTitle,
    text: pilots.education,
    values: { before: PILOTS.dbsConfirmationWeeks.before.value },
    savings: PILOTS.educationSavings.display,
  },
  {
    icon: "users",
    title: pilots.councilTitle,
    text: pilots.council,
    values: { efficiency: PILOTS.councilEfficiencyPercent.display },
    savings: PILOTS.councilSavings.display,
  },
];
