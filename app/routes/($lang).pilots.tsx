import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { PILOTS_META, PilotsPage } from "#app/components/pitch/pilots-page.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { PILOTS } from "#core/pitch/programme.ts";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(PILOTS_META.title),
    description: intl.formatMessage(PILOTS_META.description, {
      participants: PILOTS.participants.display,
      savings: PILOTS.annualSavings.display,
      roi: PILOTS.roiPercent.display,
      period: intl.formatMessage(DURATION.months, { count: 12 }),
    }),
  });
};

export default function Pilots() {
  return <PilotsPage />;
}
