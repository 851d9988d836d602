import type { MetaFunction } from "@remix-run/cloudflare";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { ChallengePage, challengeMeta } from "#app/components/pitch/challenge-page.tsx";

export const meta: MetaFunction = ({ matches }) => challengeMeta(metaIntl(matches));

export default function Challenge() {
  return <ChallengePage />;
}
