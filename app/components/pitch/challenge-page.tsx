import type { ReactNode } from "react";
import { defineMessages, type IntlShape, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { pageMeta } from "#app/components/meta.ts";
import { Icon } from "#app/components/ui/icons.tsx";
import { MARKET } from "#core/pitch/programme.ts";
import { ActionLink, PageHero, Section, Stat } from "./layout.tsx";

/**
 * Spec 001 §2 "Challenge": five problem sections and a button to /solution. Figures per spec 001
 * §9: this page reads the fine per illegal worker as 45,000 (the home page says 60,000; both stand).
 */

type NoValues = Record<never, MessageTag>;

const m = defineMessages({
  eyebrow: { id: "pitch.challenge.hero.eyebrow", defaultMessage: "The challenge" },
  title: { id: "pitch.challenge.hero.title", defaultMessage: "The Identity Verification Challenge" },
  lead: {
    id: "pitch.challenge.hero.lead",
    defaultMessage:
      "Right-to-work, right-to-rent and DBS checks still rely on paper documents, photocopies and manual judgement. The result is slow, costly and unfair for everyone involved.",
  },
  workTitle: { id: "pitch.challenge.work.title", defaultMessage: "The Right-to-Work Crisis" },
  workFine: { id: "pitch.challenge.work.fine", defaultMessage: "Fine per illegal worker" },
  workOriginals: {
    id: "pitch.challenge.work.originals",
    defaultMessage: "Employers must check original documents by hand for every new hire",
  },
  workForged: {
    id: "pitch.challenge.work.forged",
    defaultMessage: "Forged and borrowed documents are hard to spot without specialist training",
  },
  workWait: {
    id: "pitch.challenge.work.wait",
    defaultMessage: "Honest workers wait to start while checks are completed",
  },
  work: {
    id: "pitch.challenge.work.text",
    defaultMessage:
      "Every employer in the UK must confirm that new staff have the right to work. Getting it wrong carries a fine of £45,000 per illegal worker, so employers either spend heavily on checks or turn away people whose documents look unfamiliar.",
  },
  housingTitle: { id: "pitch.challenge.housing.title", defaultMessage: "Housing Verification Chaos" },
  housingErrors: { id: "pitch.challenge.housing.errors", defaultMessage: "Error rate in manual right-to-rent checks" },
  housingFine: {
    id: "pitch.challenge.housing.fine",
    defaultMessage: "Fine avoided with a correct right-to-rent check",
  },
  housingExperts: {
    id: "pitch.challenge.housing.experts",
    defaultMessage: "Landlords and letting agents are not document experts",
  },
  housingCopies: {
    id: "pitch.challenge.housing.copies",
    defaultMessage: "Tenants copy passports and visas to many agents while flat-hunting",
  },
  housingKept: {
    id: "pitch.challenge.housing.kept",
    defaultMessage: "Copies of sensitive documents are kept in email inboxes and filing cabinets",
  },
  housing: {
    id: "pitch.challenge.housing.text",
    defaultMessage:
      "Landlords must check that every tenant has the right to rent. Manual right-to-rent checks have a 30% error rate, and a correct check is what stands between a landlord and a £3,000 fine.",
  },
  safeguardingTitle: { id: "pitch.challenge.safeguarding.title", defaultMessage: "Safeguarding Delays" },
  safeguardingChecks: { id: "pitch.challenge.safeguarding.checks", defaultMessage: "DBS checks a year" },
  safeguardingAgain: {
    id: "pitch.challenge.safeguarding.again",
    defaultMessage: "The same person is checked again for each new role",
  },
  safeguardingWait: {
    id: "pitch.challenge.safeguarding.wait",
    defaultMessage: "Schools and care providers wait before new staff can start",
  },
  safeguardingPaper: {
    id: "pitch.challenge.safeguarding.paper",
    defaultMessage: "Paper certificates are easy to lose and hard to verify",
  },
  economicTitle: { id: "pitch.challenge.economic.title", defaultMessage: "Economic Impact" },
  economicStaff: {
    id: "pitch.challenge.economic.staff",
    defaultMessage: "Staff time spent copying, posting and chasing documents",
  },
  economicVacancies: {
    id: "pitch.challenge.economic.vacancies",
    defaultMessage: "Vacancies left unfilled while checks are completed",
  },
  economicFines: { id: "pitch.challenge.economic.fines", defaultMessage: "Fines and legal risk from honest mistakes" },
  economicFraud: {
    id: "pitch.challenge.economic.fraud",
    defaultMessage: "Fraud that slips through paper-based checks",
  },
  economic: {
    id: "pitch.challenge.economic.text",
    defaultMessage:
      "Slow, manual checks cost the economy twice: in the administrative effort of doing them, and in the productivity lost while people wait to start work or move home. Each organisation builds its own process, so the same effort is repeated across the country.",
  },
  exclusionTitle: { id: "pitch.challenge.exclusion.title", defaultMessage: "Digital Exclusion" },
  exclusionDevices: {
    id: "pitch.challenge.exclusion.devices",
    defaultMessage: "Not everyone has a smartphone or reliable internet access",
  },
  exclusionLanguage: {
    id: "pitch.challenge.exclusion.language",
    defaultMessage: "Some people need help in their own language",
  },
  exclusionDisabled: {
    id: "pitch.challenge.exclusion.disabled",
    defaultMessage: "Disabled people need services that meet WCAG 2.2 AA",
  },
  exclusionFaceToFace: {
    id: "pitch.challenge.exclusion.faceToFace",
    defaultMessage: "Some people need face-to-face support to get started",
  },
  exclusion: {
    id: "pitch.challenge.exclusion.text",
    defaultMessage:
      "A digital identity that only works for the digitally confident would leave out the people who most need help. Any solution must offer assisted-digital support, offline options and accessible interfaces in the languages people speak from day one.",
  },
  nextTitle: { id: "pitch.challenge.next.title", defaultMessage: "There Is a Better Way" },
  next: {
    id: "pitch.challenge.next.text",
    defaultMessage:
      "A privacy-first digital identity built on verifiable credentials solves these problems together, for citizens, employers, landlords and government.",
  },
  nextLink: { id: "pitch.challenge.next.link", defaultMessage: "See Our Solution" },
});

const v = defineMessages<{
  metaTitle: NoValues;
  metaDescription: NoValues;
  safeguarding: { checks: string };
}>({
  metaTitle: { id: "pitch.challenge.meta.title", defaultMessage: "The Challenge" },
  metaDescription: {
    id: "pitch.challenge.meta.description",
    defaultMessage:
      "Why UK identity checks are broken: the right-to-work crisis, housing verification chaos, safeguarding delays, economic impact and digital exclusion.",
  },
  safeguarding: {
    id: "pitch.challenge.safeguarding.text",
    defaultMessage:
      "There are {checks} DBS checks a year. Results are not reusable between employers, so teachers, carers and volunteers repeat the same checks, and vacancies stay open while children and vulnerable adults wait for support.",
  },
});

/** The page's title and description in the page's language (the route's meta). */
export function challengeMeta(intl: IntlShape) {
  return pageMeta(intl, { title: intl.formatMessage(v.metaTitle), description: intl.formatMessage(v.metaDescription) });
}

export function ChallengePage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  return (
    <div>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={t(m.lead)} />

      <Problem
        title={t(m.workTitle)}
        id="the-right-to-work-crisis"
        figure={<Stat value="£45,000" label={t(m.workFine)} />}
        points={[t(m.workOriginals), t(m.workForged), t(m.workWait)]}
      >
        <p>{t(m.work)}</p>
      </Problem>

      <Problem
        title={t(m.housingTitle)}
        id="housing-verification-chaos"
        tone="shaded"
        figure={
          <div className="grid gap-4">
            <Stat value="30%" label={t(m.housingErrors)} />
            <Stat value="£3,000" label={t(m.housingFine)} />
          </div>
        }
        points={[t(m.housingExperts), t(m.housingCopies), t(m.housingKept)]}
      >
        <p>{t(m.housing)}</p>
      </Problem>

      <Problem
        title={t(m.safeguardingTitle)}
        id="safeguarding-delays"
        figure={<Stat value={MARKET.dbsChecksPerYear.display} label={t(m.safeguardingChecks)} />}
        points={[t(m.safeguardingAgain), t(m.safeguardingWait), t(m.safeguardingPaper)]}
      >
        <p>{intl.formatMessage(v.safeguarding, { checks: MARKET.dbsChecksPerYear.display })}</p>
      </Problem>

      <Problem
        title={t(m.economicTitle)}
        id="economic-impact"
        tone="shaded"
        points={[t(m.economicStaff), t(m.economicVacancies), t(m.economicFines), t(m.economicFraud)]}
      >
        <p>{t(m.economic)}</p>
      </Problem>

      <Problem
        title={t(m.exclusionTitle)}
        id="digital-exclusion"
        points={[t(m.exclusionDevices), t(m.exclusionLanguage), t(m.exclusionDisabled), t(m.exclusionFaceToFace)]}
      >
        <p>{t(m.exclusion)}</p>
      </Problem>

      <section aria-labelledby="challenge-next" className="bg-govuk-blue-dark text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h2 id="challenge-next" className="text-3xl font-bold">
            {t(m.nextTitle)}
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-white/95">{t(m.next)}</p>
          <div className="mt-8">
            <ActionLink to="/solution">{t(m.nextLink)}</ActionLink>
          </div>
        </div>
      </section>
    </div>
  );
}

/** One problem: its story, what goes wrong, and the figure that measures it (when the spec gives one). */
function Problem({
  title,
  id,
  tone,
  figure,
  points,
  children,
}: {
  title: string;
  /** The section's anchor, the same in every language. */
  id: string;
  tone?: "plain" | "shaded";
  figure?: ReactNode;
  points: string[];
  children: ReactNode;
}) {
  return (
    <Section title={title} id={id} tone={tone}>
      <div className={`grid gap-8 ${figure ? "lg:grid-cols-3" : ""}`}>
        <div
          className={`space-y-6 text-lg text-govuk-black dark:text-slate-200 ${figure ? "lg:col-span-2" : "max-w-3xl"}`}
        >
          {children}
          <IssueList items={points} />
        </div>
        {figure ? <div>{figure}</div> : null}
      </div>
    </Section>
  );
}

/** What goes wrong today: a warning mark rather than the check mark the solution pages use. */
function IssueList({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <span className="mt-1 text-govuk-red dark:text-red-400">
            <Icon name="alert" className="h-5 w-5" />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
