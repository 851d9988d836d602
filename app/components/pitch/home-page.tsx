/**
 * The public home page for visitors who are not signed in (spec 001 §2 "Home"): hero, cost
 * comparison bars, six feature cards, podcast preview, pilot programme preview, executive summary
 * and a call to action to /login. Every figure is a spec 001 §1/§9 static marketing figure; where
 * the spec's figures disagree, the home page keeps its own readings (bars labelled 305m+, claims
 * text 400M+, fines of 60,000 per illegal worker).
 */
import { pageMeta } from "#app/components/meta.ts";
import { FEATURES, PILOT_CARDS } from "#app/components/pitch/home/content.ts";
import { CostComparison } from "#app/components/pitch/home/cost-comparison.tsx";
import { OutlineLink, SummaryPoints } from "#app/components/pitch/home/parts.tsx";
import { PilotProgrammeStats } from "#app/components/pitch/pilots/programme-stats.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { MVP, NATIONAL_SSO, PODCASTS } from "#core/pitch/programme.ts";
import { PitchIcon } from "./icons.tsx";
import { ActionLink, Card, CardGrid, PageHero, Section, Stat } from "./layout.tsx";
import { PODCAST_EPISODES, podcastAudioSources } from "./podcast-episodes.ts";

/** For the integrator: `/` uses these as its meta for visitors (spec 001 §2: the home page has its own title and description). */
export const HOME_META = pageMeta({
  title: "UK Digital Identity | Right-to-Work, Right-to-Rent and DBS Checks",
  description: `A privacy-first UK digital identity MVP for Right-to-Work, Right-to-Rent and DBS checks: ${MVP.cost.display} in ${MVP.deliveryMonths.display}, with visible pilots in ${MVP.pilotsVisibleMonths.display}.`,
});

/** Spec 001 §2 Home: a preview of the first three episodes (about 5, 4 and 4 minutes). */
const PODCAST_PREVIEW = PODCAST_EPISODES.slice(0, 3);

export function HomePage({ audioBaseUrl }: { audioBaseUrl?: string | null }) {
  return (
    <div>
      <PageHero
        eyebrow="UK National Digital Identity MVP"
        title="Privacy-First Digital Identity for the UK"
        lead={
          <>
            <p className="text-2xl font-bold text-white">Right-to-Work | Right-to-Rent | DBS Checks</p>
            <p className="mt-4">
              {`Secure, inclusive, citizen-held verifiable credentials, delivered for ${MVP.cost.display} in ${MVP.deliveryMonths.display} instead of ${NATIONAL_SSO.claimedCost.inPounds} for a national single sign-on.`}
            </p>
          </>
        }
      >
        <ActionLink to="/solution">
          Explore the Solution <PitchIcon name="arrow" className="h-5 w-5" />
        </ActionLink>
      </PageHero>

      <Section
        title="A Fraction of the Cost"
        lead="The same everyday checks, built as a modular verifiable-credential platform rather than a national single sign-on."
      >
        <CostComparison />
      </Section>

      <Section title="Why This Approach Works" tone="shaded">
        <CardGrid>
          {FEATURES.map((feature) => (
            <Card key={feature.title} icon={feature.icon} title={feature.title} accent>
              <p>{feature.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section
        title="Listen to the Podcast Series"
        lead="Short episodes on why a privacy-first digital identity matters and how it works."
      >
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
                  <span className="sr-only">Duration </span>
                  {episode.duration}
                </span>
              </div>
              <h3 id={`${episode.id}-title`} className="mt-2 text-xl font-bold text-govuk-black dark:text-slate-100">
                {episode.title}
              </h3>
              <p className="mt-2 flex-1 text-govuk-grey dark:text-slate-300">{episode.description}</p>
              {/* biome-ignore lint/a11y/useMediaCaption: each episode's full transcript is on /podcasts, linked below (WCAG 1.2.1) */}
              <audio controls preload="none" aria-labelledby={`${episode.id}-title`} className="mt-4 w-full">
                {podcastAudioSources(episode, audioBaseUrl).map((source) => (
                  <source key={source.src} src={source.src} type={source.type} />
                ))}
                Your browser does not support the audio element.
              </audio>
            </article>
          ))}
        </div>
        {/* Three figures: the shared StatGrid is four columns wide on large screens. */}
        <div className="mt-8 grid gap-4 sm:grid-cols-3">
          <Stat value={PODCASTS.episodes.display} label="Episodes" />
          <Stat value={PODCASTS.totalMinutes.display} label="Minutes of content" />
          <Stat value={MVP.buildCost.stat} label="MVP investment" />
        </div>
        <div className="mt-8">
          <OutlineLink to="/podcasts">
            Listen to All Episodes <PitchIcon name="arrow" className="h-5 w-5" />
          </OutlineLink>
        </div>
      </Section>

      <Section
        title="Pilot Programme"
        tone="shaded"
        lead="Four pilots prove the platform with real organisations before national roll-out."
      >
        <CardGrid columns={4}>
          {PILOT_CARDS.map((pilot) => (
            <Card key={pilot.title} icon={pilot.icon} title={pilot.title}>
              <p>{pilot.text}</p>
              <p>
                <span className="font-bold text-govuk-black dark:text-slate-100">{pilot.savings}</span> annual savings
              </p>
            </Card>
          ))}
        </CardGrid>
        <div className="mt-8">
          <PilotProgrammeStats />
        </div>
        <div className="mt-8">
          <OutlineLink to="/pilots">
            View the Pilot Programme <PitchIcon name="arrow" className="h-5 w-5" />
          </OutlineLink>
        </div>
      </Section>

      <Section title="Executive Summary">
        <div className="grid gap-8 lg:grid-cols-3">
          <div className="space-y-4 text-lg text-govuk-black lg:col-span-2 dark:text-slate-200">
            <p>
              Employers, landlords and schools still check identity documents by hand. Mistakes are costly: employers
              face fines of £60,000 per illegal worker, while honest workers and tenants wait for paper documents to be
              copied, posted and checked.
            </p>
            <p>
              We propose a privacy-first digital identity MVP built on verifiable credentials. Citizens hold their own
              credentials in a wallet and share only what a check needs. Employers pay per verification; workers,
              tenants, students and citizens never pay.
            </p>
            <p>
              {`The MVP costs ${MVP.cost.display} and is delivered in ${MVP.deliveryMonths.display}, with visible pilots in ${MVP.pilotsVisibleMonths.display}, against ${NATIONAL_SSO.claimedCost.inPounds} for a national single sign-on.`}
            </p>
          </div>
          <SummaryPoints
            items={[
              {
                id: "cost",
                content: (
                  <>
                    <strong>{MVP.cost.display}</strong> development cost
                  </>
                ),
              },
              {
                id: "delivery",
                content: (
                  <>
                    <strong>{MVP.deliveryMonths.display}</strong> to MVP, pilots in {MVP.pilotsVisibleMonths.display}
                  </>
                ),
              },
              { id: "privacy", content: <>Selective disclosure and no central tracking</> },
              { id: "inclusion", content: <>Assisted-digital kiosks and offline QR mode</> },
              { id: "standards", content: <>Aligned with DIATF, GPG45/44 and UK GDPR</> },
            ]}
          />
        </div>
      </Section>

      <section aria-labelledby="home-cta" className="bg-govuk-blue-dark text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:py-16">
          <h2 id="home-cta" className="text-3xl font-bold">
            See the Platform in Action
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/95">
            Sign in to try the citizen wallet, the verifier portal and assisted-digital support with demo accounts.
          </p>
          <div className="mt-8 flex justify-center">
            <ActionLink to="/login">
              Access the Platform <PitchIcon name="arrow" className="h-5 w-5" />
            </ActionLink>
          </div>
        </div>
      </section>
    </div>
  );
}
