import { Stat, StatGrid } from "#app/components/pitch/layout.tsx";
import { PILOTS } from "#core/pitch/programme.ts";

/** Spec 001 §9 "Pilots": the programme's four headline figures, on /pilots and the home page's preview. */
export function PilotProgrammeStats() {
  return (
    <StatGrid>
      <Stat value={PILOTS.count.display} label="Pilots" />
      <Stat value={PILOTS.annualSavings.display} label="Annual savings" />
      <Stat value={PILOTS.participants.display} label="Participants" />
      <Stat value={PILOTS.roiPercent.display} label="ROI in 12 months" />
    </StatGrid>
  );
}
