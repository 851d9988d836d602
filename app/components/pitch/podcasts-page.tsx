import { defineMessages, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { Icon } from "#app/components/ui/icons.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { MVP, PILOTS, PODCASTS, VERIFICATION_TIME } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, PageHero, Section, Stat } from "./layout.tsx";
import { PODCAST_EPISODES, type PodcastEpisode, podcastAudioSources } from "./podcast-episodes.ts";

/**
 * Spec 001 §2 "Podcasts": seven episodes, each with an audio player, duration, topics and
 * description; stats; key insights; links to /solution and /costs-benefits. Each episode also has
 * its full transcript (WCAG 1.2.1: a text alternative for prerecorded audio).
 *
 * Languages (issue 21): the page is offered in English and Welsh. The recordings are English, and
 * so are their titles and transcripts: on a Welsh page each is marked `lang="en"` (WCAG 3.1.2),
 * and everything around them is in the page's language.
 */

const m = defineMessages({
  eyebrow: { id: "pitch.podcasts.eyebrow", defaultMessage: "Podcasts" },
  title: { id: "pitch.podcasts.title", defaultMessage: "UK Digital Identity Podcast" },
  lead: {
    id: "pitch.podcasts.lead",
    defaultMessage:
      "Seven short episodes on how a privacy-first digital identity could work for the UK: from the problem it solves to how it is paid for and held to account. Every episode has a full transcript.",
  },
  glanceTitle: { id: "pitch.podcasts.glance.title", defaultMessage: "Series at a glance" },
  episodes: {
    id: "pitch.podcasts.glance.episodes",
    defaultMessage: "Episodes",
    description: "Under the number of podcast episodes.",
  },
  minutes: {
    id: "pitch.podcasts.glance.minutes",
    defaultMessage: "Minutes total",
    description: "Under the total length of the podcast series, in minutes.",
  },
  investment: {
    id: "pitch.podcasts.glance.investment",
    defaultMessage: "MVP investment",
    description: "Under the amount invested in the MVP, in pounds.",
  },
  episodesTitle: { id: "pitch.podcasts.episodes.title", defaultMessage: "Episodes" },
  episodesLead: {
    id: "pitch.podcasts.episodes.lead",
    defaultMessage: "Listen in your browser, or read the transcript.",
  },
  insightsTitle: { id: "pitch.podcasts.insights.title", defaultMessage: "Key insights" },
  insightsLead: { id: "pitch.podcasts.insights.lead", defaultMessage: "What the series argues, in six points." },
  disclosureTitle: { id: "pitch.podcasts.insights.disclosure.title", defaultMessage: "Prove only what matters" },
  disclosureText: {
    id: "pitch.podcasts.insights.disclosure.text",
    defaultMessage: "Selective disclosure shares a yes or no, not a whole passport, with no central tracking.",
  },
  minutesTitle: { id: "pitch.podcasts.insights.minutes.title", defaultMessage: "Minutes, not hours" },
  inclusionTitle: { id: "pitch.podcasts.insights.inclusion.title", defaultMessage: "Nobody left behind" },
  inclusionText: {
    id: "pitch.podcasts.insights.inclusion.text",
    defaultMessage:
      "Assisted-digital kiosks at councils and libraries, an offline QR mode and WCAG 2.2 AA accessibility.",
  },
  humansTitle: { id: "pitch.podcasts.insights.humans.title", defaultMessage: "Humans decide" },
  humansText: {
    id: "pitch.podcasts.insights.humans.text",
    defaultMessage: "Gabriel handles routine work; every adverse decision is made by a human reviewer.",
  },
  payTitle: { id: "pitch.podcasts.insights.pay.title", defaultMessage: "Citizens never pay" },
  payText: {
    id: "pitch.podcasts.insights.pay.text",
    defaultMessage: "Employers and landlords pay per verification. Workers, tenants, students and citizens never pay.",
  },
  pilotsTitle: { id: "pitch.podcasts.insights.pilots.title", defaultMessage: "Proof through pilots" },
  moreTitle: { id: "pitch.podcasts.more.title", defaultMessage: "Find out more" },
  moreLead: {
    id: "pitch.podcasts.more.lead",
    defaultMessage: "The technical detail and the full numbers behind the series.",
  },
  solution: { id: "pitch.podcasts.more.solution", defaultMessage: "Explore the Solution" },
  costs: { id: "pitch.podcasts.more.costs", defaultMessage: "See Costs and Benefits" },
  duration: {
    id: "pitch.podcasts.episode.duration",
    defaultMessage: "Duration:",
    description: "Read by screen readers before an episode's length (m:ss).",
  },
  topics: {
    id: "pitch.podcasts.episode.topics",
    defaultMessage: "Topics",
    description: "The name of an episode's list of topics, read by screen readers.",
  },
  noAudio: { id: "pitch.podcasts.episode.noAudio", defaultMessage: "Your browser does not support the audio element." },
  transcript: {
    id: "pitch.podcasts.episode.transcript",
    defaultMessage: "Transcript",
    description: "Opens the full text of what is said in an episode (in English).",
  },
});

const v = defineMessages<{
  minutesText: { withCredential: string; today: string };
  pilotsText: { count: number; participants: string; savings: string };
  episode: { number: number };
  metaTitle: Record<never, MessageTag>;
  metaDescription: Record<never, MessageTag>;
}>({
  minutesText: {
    id: "pitch.podcasts.insights.minutes.text",
    defaultMessage: "Verification in about {withCredential} instead of about {today}, with an automatic audit trail.",
  },
  pilotsText: {
    id: "pitch.podcasts.insights.pilots.text",
    defaultMessage:
      "{count, plural, one {# pilot} other {# pilots}} with {participants} participants and {savings} projected annual savings.",
  },
  episode: {
    id: "pitch.podcasts.episode.number",
    defaultMessage: "Episode {number}",
    description: "Above an episode's title, e.g. 'Episode 2'.",
  },
  metaTitle: { id: "pitch.podcasts.meta.title", defaultMessage: "Podcasts" },
  metaDescription: {
    id: "pitch.podcasts.meta.description",
    defaultMessage:
      "Seven short episodes on the UK's privacy-first digital identity MVP: the problem, selective disclosure, assisted digital, Gabriel and human oversight, pilots, the business model and governance. With transcripts.",
  },
});

/** The page's title and description (the route's meta formats them in the page's language). */
export const PODCASTS_META = { title: v.metaTitle, description: v.metaDescription };

const INSIGHTS: { icon: Parameters<typeof Icon>[0]["name"]; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { icon: "shield", title: m.disclosureTitle, text: m.disclosureText },
  { icon: "clock", title: m.minutesTitle, text: v.minutesText },
  { icon: "users", title: m.inclusionTitle, text: m.inclusionText },
  { icon: "bot", title: m.humansTitle, text: m.humansText },
  { icon: "wallet", title: m.payTitle, text: m.payText },
  { icon: "chart", title: m.pilotsTitle, text: v.pilotsText },
];

/** The episodes' audio is served from `audioBaseUrl` (null: /podcasts/); each has its transcript. */
export function PodcastsPage({
  audioBaseUrl,
  transcripts,
}: {
  audioBaseUrl: string | null;
  transcripts: Readonly<Record<string, string>>;
}) {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const insightValues = {
    withCredential: intl.formatMessage(DURATION.minutes, { count: VERIFICATION_TIME.withCredential.value }),
    today: intl.formatMessage(DURATION.hours, { count: VERIFICATION_TIME.today.value }),
    count: PILOTS.count.value,
    participants: PILOTS.participants.display,
    savings: PILOTS.annualSavings.display,
  };
  return (
    <>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={<p>{t(m.lead)}</p>} />

      <Section title={t(m.glanceTitle)} tone="shaded">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Stat value={PODCASTS.episodes.display} label={t(m.episodes)} />
          <Stat value={PODCASTS.totalMinutes.display} label={t(m.minutes)} />
          <Stat value={MVP.buildCost.stat} label={t(m.investment)} />
        </div>
      </Section>

      <Section title={t(m.episodesTitle)} lead={t(m.episodesLead)}>
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

      <Section title={t(m.insightsTitle)} tone="shaded" lead={t(m.insightsLead)}>
        <CardGrid columns={3}>
          {INSIGHTS.map((insight) => (
            <Card key={insight.title.id} icon={insight.icon} title={t(insight.title)}>
              <p>{intl.formatMessage(insight.text, insightValues)}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title={t(m.moreTitle)} lead={t(m.moreLead)}>
        <div className="flex flex-wrap gap-4">
          <ActionLink to="/solution">{t(m.solution)}</ActionLink>
          <ActionLink to="/costs-benefits" variant="secondary">
            {t(m.costs)}
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
  const intl = useIntl();
  const numberId = `episode-${episode.number}-number`;
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
          <p id={numberId} className="text-sm font-bold uppercase tracking-wider text-govuk-grey dark:text-slate-300">
            {intl.formatMessage(v.episode, { number: episode.number })}
          </p>
          {/* The recording's own title: English, like the recording (WCAG 3.1.2 on a Welsh page). */}
          <h3
            id={headingId}
            lang="en"
            dir="ltr"
            className="mt-1 text-2xl font-bold text-govuk-black dark:text-slate-100"
          >
            {episode.title}
          </h3>
          <p className="mt-2 flex items-center gap-2 text-govuk-grey dark:text-slate-300">
            <Icon name="clock" className="h-5 w-5" />
            <span>
              <span className="sr-only">{intl.formatMessage(m.duration)} </span>
              <time dateTime={`PT${Number(minutes)}M${Number(seconds)}S`}>{episode.duration}</time>
            </span>
          </p>
          <p className="mt-3 text-lg text-govuk-black dark:text-slate-200">{intl.formatMessage(episode.description)}</p>
          <ul aria-label={intl.formatMessage(m.topics)} className="mt-3 flex flex-wrap gap-2">
            {episode.topics.map((topic) => (
              <li
                key={topic.id}
                className="rounded-sm bg-govuk-grey-light px-2 py-1 text-sm font-semibold text-govuk-black dark:bg-slate-800 dark:text-slate-100"
              >
                {intl.formatMessage(topic)}
              </li>
            ))}
          </ul>
          {/* biome-ignore lint/a11y/useMediaCaption: a full transcript of the episode is on the page, below the player (WCAG 1.2.1) */}
          <audio controls preload="none" className="mt-5 w-full" aria-labelledby={`${numberId} ${headingId}`}>
            {sources.map((source) => (
              <source key={source.src} src={source.src} type={source.type} />
            ))}
            {intl.formatMessage(m.noAudio)}
          </audio>
          <details className="group mt-4 rounded-sm border border-govuk-border dark:border-slate-700">
            <summary className={`cursor-pointer px-4 py-3 font-semibold ${linkClasses}`}>
              {intl.formatMessage(m.transcript)}
            </summary>
            {/* What the recording says, word for word: English on every page (WCAG 3.1.2). */}
            <div
              lang="en"
              dir="ltr"
              className="space-y-4 border-t border-govuk-border px-4 py-4 text-govuk-black dark:border-slate-700 dark:text-slate-200"
            >
              {transcript.split("\n\n").map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </details>
        </div>
      </div>
    </article>
  );
}
