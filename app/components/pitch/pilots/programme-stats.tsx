import { defineMessages, useIntl } from "react-intl";
import { Stat, StatGrid } from "#app/components/pitch/layout.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { PILOTS } from "#core/pitch/programme.ts";

const m = defineMessages({
  pilots: { id: "pitch.pilots.stats.pilots", defaultMessage: "Pilots" },
  savings: { id: "pitch.pilots.stats.savings", defaultMessage: "Annual savings" },
  participants: { id: "pitch.pilots.stats.participants", defaultMessage: "Participants" },
});

const counted = defineMessages<{ roi: { period: string } }>({
  roi: {
    id: "pitch.pilots.stats.roi",
    defaultMessage: "ROI in {period}",
    description: "Return on investment, measured over a period (e.g. 'twelve months').",
  },
});

/** Spec 001 §9 "Pilots": the programme's four headline figures, on /pilots and the home page's preview. */
export function PilotProgrammeStats() {
  const intl = useIntl();
  return (
    <StatGrid>
      <Stat value={PILOTS.count.display} label={intl.formatMessage(m.pilots)} />
      <Stat value={PILOTS.annualSavings.display} label={intl.formatMessage(m.savings)} />
      <Stat value={PILOTS.participants.display} label={intl.formatMessage(m.participants)} />
      <Stat
        value={PILOTS.roiPercent.display}
        label={intl.formatMessage(counted.roi, { period: intl.formatMessage(DURATION.months, { count: 12 }) })}
      />
    </StatGrid>
  );
}
