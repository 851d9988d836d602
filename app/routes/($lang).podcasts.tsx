import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { metaIntl } from "#app/components/i18n/language.tsx";
import { pageMeta } from "#app/components/meta.ts";
import { PODCAST_TRANSCRIPTS } from "#app/components/pitch/podcast-transcripts.server.ts";
import { PodcastsPage } from "#app/components/pitch/podcasts-page.tsx";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(metaIntl(matches), {
    title: "Podcasts",
    description:
      "Seven short episodes on the UK's privacy-first digital identity MVP: the problem, selective disclosure, assisted digital, Gabriel and human oversight, pilots, the business model and governance. With transcripts.",
  });

/**
 * The audio's base URL (spec 001 §2 "audio addresses configurable") is checked with the worker's
 * other bindings (app/worker/env.ts), as for the home page's preview.
 */
export function loader({ context }: LoaderFunctionArgs) {
  return json({ audioBaseUrl: context.env.PODCAST_AUDIO_BASE_URL ?? null, transcripts: PODCAST_TRANSCRIPTS });
}

export default function Podcasts() {
  const { audioBaseUrl, transcripts } = useLoaderData<typeof loader>();
  return <PodcastsPage audioBaseUrl={audioBaseUrl} transcripts={transcripts} />;
}
