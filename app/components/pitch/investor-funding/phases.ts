/**
 * What each phase of the funding round pays for (spec 001 §2 "Investor funding", §9 "Investor
 * funding" and "Claims and delivery"), beside its amount, months and buffer from core/pitch.
 */
import { INVESTMENT, INVESTMENT_PHASES } from "#core/pitch/investment.ts";
import { DELIVERY } from "#core/pitch/programme.ts";

const [phase1, phase2] = INVESTMENT_PHASES;

export const PHASES = [
  {
    name: phase1.name,
    amount: phase1.amount.display,
    months: phase1.months.display,
    buffer: phase1.buffer.display,
    focus: "Build and first pilots",
    uses: [
      "Discovery with employers, landlords and citizens",
      "Citizen wallet (mobile and web) and verifier portal",
      "Revocation system and security assurance",
      `Alpha with ${DELIVERY.employerPartners.display} employer partners and NHS pilot set-up`,
    ],
  },
  {
    name: phase2.name,
    amount: phase2.amount.display,
    months: phase2.months.display,
    buffer: phase2.buffer.display,
    focus: "Paid pilots and scale-up",
    uses: [
      `NHS pilot verifications at ${INVESTMENT.nhsPilotPrice.display} each`,
      "Right-to-rent and DBS credentials",
      "Assisted-digital kiosks and the Gabriel AI orchestration layer",
      "CE+ certification and transparency report v1",
    ],
  },
] as const;

/** The id of a phase's heading ("Phase 1" → "phase-1-title"). */
export const phaseTitleId = (name: string) => `${name.replace(" ", "-").toLowerCase()}-title`;
