/**
 * What each phase of the funding round pays for (spec 001 §2 "Investor funding", §9 "Investor
 * funding" and "Claims and delivery"), beside its amount, months and buffer from core/pitch.
 * Its words are messages (issue 21): the page formats them with `PHASE_VALUES`' figures.
 */
import { defineMessages, type MessageDescriptor } from "react-intl";
import { INVESTMENT, INVESTMENT_PHASES } from "#core/pitch/investment.ts";
import { DELIVERY } from "#core/pitch/programme.ts";

const m = defineMessages({
  buildFocus: { id: "pitch.investorFunding.phase.build.focus", defaultMessage: "Build and first pilots" },
  discovery: {
    id: "pitch.investorFunding.phase.build.discovery",
    defaultMessage: "Discovery with employers, landlords and citizens",
  },
  wallet: {
    id: "pitch.investorFunding.phase.build.wallet",
    defaultMessage: "Citizen wallet (mobile and web) and verifier portal",
  },
  revocation: {
    id: "pitch.investorFunding.phase.build.revocation",
    defaultMessage: "Revocation system and security assurance",
  },
  scaleFocus: { id: "pitch.investorFunding.phase.scale.focus", defaultMessage: "Paid pilots and scale-up" },
  credentials: {
    id: "pitch.investorFunding.phase.scale.credentials",
    defaultMessage: "Right-to-rent and DBS credentials",
  },
  kiosks: {
    id: "pitch.investorFunding.phase.scale.kiosks",
    defaultMessage: "Assisted-digital kiosks and the Gabriel AI orchestration layer",
  },
  certification: {
    id: "pitch.investorFunding.phase.scale.certification",
    defaultMessage: "CE+ certification and transparency report v1",
  },
});

const v = defineMessages<{
  alpha: { partners: string };
  verifications: { price: string };
}>({
  alpha: {
    id: "pitch.investorFunding.phase.build.alpha",
    defaultMessage: "Alpha with {partners} employer partners and NHS pilot set-up",
  },
  verifications: {
    id: "pitch.investorFunding.phase.scale.verifications",
    defaultMessage: "NHS pilot verifications at {price} each",
  },
});

/** The figures the phases' words take. */
export const PHASE_VALUES = {
  partners: DELIVERY.employerPartners.display,
  price: INVESTMENT.nhsPilotPrice.display,
};

const [phase1, phase2] = INVESTMENT_PHASES;

export const PHASES: readonly {
  /** "Phase 1", as core/pitch names it: the heading's id; the page says "Phase {number}" in its language. */
  name: string;
  number: number;
  amount: string;
  months: { first: number; last: number };
  buffer: string;
  focus: MessageDescriptor;
  uses: readonly MessageDescriptor[];
}[] = [
  {
    name: phase1.name,
    number: 1,
    amount: phase1.amount.display,
    months: phase1.months,
    buffer: phase1.buffer.display,
    focus: m.buildFocus,
    uses: [m.discovery, m.wallet, m.revocation, v.alpha],
  },
  {
    name: phase2.name,
    number: 2,
    amount: phase2.amount.display,
    months: phase2.months,
    buffer: phase2.buffer.display,
    focus: m.scaleFocus,
    uses: [v.verifications, m.credentials, m.kiosks, m.certification],
  },
];

/** The id of a phase's heading ("Phase 1" → "phase-1-title"). */
export const phaseTitleId = (name: string) => `${name.replace(" ", "-").toLowerCase()}-title`;
