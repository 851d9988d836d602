/**
 * The public home page for visitors who are not signed in (spec 001 §2 "Home"): hero, cost
 * comparison bars, six feature cards, podcast preview, pilot programme preview, executive summary
 * and a call to action to /login. Every figure is a spec 001 §1/§9 static marketing figure; where
 * the spec's figures disagree, the home page keeps its own readings (bars labelled 305m+, claims
 * text 400M+, fines of 60,000 per illegal worker).
 */
import type { ReactNode } from "react";
import { defineMessages, type IntlShape, type MessageTag, useIntl } from "react-intl";
import { pageMeta } from "#app/components/meta.ts";
import { FEATURES, PILOT_CARDS } from "#app/components/pitch/home/content.ts";
import { CostComparison } from "#app/components/pitch/home/cost-comparison.tsx";
import { OutlineLink, SummaryPoints } from "#app/components/pitch/home/parts.tsx";
import { PilotProgrammeStats } from "#app/components/pitch/pilots/programme-stats.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { MVP, NATIONAL_SSO, PODCASTS, SERVICE } from "#core/pitch/programme.ts";
import { PitchIcon } from "./icons.tsx";
import { ActionLink, Card, CardGrid, PageHero, Section, Stat } from "./layout.tsx";
import { PODCAST_EPISODES, podcastAudioSources } from "./podcast-episodes.ts";

type NoValues = Record<never, MessageTag>;
type Chunks = { strong: MessageTag };

const m = defineMessages({
  eyebrow: { id: "pitch.home.hero.eyebrow", defaultMessage: "UK National Digital Identity MVP" },
  title: { id: "pitch.home.hero.title", defaultMessage: "Privacy-First Digital Identity for the UK" },
  checks: { id: "pitch.home.hero.checks", defaultMessage: "Right-to-Work | Right-to-Rent | DBS Checks" },
  explore: { id: "pitch.home.hero.explore", defaultMessage: "Explore the Solution" },
  costTitle: { id: "pitch.home.costs.title", defaultMessage: "A Fraction of the Cost" },
  costLead: {
    id: "pitch.home.costs.lead",
    defaultMessage:
      "The same everyday checks, built as a modular verifiable-credential platform rather than a national single sign-on.",
  },
  whyTitle: { id: "pitch.home.features.title", defaultMessage: "Why This Approach Works" },
  podcastTitle: { id: "pitch.home.podcasts.title", defaultMessage: "Listen to the Podcast Series" },
  podcastLead: {
    id: "pitch.home.podcasts.lead",
    defaultMessage: "Short episodes on why a privacy-first digital identity matters and how it works.",
  },
  duration: {
    id: "pitch.home.podcasts.duration",
    defaultMessage: "Duration",
    description: "Read by screen readers before an episode's length.",
  },
  noAudio: { id: "pitch.home.podcasts.noAudio", defaultMessage: "Your browser does not support the audio element." },
  episodes: {
    id: "pitch.home.podcasts.episodes",
    defaultMessage: "Episodes",
    description: "Under the number of podcast episodes.",
  },
  minutes: {
    id: "pitch.home.podcasts.minutes",
    defaultMessage: "Minutes of content",
    description: "Under the total length of the podcasts, in minutes.",
  },
  investment: {
    id: "pitch.home.podcasts.investment",
    defaultMessage: "MVP investment",
    description: "Under the amount invested in the MVP, in pounds.",
  },
  allEpisodes: { id: "pitch.home.podcasts.all", defaultMessage: "Listen to All Episodes" },
  pilotsTitle: { id: "pitch.home.pilots.title", defaultMessage: "Pilot Programme" },
  pilotsLead: {
    id: "pitch.home.pilots.lead",
    defaultMessage: "Four pilots prove the platform with real organisations before national roll-out.",
  },
  viewPilots: { id: "pitch.home.pilots.view", defaultMessage: "View the Pilot Programme" },
  summaryTitle: { id: "pitch.home.summary.title", defaultMessage: "Executive Summary" },
  summary1: {
    id: "pitch.home.summary.problem",
    defaultMessage:
      "Employers, landlords and schools still check identity documents by hand. Mistakes are costly: employers face fines of £60,000 per illegal worker, while honest workers and tenants wait for paper documents to be copied, posted and checked.",
  },
  summary2: {
    id: "pitch.home.summary.proposal",
    defaultMessage:
      "We propose a privacy-first digital identity MVP built on verifiable credentials. Citizens hold their own credentials in a wallet and share only what a check needs. Employers pay per verification; workers, tenants, students and citizens never pay.",
  },
  pointPrivacy: {
    id: "pitch.home.summary.points.privacy",
    defaultMessage: "Selective disclosure and no central tracking",
  },
  pointInclusion: {
    id: "pitch.home.summary.points.inclusion",
    defaultMessage: "Assisted-digital kiosks and offline QR mode",
  },
  pointStandards: {
    id: "pitch.home.summary.points.standards",
    defaultMessage: "Aligned with DIATF, GPG45/44 and UK GDPR",
  },
  ctaTitle: { id: "pitch.home.cta.title", defaultMessage: "See the Platform in Action" },
  ctaText: {
    id: "pitch.home.cta.text",
    defaultMessage:
      "Sign in to try the citizen wallet, the verifier portal and assisted-digital support with demo accounts.",
  },
  ctaLink: { id: "pitch.home.cta.link", defaultMessage: "Access the Platform" },
});

const v = defineMessages<{
  metaTitle: NoValues;
  metaDescription: { cost: string; mvp: string; pilots: string };
  heroLead: { cost: string; mvp: string; claimed: string };
  savings: { savings: string } & Chunks;
  summary3: { cost: string; mvp: string; pilots: string; claimed: string };
  pointCost: { cost: string } & Chunks;
  pointDelivery: { mvp: string; pilots: string } & Chunks;
}>({
  metaTitle: {
    id: "pitch.home.meta.title",
    defaultMessage: "UK Digital Identity | Right-to-Work, Right-to-Rent and DBS Checks",
    description:
      "The home page's browser title. A title without the site's English name gets \" | UK Digital Identity\" added after it.",
  },
  metaDescription: {
    id: "pitch.home.meta.description",
    defaultMessage:
      "A privacy-first UK digital identity MVP for Right-to-Work, Right-to-Rent and DBS checks: {cost} in {mvp}, with visible pilots in {pilots}.",
  },
  heroLead: {
    id: "pitch.home.hero.lead",
    defaultMessage:
      "Secure, inclusive, citizen-held verifiable credentials, delivered for {cost} in {mvp} instead of {claimed} for a national single sign-on.",
  },
  savings: { id: "pitch.home.pilots.savings", defaultMessage: "<strong>{savings}</strong> annual savings" },
  summary3: {
    id: "pitch.home.summary.costs",
    defaultMessage:
      "The MVP costs {cost} and is delivered in {mvp}, with visible pilots in {pilots}, against {claimed} for a national single sign-on.",
  },
  pointCost: { id: "pitch.home.summary.points.cost", defaultMessage: "<strong>{cost}</strong> development cost" },
  pointDelivery: {
    id: "pitch.home.summary.points.delivery",
    defaultMessage: "<strong>{mvp}</strong> to MVP, pilots in {pilots}",
  },
});

const months = (intl: IntlShape, count: number) => intl.formatMessage(DURATION.months, { count });

/** For the integrator: `/` uses these as its meta for visitors (spec 001 §2: the home page has its own title and description), in the page's language. */
export function homeMeta(intl: IntlShape) {
  return pageMeta(intl, {
    title: intl.formatMessage(v.metaTitle),
    description: intl.formatMessage(v.metaDescription, {
      cost: MVP.cost.display,
      mvp: months(intl, MVP.deliveryMonths.value),
      pilots: months(intl, MVP.pilotsVisibleMonths.value),
    }),
  });
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

/** Spec 001 §2 Home: a preview of the first three episodes (about 5, 4 and 4 minutes). */
const PODCAST_PREVIEW = PODCAST_EPISODES.slice(0, 3);

export function HomePage({ audioBaseUrl }: { audioBaseUrl?: string | null }) {
  const intl = useIntl();
  const t = (message: (typeof m)[keyof typeof m]) => intl.formatMessage(message);
  const mvp = months(intl, MVP.deliveryMonths.value);
  const pilots = months(intl, MVP.pilotsVisibleMonths.value);
  return (
    <div>
      <PageHero
        eyebrow={t(m.eyebrow)}
        title={t(m.title)}
        lead={
          <>
            <p className="text-2xl font-bold text-white">{t(m.checks)}</p>
            <p className="mt-4">
              {intl.formatMessage(v.heroLead, {
                cost: MVP.cost.display,
                mvp,
                claimed: NATIONAL_SSO.claimedCost.inPounds,
              })}
            </p>
          </>
        }
      >
        <ActionLink to="/solution">
          {t(m.explore)} <PitchIcon name="arrow" className="h-5 w-5" />
        </ActionLink>
      </PageHero>

      <Section title={t(m.costTitle)} id="a-fraction-of-the-cost" lead={t(m.costLead)}>
        <CostComparison />
      </Section>

      <Section title={t(m.whyTitle)} id="why-this-approach-works" tone="shaded">
        <CardGrid>
          {FEATURES.map((feature) => (
            <Card key={feature.title.id} icon={feature.icon} title={intl.formatMessage(feature.title)} accent>
              <p>
                {intl.formatMessage(feature.text, {
                  period: intl.formatMessage(DURATION.hours, { count: SERVICE.rawDataDeletionHours.value }),
                  mvp,
                  pilots,
                })}
              </p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title={t(m.podcastTitle)} id="listen-to-the-podcast-series" lead={t(m.podcastLead)}>
        <div className="grid gap-6 lg:grid-cols-3">
          {PODCAST_PREVIEW.map((episode) => (
            <article
              key={episode.id}
              aria-labelledby={`${episode.id}-title`}
              className="flex flex-col rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="flex items-center gap-2 text-sm font-semibold text-govuk-grey dark:text-slate-300">
                <Icon name="support" className="h-5 w-5 text-govuk-blue dark:text-govuk-blue-light" />
                <span>
                  <span className="sr-only">{t(m.duration)} </span>
                  {episode.duration}
                </span>
              </div>
              <h3
                id={`${episode.id}-title`}
                lang="en"
                dir="ltr"
                className="mt-2 text-xl font-bold text-govuk-black dark:text-slate-100"
              >
                {episode.title}
              </h3>
              {/* The recordings and their titles are English; their descriptions are the page's words (podcast-episodes.ts). */}
              <p className="mt-2 flex-1 text-govuk-grey dark:text-slate-300">
                {intl.formatMessage(episode.description)}
              </p>
              {/* biome-ignore lint/a11y/useMediaCaption: each episode's full transcript is on /podcasts, linked below (WCAG 1.2.1) */}
              <audio controls preload="none" aria-labelledby={`${episode.id}-title`} className="mt-4 w-full">
                {podcastAudioSources(episode, audioBaseUrl).map((source) => (
                  <source key={source.src} src={source.src} type={source.type} />
                ))}
                {t(m.noAudio)}
              </audio>
            </article>
          ))}
        </div>
        {/* Three figures: the shared StatGrid is four columns wide on large screens. */}
        <div className="mt-8 grid gap-4 sm:grid-cols-3">
          <Stat value={PODCASTS.episodes.display} label={t(m.episodes)} />
          <Stat value={PODCASTS.totalMinutes.display} label={t(m.minutes)} />
          <Stat value={MVP.buildCost.stat} label={t(m.investment)} />
        </div>
        <div className="mt-8">
          <OutlineLink to="/podcasts">
            {t(m.allEpisodes)} <PitchIcon name="arrow" className="h-5 w-5" />
          </OutlineLink>
        </div>
      </Section>

      <Section title={t(m.pilotsTitle)} id="pilot-programme" tone="shaded" lead={t(m.pilotsLead)}>
        <CardGrid columns={4}>
          {PILOT_CARDS.map((pilot) => (
            <Card key={pilot.title.id} icon={pilot.icon} title={intl.formatMessage(pilot.title)}>
              <p>{intl.formatMessage(pilot.text, pilot.values)}</p>
              <p>
                {intl.formatMessage(v.savings, {
                  savings: pilot.savings,
                  strong: (chunks) => <span className="font-bold text-govuk-black dark:text-slate-100">{chunks}</span>,
                })}
              </p>
            </Card>
          ))}
        </CardGrid>
        <div className="mt-8">
          <PilotProgrammeStats />
        </div>
        <div className="mt-8">
          <OutlineLink to="/pilots">
            {t(m.viewPilots)} <PitchIcon name="arrow" className="h-5 w-5" />
          </OutlineLink>
        </div>
      </Section>

      <Section title={t(m.summaryTitle)} id="executive-summary">
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="space-y-4 text-lg text-govuk-black lg:col-span-2 dark:text-slate-200">
            <p>{t(m.summary1)}</p>
            <p>{t(m.summary2)}</p>
            <p>
              {intl.formatMessage(v.summary3, {
                cost: MVP.cost.display,
                mvp,
                pilots,
                claimed: NATIONAL_SSO.claimedCost.inPounds,
              })}
            </p>
          </div>
          <SummaryPoints
            items={[
              { id: "cost", content: intl.formatMessage(v.pointCost, { cost: MVP.cost.display, strong }) },
              {
                id: "delivery",
                content: intl.formatMessage(v.pointDelivery, {
                  mvp,
                  pilots,
                  strong,
                }),
              },
              { id: "privacy", content: t(m.pointPrivacy) },
              { id: "inclusion", content: t(m.pointInclusion) },
              { id: "standards", content: t(m.pointStandards) },
            ]}
          />
        </div>
      </Section>

      <section aria-labelledby="home-cta" className="bg-govuk-blue-dark text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:py-16">
          <h2 id="home-cta" className="text-3xl font-bold">
            {t(m.ctaTitle)}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/95">{t(m.ctaText)}</p>
          <div className="mt-8 flex justify-center">
            <ActionLink to="/login">
              {t(m.ctaLink)} <PitchIcon name="arrow" className="h-5 w-5" />
            </ActionLink>
          </div>
        </div>
      </section>
    </div>
  );
}
