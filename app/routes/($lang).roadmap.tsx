import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { ROADMAP_META, RoadmapPage } from "#app/components/pitch/roadmap-page.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { DELIVERY, MVP } from "#core/pitch/programme.ts";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(ROADMAP_META.title),
    description: intl.formatMessage(ROADMAP_META.description, {
      mvp: intl.formatMessage(DURATION.months, { count: MVP.deliveryMonths.value }),
      employers: DELIVERY.employerPartners.display,
      users: DELIVERY.mvpUsers.display,
    }),
  });
};

export default function Roadmap() {
  return <RoadmapPage />;
}
