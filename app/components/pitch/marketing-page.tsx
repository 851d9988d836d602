import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { AUDIENCES, BOILERPLATE, HEADLINE_FIGURES } from "#app/components/pitch/marketing/content.ts";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { linkClasses } from "#app/components/ui/text-link.tsx";
import { CONTACTS, mailto } from "#core/pitch/programme.ts";
import { ActionLink, CardGrid, PageHero, Section, Stat, slug } from "./layout.tsx";

/**
 * Spec 001 §2 lists /marketing but does not show its content: a press and partner kit that
 * repeats the site's own messages and the spec's figures (§1, §9), and adds none.
 */

const PRESS_OFFICE_EMAIL = CONTACTS.press.email;
const PARTNERSHIPS_EMAIL = CONTACTS.partnerships.email;

export function MarketingPage() {
  return (
    <>
      <PageHero
        eyebrow="Press and partners"
        title="Press and Partner Kit"
        lead={
          <p>
            Messages, figures and descriptions for journalists, partners and anyone writing about the programme.
            Everything here may be quoted.
          </p>
        }
      />

      <Section
        title="Key messages by audience"
        lead="One programme, with a clear message for each of the people it serves."
      >
        <CardGrid columns={4}>
          {AUDIENCES.map((item) => (
            <article
              key={item.audience}
              aria-labelledby={`audience-${slug(item.audience)}`}
              className="flex flex-col rounded-sm border border-t-4 border-govuk-border border-t-govuk-blue bg-white p-5 dark:border-slate-700 dark:border-t-govuk-blue-light dark:bg-slate-900"
            >
              <span className="inline-flex self-start rounded-sm bg-govuk-blue/10 p-2 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
                <Icon name={item.icon} className="h-6 w-6" />
              </span>
              <h3
                id={`audience-${slug(item.audience)}`}
                className="mt-3 text-xl font-bold text-govuk-black dark:text-slate-100"
              >
                {item.audience}
              </h3>
              <p className="mt-2 font-semibold text-govuk-black dark:text-slate-200">{item.message}</p>
              <ul className="mt-3 flex-1 list-disc space-y-1 ps-5 text-govuk-grey dark:text-slate-300">
                {item.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <p className="mt-4">
                <Link to={item.more.to} className={linkClasses}>
                  {item.more.label}
                  <span className="sr-only"> for {item.audience.toLowerCase()}</span>
                </Link>
              </p>
            </article>
          ))}
        </CardGrid>
      </Section>

      <Section
        title="Headline figures"
        tone="shaded"
        lead="The figures used across the site. Please quote them as they appear here."
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HEADLINE_FIGURES.map((figure) => (
            <Stat key={figure.value} value={figure.value} label={figure.label} />
          ))}
        </div>
        <p className="mt-6 max-w-3xl text-govuk-grey dark:text-slate-300">
          All figures are programme estimates and marketing projections, not measured results of a live service.
        </p>
      </Section>

      <Section
        title="About UK Digital Identity"
        lead="A boilerplate description for the end of articles and partner announcements."
      >
        <blockquote className="max-w-4xl border-s-4 border-govuk-border bg-govuk-grey-light p-6 text-lg text-govuk-black dark:border-slate-500 dark:bg-slate-900 dark:text-slate-200">
          <p>{BOILERPLATE}</p>
        </blockquote>
        <h3 className="mt-10 text-xl font-bold text-govuk-black dark:text-slate-100">Writing about us</h3>
        <ul className="mt-3 max-w-3xl list-disc space-y-2 ps-5 text-govuk-black dark:text-slate-200">
          <li>
            Write the name in full as <strong>UK Digital Identity</strong>.
          </li>
          <li>Write the checks as Right-to-Work, Right-to-Rent and DBS checks.</li>
          <li>Call the AI orchestration layer Gabriel, and note that a human reviews every adverse decision.</li>
          <li>Say that citizens never pay: organisations pay per verification.</li>
        </ul>
      </Section>

      <Section title="Contacts" tone="shaded">
        <CardGrid columns={3}>
          <Contact icon="inbox" title="Press office" text="For journalists: interviews, comment and briefings.">
            <a href={mailto(PRESS_OFFICE_EMAIL)} className={`${linkClasses} break-all font-bold`}>
              {PRESS_OFFICE_EMAIL}
            </a>
          </Contact>
          <Contact
            icon="share"
            title="Partnerships"
            text="For employers, landlords, NHS trusts, schools and councils who want to join a pilot."
          >
            <a href={mailto(PARTNERSHIPS_EMAIL)} className={`${linkClasses} break-all font-bold`}>
              {PARTNERSHIPS_EMAIL}
            </a>
          </Contact>
          <Contact icon="chart" title="Investors" text="For the funding round and the investment proposal.">
            <Link to="/investor-funding" className={`${linkClasses} font-bold`}>
              Investor funding
            </Link>
          </Contact>
        </CardGrid>
        <div className="mt-8 flex flex-wrap gap-4">
          <ActionLink to="/pilots">View Pilot Programme</ActionLink>
          <ActionLink to="/solution" variant="secondary">
            Explore the solution
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
