import { useNavigate } from "@remix-run/react";
import { BriefingForm } from "#app/components/pitch/ministers/briefing-form.tsx";
import { ContactTeam } from "#app/components/pitch/ministers/contact-team.tsx";
import { ActionCard } from "#app/components/pitch/ministers/parts.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { MVP } from "#core/pitch/programme.ts";
import { PitchIcon } from "./icons.tsx";
import { PageHero, Section } from "./layout.tsx";

/**
 * Spec 001 §2 "Ministers' access", §3 "Ministers' form state", §4, §5: two cards (MVP demo,
 * documentation), a login-style form and the contact team's links. The form is a demonstration:
 * browser-native validation only, then an alert and /login, with no credential check. Its fields
 * have no `name`, and submission is always prevented, so the access code never leaves the page
 * (not even as a query string if someone submits before the page has hydrated).
 */

const DEMO_ALERT =
  "MVP demo: you will now go to the platform login. Choose a demo account to explore the citizen wallet, the verifier portal and assisted-digital support.";
const DOCUMENTATION_ALERT = `Opening the solution documentation in a new tab: the ${MVP.deliveryMonths.adjective} MVP, core components and technical architecture.`;

export function MinistersPage() {
  const navigate = useNavigate();

  const launchDemo = () => {
    window.alert(DEMO_ALERT);
    navigate("/login");
  };
  const openDocumentation = () => {
    window.alert(DOCUMENTATION_ALERT);
    window.open("/solution", "_blank", "noopener,noreferrer");
  };

  return (
    <>
      <PageHero
        eyebrow="For ministers and senior policymakers"
        title="Ministers' Access"
        lead={
          <p>
            See the privacy-first digital identity MVP for Right-to-Work, Right-to-Rent and DBS checks, read the
            documentation, and request access to briefing materials.
          </p>
        }
      />

      <Section title="Explore the platform" lead="Try the working MVP, or read how it is built.">
        <div className="grid gap-6 md:grid-cols-2">
          <ActionCard
            icon="wallet"
            title="MVP demonstration"
            text="Sign in with a demo account to see the citizen wallet, the verifier portal and assisted-digital support working end to end."
          >
            <Button data-testid="button-mvp-demo" onClick={launchDemo} className="px-5 py-2.5 text-lg">
              Launch MVP Demo
            </Button>
          </ActionCard>
          <ActionCard
            icon="file"
            title="Technical documentation"
            text={`The ${MVP.deliveryMonths.adjective} MVP, core components, standards alignment and technical architecture. Opens in a new tab.`}
          >
            <Button
              data-testid="button-view-documentation"
              variant="secondary"
              onClick={openDocumentation}
              className="px-5 py-2.5 text-lg"
            >
              View Documentation
              <span className="sr-only">(opens in a new tab)</span>
              <PitchIcon name="newTab" className="h-5 w-5" />
            </Button>
          </ActionCard>
        </div>
      </Section>

      <Section
        title="Request briefing access"
        id="briefing-access"
        tone="shaded"
        lead="For officials in government departments. All fields are required."
      >
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <BriefingForm labelledBy="briefing-access" />
          <ContactTeam />
        </div>
      </Section>
    </>
  );
}
