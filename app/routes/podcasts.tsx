import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { pageMeta } from "#app/components/meta.ts";
import { PODCAST_TRANSCRIPTS } from "#app/components/pitch/podcast-transcripts.server.ts";
import { PodcastsPage } from "#app/components/pitch/podcasts-page.tsx";

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Podcasts",
    description:
      "Seven short episodes on the UK's privacy-first digital identity MVP: the problem, selective disclosure, assisted digital, Gabriel and human oversight, pilots, the business model and governance. With transcripts.",
  });

/**
 * "Audio addresses configurable" (spec 001 §2): PODCAST_AUDIO_BASE_URL, when the deployment sets
 * it, is an absolute http(s) URL or a site path; anything else falls back to /podcasts/.
 */
const AudioBaseUrl = z.union([z.url().regex(/^https?:\/\//), z.string().regex(/^\/[^/]/)]);

export function loader({ context }: LoaderFunctionArgs) {
  const configured = (context.env as unknown as { PODCAST_AUDIO_BASE_URL?: unknown }).PODCAST_AUDIO_BASE_URL;
  const parsed = AudioBaseUrl.safeParse(configured);
  return json({ audioBaseUrl: parsed.success ? parsed.data : null, transcripts: PODCAST_TRANSCRIPTS });
}

export default function Podcasts() {
  const { audioBaseUrl, transcripts } = useLoaderData<typeof loader>();
  return <PodcastsPage audioBaseUrl={audioBaseUrl} transcripts={transcripts} />;
}
