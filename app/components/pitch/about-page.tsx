import { MVP, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section } from "./layout.tsx";
/** Spec 001 §2 "About": mission, vision, three core values, approach, button to /solution. Static copy. */

export function AboutPage() {
  return (
    <div>
      <PageHero
        eyebrow="About us"
        title="About UK Digital Identity"
        lead="We are building a digital identity that people own and control, so proving who you are is simple, safe and fair for everyone."
      />

      <Section title="Our Mission">
        <div className="max-w-3xl space-y-4 text-lg text-govuk-black dark:text-slate-200">
          <p>
            To give every person in the UK a secure, privacy-preserving way to prove their right to work, their right to
            rent and their suitability to work with children and vulnerable adults, without handing over more personal
            data than a check needs.
          </p>
          <p>
            Employers, landlords and schools get a fast, reliable answer they can trust; citizens keep control of their
            own credentials.
          </p>
        </div>
      </Section>

      <Section title="Our Vision" tone="shaded">
        <div className="max-w-3xl space-y-4 text-lg text-govuk-black dark:text-slate-200">
          <p>
            A UK where identity checks take minutes, not weeks; where credentials are portable between jobs, homes and
            services; and where no central system tracks where people use them.
          </p>
          <p>
            Digital identity should include everyone, including people without a smartphone, people who need support and
            people whose first language is not English.
          </p>
        </div>
      </Section>

      <Section title="Our Core Values" lead="Three values guide every design and delivery decision.">
        <CardGrid>
          <Card icon="shield" title="Privacy First" accent>
            <p>
              Selective disclosure means a verifier learns only what a check needs. There is no central tracking, and
              raw biometric and document data is deleted after {SERVICE.rawDataDeletionHours.display}.
            </p>
          </Card>
          <Card icon="users" title="Inclusive Design" accent>
            <p>
              Assisted-digital kiosks at councils and libraries, an offline QR mode, multilingual interfaces and WCAG
              2.2 AA accessibility, so no one is left behind.
            </p>
          </Card>
          <Card icon="file" title="Transparency" accent>
            <p>
              Open standards, published transparency reports and human review of any adverse AI decision, so citizens
              can see how the system works and challenge it.
            </p>
          </Card>
        </CardGrid>
      </Section>

      <Section title="Our Approach" tone="shaded">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="space-y-4 text-lg text-govuk-black dark:text-slate-200">
            <p>
              We start small and prove value early. A focused minimum viable product covers the three checks people meet
              most often, with visible pilots in {MVP.pilotsVisibleMonths.display} and a working MVP in{" "}
              {MVP.deliveryMonths.display}.
            </p>
            <p>
              We build with the people who will use it: citizens, employers, landlords, NHS trusts, housing
              associations, schools and councils.
            </p>
          </div>
          <div className="text-govuk-black dark:text-slate-200">
            <CheckList
              items={[
                "Open standards: W3C VC 2.0, SD-JWT and Ed25519",
                "Modular, vendor-neutral components",
                "Aligned with DIATF, GPG45/44 and UK GDPR",
                "User research from discovery onwards",
                "Human-in-the-loop oversight of AI",
              ]}
            />
          </div>
        </div>
        <div className="mt-10">
          <ActionLink to="/solution">Explore Our Solution</ActionLink>
        </div>
      </Section>
    </div>
  );
}
