import type { ReactNode } from "react";
import { Icon } from "#app/components/ui/icons.tsx";
import { MARKET } from "#core/pitch/programme.ts";
import { ActionLink, PageHero, Section, Stat } from "./layout.tsx";
/**
 * Spec 001 §2 "Challenge": five problem sections and a button to /solution. Figures per spec 001
 * §9: this page reads the fine per illegal worker as 45,000 (the home page says 60,000; both stand).
 */

export function ChallengePage() {
  return (
    <div>
      <PageHero
        eyebrow="The challenge"
        title="The Identity Verification Challenge"
        lead="Right-to-work, right-to-rent and DBS checks still rely on paper documents, photocopies and manual judgement. The result is slow, costly and unfair for everyone involved."
      />

      <Problem
        title="The Right-to-Work Crisis"
        figure={<Stat value="£45,000" label="Fine per illegal worker" />}
        points={[
          "Employers must check original documents by hand for every new hire",
          "Forged and borrowed documents are hard to spot without specialist training",
          "Honest workers wait to start while checks are completed",
        ]}
      >
        <p>
          Every employer in the UK must confirm that new staff have the right to work. Getting it wrong carries a fine
          of £45,000 per illegal worker, so employers either spend heavily on checks or turn away people whose documents
          look unfamiliar.
        </p>
      </Problem>

      <Problem
        title="Housing Verification Chaos"
        tone="shaded"
        figure={
          <div className="grid gap-4">
            <Stat value="30%" label="Error rate in manual right-to-rent checks" />
            <Stat value="£3,000" label="Fine avoided with a correct right-to-rent check" />
          </div>
        }
        points={[
          "Landlords and letting agents are not document experts",
          "Tenants copy passports and visas to many agents while flat-hunting",
          "Copies of sensitive documents are kept in email inboxes and filing cabinets",
        ]}
      >
        <p>
          Landlords must check that every tenant has the right to rent. Manual right-to-rent checks have a 30% error
          rate, and a correct check is what stands between a landlord and a £3,000 fine.
        </p>
      </Problem>

      <Problem
        title="Safeguarding Delays"
        figure={<Stat value={MARKET.dbsChecksPerYear.display} label="DBS checks a year" />}
        points={[
          "The same person is checked again for each new role",
          "Schools and care providers wait before new staff can start",
          "Paper certificates are easy to lose and hard to verify",
        ]}
      >
        <p>
          {`There are ${MARKET.dbsChecksPerYear.display} DBS checks a year. Results are not reusable between employers, so teachers, carers and volunteers repeat the same checks, and vacancies stay open while children and vulnerable adults wait for support.`}
        </p>
      </Problem>

      <Problem
        title="Economic Impact"
        tone="shaded"
        points={[
          "Staff time spent copying, posting and chasing documents",
          "Vacancies left unfilled while checks are completed",
          "Fines and legal risk from honest mistakes",
          "Fraud that slips through paper-based checks",
        ]}
      >
        <p>
          Slow, manual checks cost the economy twice: in the administrative effort of doing them, and in the
          productivity lost while people wait to start work or move home. Each organisation builds its own process, so
          the same effort is repeated across the country.
        </p>
      </Problem>

      <Problem
        title="Digital Exclusion"
        points={[
          "Not everyone has a smartphone or reliable internet access",
          "Some people need help in their own language",
          "Disabled people need services that meet WCAG 2.2 AA",
          "Some people need face-to-face support to get started",
        ]}
      >
        <p>
          A digital identity that only works for the digitally confident would leave out the people who most need help.
          Any solution must offer assisted-digital support, offline options and accessible interfaces in the languages
          people speak from day one.
        </p>
      </Problem>

      <section aria-labelledby="challenge-next" className="bg-govuk-blue-dark text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h2 id="challenge-next" className="text-3xl font-bold">
            There Is a Better Way
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-white/95">
            A privacy-first digital identity built on verifiable credentials solves these problems together, for
            citizens, employers, landlords and government.
          </p>
          <div className="mt-8">
            <ActionLink to="/solution">See Our Solution</ActionLink>
          </div>
        </div>
      </section>
    </div>
  );
}

/** One problem: its story, what goes wrong, and the figure that measures it (when the spec gives one). */
function Problem({
  title,
  tone,
  figure,
  points,
  children,
}: {
  title: string;
  tone?: "plain" | "shaded";
  figure?: ReactNode;
  points: string[];
  children: ReactNode;
}) {
  return (
    <Section title={title} tone={tone}>
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
