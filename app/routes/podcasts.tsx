import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { pageMeta } from "#app/components/meta.ts";
import { ActionLink, Card, CardGrid, PageHero, Section, Stat } from "#app/components/pitch/layout.tsx";
import { PODCAST_EPISODES, type PodcastEpisode, podcastAudioSources } from "#app/components/pitch/podcast-episodes.ts";
import { PODCAST_TRANSCRIPTS } from "#app/components/pitch/podcast-transcripts.server.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";

/**
 * Spec 001 §2 "Podcasts": seven episodes, each with an audio player, duration, topics and
 * description; stats; key insights; links to /solution and /costs-benefits. Each episode also has
 * its full transcript (WCAG 1.2.1: a text alternative for prerecorded audio).
 */
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

const INSIGHTS: { icon: Parameters<typeof Icon>[0]["name"]; title: string; text: string }[] = [
  {
    icon: "shield",
    title: "Prove only what matters",
    text: "Selective disclosure shares a yes or no, not a whole passport, with no central tracking.",
  },
  {
    icon: "clock",
    title: "Minutes, not hours",
    text: "Verification in about 5 minutes instead of about 3 hours, with an automatic audit trail.",
  },
  {
    icon: "users",
    title: "Nobody left behind",
    text: "Assisted-digital kiosks at councils and libraries, an offline QR mode and WCAG 2.2 AA accessibility.",
  },
  {
    icon: "bot",
    title: "Humans decide",
    text: "Gabriel handles routine work; every adverse decision is made by a human reviewer.",
  },
  {
    icon: "wallet",
    title: "Citizens never pay",
    text: "Employers and landlords pay per verification. Workers, tenants, students and citizens never pay.",
  },
  {
    icon: "chart",
    title: "Proof through pilots",
    text: "4 pilots with 5,000+ participants and £1.4M+ projected annual savings.",
  },
];

export default function Podcasts() {
  const { audioBaseUrl, transcripts } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Podcasts"
        title="UK Digital Identity Podcast"
        lead={
          <p>
            Seven short episodes on how a privacy-first digital identity could work for the UK: from the problem it
            solves to how it is paid for and held to account. Every episode has a full transcript.
          </p>
        }
      />

      <Section title="Series at a glance" tone="shaded">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Stat value="7" label="Episodes" />
          <Stat value="30+" label="Minutes total" />
          <Stat value="£200K" label="MVP investment" />
        </div>
      </Section>

      <Section title="Episodes" lead="Listen in your browser, or read the transcript.">
        <ol className="space-y-8">
          {PODCAST_EPISODES.map((episode) => (
            <li key={episode.id}>
              <EpisodeEntry
                episode={episode}
                transcript={transcripts[episode.id] ?? ""}
                sources={podcastAudioSources(episode, audioBaseUrl)}
              />
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Key insights" tone="shaded" lead="What the series argues, in six points.">
        <CardGrid columns={3}>
          {INSIGHTS.map((insight) => (
            <Card key={insight.title} icon={insight.icon} title={insight.title}>
              <p>{insight.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title="Find out more" lead="The technical detail and the full numbers behind the series.">
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/solution">Explore the Solution</ActionLink>
          <ActionLink to="/costs-benefits" variant="secondary">
            See Costs and Benefits
          </ActionLink>
        </div>
      </Section>
    </>
  );
}

function EpisodeEntry({
  episode,
  transcript,
  sources,
}: {
  episode: PodcastEpisode;
  transcript: string;
  sources: { src: string; type: string }[];
}) {
  const headingId = `episode-${episode.number}-title`;
  const [minutes, seconds] = episode.duration.split(":");
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-sm border border-govuk-border bg-white p-5 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="inline-flex self-start rounded-sm bg-govuk-blue/10 p-3 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
          <Icon name={episode.icon} className="h-8 w-8" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-bold uppercase tracking-wider text-govuk-grey dark:text-slate-300">
            Episode {episode.number}
          </p>
          <h3 id={headingId} className="mt-1 text-2xl font-bold text-govuk-black dark:text-slate-100">
            {episode.title}
          </h3>
          <p className="mt-2 flex items-center gap-2 text-govuk-grey dark:text-slate-300">
            <Icon name="clock" className="h-5 w-5" />
            <span>
              <span className="sr-only">Duration: </span>
              <time dateTime={`PT${Number(minutes)}M${Number(seconds)}S`}>{episode.duration}</time>
            </span>
          </p>
          <p className="mt-3 text-lg text-govuk-black dark:text-slate-200">{episode.description}</p>
          <ul aria-label="Topics" className="mt-3 flex flex-wrap gap-2">
            {episode.topics.map((topic) => (
              <li
                key={topic}
                className="rounded-sm bg-govuk-grey-light px-2 py-1 text-sm font-semibold text-govuk-black dark:bg-slate-800 dark:text-slate-100"
              >
                {topic}
              </li>
            ))}
          </ul>
          <audio
            controls
            preload="none"
            className="mt-5 w-full"
            aria-label={`Episode ${episode.number}: ${episode.title}`}
          >
            {sources.map((source) => (
              <source key={source.src} src={source.src} type={source.type} />
            ))}
            Your browser does not support the audio element.
          </audio>
          <details className="group mt-4 rounded-sm border border-govuk-border dark:border-slate-700">
            <summary className={`cursor-pointer px-4 py-3 font-semibold ${linkClasses}`}>Transcript</summary>
            <div className="space-y-4 border-t border-govuk-border px-4 py-4 text-govuk-black dark:border-slate-700 dark:text-slate-200">
              {transcript.split("\n\n").map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </details>
        </div>
      </div>
    </article>
  );
}
