import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { defineMessages, type IntlShape, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { useLocalePath } from "#app/components/i18n/language.tsx";
import {
  AUDIENCES,
  BOILERPLATE,
  HEADLINE_FIGURES,
  type Period,
  type Worded,
} from "#app/components/pitch/marketing/content.ts";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { CONTACTS, mailto } from "#core/pitch/programme.ts";
import { ActionLink, CardGrid, PageHero, Section, Stat } from "./layout.tsx";

/**
 * Spec 001 §2 lists /marketing but does not show its content: a press and partner kit that
 * repeats the site's own messages and the spec's figures (§1, §9), and adds none.
 */

const PRESS_OFFICE_EMAIL = CONTACTS.press.email;
const PARTNERSHIPS_EMAIL = CONTACTS.partnerships.email;

const m = defineMessages({
  eyebrow: { id: "pitch.marketing.eyebrow", defaultMessage: "Press and partners" },
  title: { id: "pitch.marketing.title", defaultMessage: "Press and Partner Kit" },
  lead: {
    id: "pitch.marketing.lead",
    defaultMessage:
      "Messages, figures and descriptions for journalists, partners and anyone writing about the programme. Everything here may be quoted.",
  },
  audiencesTitle: { id: "pitch.marketing.audiences.title", defaultMessage: "Key messages by audience" },
  audiencesLead: {
    id: "pitch.marketing.audiences.lead",
    defaultMessage: "One programme, with a clear message for each of the people it serves.",
  },
  figuresTitle: { id: "pitch.marketing.figures.title", defaultMessage: "Headline figures" },
  figuresLead: {
    id: "pitch.marketing.figures.lead",
    defaultMessage: "The figures used across the site. Please quote them as they appear here.",
  },
  figuresNote: {
    id: "pitch.marketing.figures.note",
    defaultMessage:
      "All figures are programme estimates and marketing projections, not measured results of a live service.",
  },
  aboutTitle: { id: "pitch.marketing.about.title", defaultMessage: "About UK Digital Identity" },
  aboutLead: {
    id: "pitch.marketing.about.lead",
    defaultMessage: "A boilerplate description for the end of articles and partner announcements.",
  },
  writingTitle: { id: "pitch.marketing.writing.title", defaultMessage: "Writing about us" },
  writingChecks: {
    id: "pitch.marketing.writing.checks",
    defaultMessage: "Write the checks as Right-to-Work, Right-to-Rent and DBS checks.",
  },
  writingGabriel: {
    id: "pitch.marketing.writing.gabriel",
    defaultMessage: "Call the AI orchestration layer Gabriel, and note that a human reviews every adverse decision.",
  },
  writingPay: {
    id: "pitch.marketing.writing.pay",
    defaultMessage: "Say that citizens never pay: organisations pay per verification.",
  },
  contactsTitle: { id: "pitch.marketing.contacts.title", defaultMessage: "Contacts" },
  pressTitle: { id: "pitch.marketing.contacts.press.title", defaultMessage: "Press office" },
  press: {
    id: "pitch.marketing.contacts.press.text",
    defaultMessage: "For journalists: interviews, comment and briefings.",
  },
  partnershipsTitle: { id: "pitch.marketing.contacts.partnerships.title", defaultMessage: "Partnerships" },
  partnerships: {
    id: "pitch.marketing.contacts.partnerships.text",
    defaultMessage: "For employers, landlords, NHS trusts, schools and councils who want to join a pilot.",
  },
  investorsTitle: { id: "pitch.marketing.contacts.investors.title", defaultMessage: "Investors" },
  investors: {
    id: "pitch.marketing.contacts.investors.text",
    defaultMessage: "For the funding round and the investment proposal.",
  },
  investorsLink: { id: "pitch.marketing.contacts.investors.link", defaultMessage: "Investor funding" },
  pilots: { id: "pitch.marketing.actions.pilots", defaultMessage: "View Pilot Programme" },
  solution: { id: "pitch.marketing.actions.solution", defaultMessage: "Explore the solution" },
});

const rich = defineMessages<{
  writingName: { strong: MessageTag };
  more: { label: string; audience: string; hidden: MessageTag };
}>({
  writingName: {
    id: "pitch.marketing.writing.name",
    defaultMessage: "Write the name in full as <strong>UK Digital Identity</strong>.",
  },
  more: {
    id: "pitch.marketing.audience.moreLink",
    defaultMessage: "{label}<hidden> for {audience}</hidden>",
    description:
      "A link to a page about an audience's costs or briefing; the hidden part is read only by screen readers (audience is lower case).",
  },
});

const META = defineMessages({
  title: { id: "pitch.marketing.meta.title", defaultMessage: "Press and Partner Kit" },
  description: {
    id: "pitch.marketing.meta.description",
    defaultMessage:
      "Key messages by audience, headline figures, a boilerplate description and press contacts for the UK's privacy-first digital identity programme.",
  },
});

/** The page's title and description (the route's meta formats them in the page's language). */
export const MARKETING_META = META;

const isPeriod = (value: unknown): value is Period =>
  typeof value === "object" && value !== null && "unit" in value && "count" in value;

/** A message with its values: each period counted in the page's language. */
function worded(intl: IntlShape, { message, values }: Worded): string {
  const formatted = Object.fromEntries(
    Object.entries(values ?? {}).map(([name, value]) => [
      name,
      isPeriod(value) ? intl.formatMessage(DURATION[value.unit], { count: value.count }) : value,
    ]),
  );
  return intl.formatMessage(message as MessageDescriptor, formatted);
}

export function MarketingPage() {
  const intl = useIntl();
  const localePath = useLocalePath();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const figure = (value: string | Period | Worded) =>
    typeof value === "string"
      ? value
      : isPeriod(value)
        ? intl.formatMessage(DURATION[value.unit], { count: value.count })
        : worded(intl, value);
  return (
    <>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={<p>{t(m.lead)}</p>} />

      <Section title={t(m.audiencesTitle)} id="key-messages-by-audience" lead={t(m.audiencesLead)}>
        <CardGrid columns={4}>
          {AUDIENCES.map((item) => {
            const audience = t(item.audience);
            return (
              <article
                key={item.key}
                aria-labelledby={`audience-${item.key}`}
                className="flex flex-col rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-5 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
              >
                <span className="inline-flex self-start rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
                  <Icon name={item.icon} className="h-6 w-6" />
                </span>
                <h3 id={`audience-${item.key}`} className="mt-3 text-xl font-bold text-govuk-black dark:text-slate-100">
                  {audience}
                </h3>
                <p className="mt-2 font-semibold text-govuk-black dark:text-slate-200">{worded(intl, item.message)}</p>
                <ul className="mt-3 flex-1 list-disc space-y-1 ps-5 text-govuk-grey dark:text-slate-300">
                  {item.points.map((point) => (
                    <li key={point.message.id}>{worded(intl, point)}</li>
                  ))}
                </ul>
                <p className="mt-4">
                  <Link to={localePath(item.more.to)} className={linkClasses}>
                    {intl.formatMessage(rich.more, {
                      label: t(item.more.label),
                      audience: audience.toLocaleLowerCase(intl.locale),
                      hidden: screenReaderOnly,
                    })}
                  </Link>
                </p>
              </article>
            );
          })}
        </CardGrid>
      </Section>

      <Section title={t(m.figuresTitle)} id="headline-figures" tone="shaded" lead={t(m.figuresLead)}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HEADLINE_FIGURES.map((item) => (
            <Stat key={item.key} value={figure(item.value)} label={worded(intl, item.label)} />
          ))}
        </div>
        <p className="mt-6 max-w-3xl text-govuk-grey dark:text-slate-300">{t(m.figuresNote)}</p>
      </Section>

      <Section title={t(m.aboutTitle)} id="about-uk-digital-identity" lead={t(m.aboutLead)}>
        <blockquote className="max-w-4xl border-s-4 border-govuk-border bg-govuk-grey-light p-6 text-lg text-govuk-black dark:border-slate-500 dark:bg-slate-900 dark:text-slate-200">
          <p>{worded(intl, BOILERPLATE)}</p>
        </blockquote>
        <h3 className="mt-10 text-xl font-bold text-govuk-black dark:text-slate-100">{t(m.writingTitle)}</h3>
        <ul className="mt-3 max-w-3xl list-disc space-y-2 ps-5 text-govuk-black dark:text-slate-200">
          <li>{intl.formatMessage(rich.writingName, { strong: (chunks) => <strong>{chunks}</strong> })}</li>
          <li>{t(m.writingChecks)}</li>
          <li>{t(m.writingGabriel)}</li>
          <li>{t(m.writingPay)}</li>
        </ul>
      </Section>

      <Section title={t(m.contactsTitle)} id="contacts" tone="shaded">
        <CardGrid columns={3}>
          <Contact icon="inbox" title={t(m.pressTitle)} text={t(m.press)}>
            <a href={mailto(PRESS_OFFICE_EMAIL)} dir="ltr" className={`${linkClasses} break-all font-bold`}>
              {PRESS_OFFICE_EMAIL}
            </a>
          </Contact>
          <Contact icon="share" title={t(m.partnershipsTitle)} text={t(m.partnerships)}>
            <a href={mailto(PARTNERSHIPS_EMAIL)} dir="ltr" className={`${linkClasses} break-all font-bold`}>
              {PARTNERSHIPS_EMAIL}
            </a>
          </Contact>
          <Contact icon="chart" title={t(m.investorsTitle)} text={t(m.investors)}>
            <Link to={localePath("/investor-funding")} className={`${linkClasses} font-bold`}>
              {t(m.investorsLink)}
            </Link>
          </Contact>
        </CardGrid>
        <div className="mt-8 flex flex-wrap gap-4">
          <ActionLink to="/pilots">{t(m.pilots)}</ActionLink>
          <ActionLink to="/solution" variant="secondary">
            {t(m.solution)}
          </ActionLink>
        </div>
      </Section>
    </>
  );
}

function Contact({
  icon,
  title,
  text,
  children,
}: {
  icon: IconName;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-sm border border-govuk-border bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
      <h3 className="flex items-center gap-2 text-xl font-bold text-govuk-black dark:text-slate-100">
        <span className="text-govuk-blue dark:text-govuk-blue-light">
          <Icon name={icon} className="h-6 w-6" />
        </span>
        {title}
      </h3>
      <p className="mt-2 text-govuk-grey dark:text-slate-300">{text}</p>
      <p className="mt-3">{children}</p>
    </div>
  );
}
