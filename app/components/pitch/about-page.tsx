import { defineMessages, type MessageTag, useIntl } from "react-intl";
import { DURATION } from "#core/pitch/durations.ts";
import { MVP, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section } from "./layout.tsx";

/** Spec 001 §2 "About": mission, vision, three core values, approach, button to /solution. Static copy. */

const m = defineMessages({
  eyebrow: { id: "pitch.about.eyebrow", defaultMessage: "About us" },
  title: { id: "pitch.about.title", defaultMessage: "About UK Digital Identity" },
  lead: {
    id: "pitch.about.lead",
    defaultMessage:
      "We are building a digital identity that people own and control, so proving who you are is simple, safe and fair for everyone.",
  },
  missionTitle: { id: "pitch.about.mission.title", defaultMessage: "Our Mission" },
  mission1: {
    id: "pitch.about.mission.purpose",
    defaultMessage:
      "To give every person in the UK a secure, privacy-preserving way to prove their right to work, their right to rent and their suitability to work with children and vulnerable adults, without handing over more personal data than a check needs.",
  },
  mission2: {
    id: "pitch.about.mission.answer",
    defaultMessage:
      "Employers, landlords and schools get a fast, reliable answer they can trust; citizens keep control of their own credentials.",
  },
  visionTitle: { id: "pitch.about.vision.title", defaultMessage: "Our Vision" },
  vision1: {
    id: "pitch.about.vision.minutes",
    defaultMessage:
      "A UK where identity checks take minutes, not weeks; where credentials are portable between jobs, homes and services; and where no central system tracks where people use them.",
  },
  vision2: {
    id: "pitch.about.vision.everyone",
    defaultMessage:
      "Digital identity should include everyone, including people without a smartphone, people who need support and people whose first language is not English.",
  },
  valuesTitle: { id: "pitch.about.values.title", defaultMessage: "Our Core Values" },
  valuesLead: {
    id: "pitch.about.values.lead",
    defaultMessage: "Three values guide every design and delivery decision.",
  },
  privacyTitle: { id: "pitch.about.values.privacy.title", defaultMessage: "Privacy First" },
  inclusiveTitle: { id: "pitch.about.values.inclusive.title", defaultMessage: "Inclusive Design" },
  inclusive: {
    id: "pitch.about.values.inclusive.text",
    defaultMessage:
      "Assisted-digital kiosks at councils and libraries, an offline QR mode, screens in Welsh and English (and the citizen's screens in the ten most spoken languages after English in England and Wales) and WCAG 2.2 AA accessibility, so no one is left behind.",
  },
  transparencyTitle: { id: "pitch.about.values.transparency.title", defaultMessage: "Transparency" },
  transparency: {
    id: "pitch.about.values.transparency.text",
    defaultMessage:
      "Open standards, published transparency reports and human review of any adverse AI decision, so citizens can see how the system works and challenge it.",
  },
  approachTitle: { id: "pitch.about.approach.title", defaultMessage: "Our Approach" },
  approach2: {
    id: "pitch.about.approach.people",
    defaultMessage:
      "We build with the people who will use it: citizens, employers, landlords, NHS trusts, housing associations, schools and councils.",
  },
  standards: { id: "pitch.about.approach.standards", defaultMessage: "Open standards: W3C VC 2.0, SD-JWT and Ed25519" },
  modular: { id: "pitch.about.approach.modular", defaultMessage: "Modular, vendor-neutral components" },
  aligned: { id: "pitch.about.approach.aligned", defaultMessage: "Aligned with DIATF, GPG45/44 and UK GDPR" },
  research: { id: "pitch.about.approach.research", defaultMessage: "User research from discovery onwards" },
  oversight: { id: "pitch.about.approach.oversight", defaultMessage: "Human-in-the-loop oversight of AI" },
  explore: { id: "pitch.about.approach.explore", defaultMessage: "Explore Our Solution" },
});

const counted = defineMessages<{
  privacy: { period: string };
  approach1: { pilots: string; mvp: string };
  metaTitle: NoValues;
  metaDescription: NoValues;
}>({
  metaTitle: { id: "pitch.about.meta.title", defaultMessage: "About Us" },
  privacy: {
    id: "pitch.about.values.privacy.text",
    defaultMessage:
      "Selective disclosure means a verifier learns only what a check needs. There is no central tracking, and raw biometric and document data is deleted after {period}.",
  },
  approach1: {
    id: "pitch.about.approach.start",
    defaultMessage:
      "We start small and prove value early. A focused minimum viable product covers the three checks people meet most often, with visible pilots in {pilots} and a working MVP in {mvp}.",
  },
  metaDescription: {
    id: "pitch.about.meta.description",
    defaultMessage:
      "Our mission, vision and values: a privacy-first, inclusive and transparent UK digital identity for Right-to-Work, Right-to-Rent and DBS checks.",
  },
});

type NoValues = Record<never, MessageTag>;

/** The page's title and description (the route's loader formats them in the page's language). */
export const ABOUT_META = { title: counted.metaTitle, description: counted.metaDescription };

export function AboutPage() {
  const intl = useIntl();
  const t = (message: (typeof m)[keyof typeof m]) => intl.formatMessage(message);
  const months = (count: number) => intl.formatMessage(DURATION.months, { count });
  return (
    <div>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={t(m.lead)} />

      <Section title={t(m.missionTitle)} id="our-mission">
        <div className="max-w-3xl space-y-4 text-lg text-govuk-black dark:text-slate-200">
          <p>{t(m.mission1)}</p>
          <p>{t(m.mission2)}</p>
        </div>
      </Section>

      <Section title={t(m.visionTitle)} id="our-vision" tone="shaded">
        <div className="max-w-3xl space-y-4 text-lg text-govuk-black dark:text-slate-200">
          <p>{t(m.vision1)}</p>
          <p>{t(m.vision2)}</p>
        </div>
      </Section>

      <Section title={t(m.valuesTitle)} id="our-core-values" lead={t(m.valuesLead)}>
        <CardGrid>
          <Card icon="shield" title={t(m.privacyTitle)} accent>
            <p>
              {intl.formatMessage(counted.privacy, {
                period: intl.formatMessage(DURATION.hours, { count: SERVICE.rawDataDeletionHours.value }),
              })}
            </p>
          </Card>
          <Card icon="users" title={t(m.inclusiveTitle)} accent>
            <p>{t(m.inclusive)}</p>
          </Card>
          <Card icon="file" title={t(m.transparencyTitle)} accent>
            <p>{t(m.transparency)}</p>
          </Card>
        </CardGrid>
      </Section>

      <Section title={t(m.approachTitle)} id="our-approach" tone="shaded">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="space-y-4 text-lg text-govuk-black dark:text-slate-200">
            <p>
              {intl.formatMessage(counted.approach1, {
                pilots: months(MVP.pilotsVisibleMonths.value),
                mvp: months(MVP.deliveryMonths.value),
              })}
            </p>
            <p>{t(m.approach2)}</p>
          </div>
          <div className="text-govuk-black dark:text-slate-200">
            <CheckList items={[t(m.standards), t(m.modular), t(m.aligned), t(m.research), t(m.oversight)]} />
          </div>
        </div>
        <div className="mt-10">
          <ActionLink to="/solution">{t(m.explore)}</ActionLink>
        </div>
      </Section>
    </div>
  );
}
