/** The home page's feature and pilot cards (spec 001 §2 "Home"); figures from core/pitch. */
import type { IconName } from "#app/components/ui/icons.tsx";
import { MVP, PILOTS, SERVICE } from "#core/pitch/programme.ts";

export const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "shield",
    title: "Privacy First",
    text: `Selective disclosure shares only what a check needs, with no central tracking. Raw biometric and document data is deleted after ${SERVICE.rawDataDeletionHours.display}.`,
  },
  {
    icon: "users",
    title: "Inclusive by Design",
    text: "Assisted-digital kiosks at councils and libraries, an offline QR mode, WCAG 2.2 AA accessibility, and screens in Welsh and English everywhere and on the citizen's screens in the ten most spoken languages after English in England and Wales.",
  },
  {
    icon: "badge",
    title: "Standards-Based",
    text: "Aligned with DIATF, GPG45/44 and UK GDPR; W3C VC 2.0 credentials with SD-JWT, Ed25519 signatures and StatusList2021 revocation.",
  },
  {
    icon: "workflow",
    title: "Modular and Vendor-Neutral",
    text: "Citizen wallet, verifier portal, kiosks, AI layer and revocation system are separate components, so no single supplier locks the service in.",
  },
  {
    icon: "bot",
    title: "AI-Assisted with Gabriel",
    text: "Gabriel, our AI orchestration layer, handles routine requests and document checks, with human-in-the-loop oversight for every adverse decision.",
  },
  {
    icon: "clock",
    title: "Quick Delivery",
    text: `A working MVP in ${MVP.deliveryMonths.display}, with visible pilots in ${MVP.pilotsVisibleMonths.display}, instead of a multi-year national programme.`,
  },
];

/** Spec 001 §9 "Pilots": the four pilots and each one's savings (together the £1.4M+). */
export const PILOT_CARDS: { icon: IconName; title: string; text: string; savings: string }[] = [
  {
    icon: "user",
    title: "NHS Right-to-Work",
    text: `NHS trusts verify new starters' right to work from a wallet credential, cutting onboarding from ${PILOTS.nhsClearanceDays.before.display} to ${PILOTS.nhsClearanceDays.after.display}.`,
    savings: PILOTS.nhsSavings.display,
  },
  {
    icon: "wallet",
    title: "Housing Right-to-Rent",
    text: "Housing associations check tenants' right to rent digitally, replacing error-prone manual document checks.",
    savings: PILOTS.housingSavings.display,
  },
  {
    icon: "badge",
    title: "Education DBS",
    text: `An education authority's schools receive DBS results as reusable credentials, from ${PILOTS.dbsConfirmationWeeks.before.display} to ${PILOTS.dbsConfirmationWeeks.after.display}.`,
    savings: PILOTS.educationSavings.display,
  },
  {
    icon: "users",
    title: "Local Authority Multi-Service",
    text: `A council uses one verification platform across its services, with a ${PILOTS.councilEfficiencyPercent.display} efficiency gain.`,
    savings: PILOTS.councilSavings.display,
  },
];
