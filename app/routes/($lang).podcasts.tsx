import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { PODCAST_TRANSCRIPTS } from "#app/components/pitch/podcast-transcripts.server.ts";
import { PODCASTS_META, PodcastsPage } from "#app/components/pitch/podcasts-page.tsx";

export const meta: MetaFunction = ({ matches }) => {
  const intl = metaIntl(matches);
  return pageMeta(intl, {
    title: intl.formatMessage(PODCASTS_META.title),
    description: intl.formatMessage(PODCASTS_META.description),
  });
};

/**
 * The audio's base URL (spec 001 §2 "audio addresses configurable") is checked with the worker's
 * other bindings (app/worker/env.ts), as for the home page's preview. The transcripts are English
 * on every page, as the recordings are (issue 21).
 */
export function loader({ context }: LoaderFunctionArgs) {
  return json({ audioBaseUrl: context.env.PODCAST_AUDIO_BASE_URL ?? null, transcripts: PODCAST_TRANSCRIPTS });
}

export default function Podcasts() {
  const { audioBaseUrl, transcripts } = useLoaderData<typeof loader>();
  return <PodcastsPage audioBaseUrl={audioBaseUrl} transcripts={transcripts} />;
}
