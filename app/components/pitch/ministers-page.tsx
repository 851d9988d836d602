import { useNavigate } from "@remix-run/react";
import { defineMessages, type MessageDescriptor, useIntl } from "react-intl";
import { useLocalePath } from "#app/components/i18n/language.tsx";
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
 * (not even as a query string if someone submits before the page has hydrated). The words are in
 * the catalogs (ids "pitch.ministers.*").
 */

const m = defineMessages({
  eyebrow: { id: "pitch.ministers.eyebrow", defaultMessage: "For ministers and senior policymakers" },
  title: { id: "pitch.ministers.title", defaultMessage: "Ministers' Access" },
  lead: {
    id: "pitch.ministers.lead",
    defaultMessage:
      "See the privacy-first digital identity MVP for Right-to-Work, Right-to-Rent and DBS checks, read the documentation, and request access to briefing materials.",
  },
  exploreTitle: { id: "pitch.ministers.explore.title", defaultMessage: "Explore the platform" },
  exploreLead: { id: "pitch.ministers.explore.lead", defaultMessage: "Try the working MVP, or read how it is built." },
  demoTitle: { id: "pitch.ministers.demo.title", defaultMessage: "MVP demonstration" },
  demoText: {
    id: "pitch.ministers.demo.text",
    defaultMessage:
      "Sign in with a demo account to see the citizen wallet, the verifier portal and assisted-digital support working end to end.",
  },
  demoButton: { id: "pitch.ministers.demo.button", defaultMessage: "Launch MVP Demo" },
  demoAlert: {
    id: "pitch.ministers.demo.alert",
    defaultMessage:
      "MVP demo: you will now go to the platform login. Choose a demo account to explore the citizen wallet, the verifier portal and assisted-digital support.",
    description: "A browser alert shown before the demo goes to the sign-in page.",
  },
  documentationTitle: { id: "pitch.ministers.documentation.title", defaultMessage: "Technical documentation" },
  documentationButton: { id: "pitch.ministers.documentation.button", defaultMessage: "View Documentation" },
  newTab: {
    id: "pitch.ministers.documentation.newTab",
    defaultMessage: "(opens in a new tab)",
    description: "Read by screen readers after the button's words.",
  },
  briefingTitle: { id: "pitch.ministers.briefing.title", defaultMessage: "Request briefing access" },
  briefingLead: {
    id: "pitch.ministers.briefing.lead",
    defaultMessage: "For officials in government departments. All fields are required.",
  },
});

const counted = defineMessages<{ documentationText: { months: number }; documentationAlert: { months: number } }>({
  documentationText: {
    id: "pitch.ministers.documentation.text",
    defaultMessage:
      "The {months}-month MVP, core components, standards alignment and technical architecture. Opens in a new tab.",
    description: "The MVP is delivered in {months} months.",
  },
  documentationAlert: {
    id: "pitch.ministers.documentation.alert",
    defaultMessage:
      "Opening the solution documentation in a new tab: the {months}-month MVP, core components and technical architecture.",
    description:
      "A browser alert shown before the solution page opens in a new tab. The MVP is delivered in {months} months.",
  },
});

const meta = defineMessages({
  title: { id: "pitch.ministers.meta.title", defaultMessage: "Ministers' Access" },
  description: {
    id: "pitch.ministers.meta.description",
    defaultMessage:
      "Briefing materials, MVP demonstration and platform access for ministers and senior policymakers considering the UK's privacy-first digital identity programme.",
  },
});

/** The page's title and description (the route's `meta` formats them in the page's language). */
export const MINISTERS_META = meta;

export function MinistersPage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const navigate = useNavigate();
  const inLanguage = useLocalePath();
  const months = MVP.deliveryMonths.value;

  const launchDemo = () => {
    window.alert(t(m.demoAlert));
    navigate(inLanguage("/login"));
  };
  const openDocumentation = () => {
    window.alert(intl.formatMessage(counted.documentationAlert, { months }));
    window.open(inLanguage("/solution"), "_blank", "noopener,noreferrer");
  };

  return (
    <>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={<p>{t(m.lead)}</p>} />

      <Section title={t(m.exploreTitle)} id="explore-the-platform" lead={t(m.exploreLead)}>
        <div className="grid gap-6 md:grid-cols-2">
          <ActionCard icon="wallet" title={t(m.demoTitle)} text={t(m.demoText)}>
            <Button data-testid="button-mvp-demo" onClick={launchDemo} className="px-5 py-2.5 text-lg">
              {t(m.demoButton)}
            </Button>
          </ActionCard>
          <ActionCard
            icon="file"
            title={t(m.documentationTitle)}
            text={intl.formatMessage(counted.documentationText, { months })}
          >
            <Button
              data-testid="button-view-documentation"
              variant="secondary"
              onClick={openDocumentation}
              className="px-5 py-2.5 text-lg"
            >
              {t(m.documentationButton)}
              <span className="sr-only">{t(m.newTab)}</span>
              <PitchIcon name="newTab" className="h-5 w-5" />
            </Button>
          </ActionCard>
        </div>
      </Section>

      <Section title={t(m.briefingTitle)} id="briefing-access" tone="shaded" lead={t(m.briefingLead)}>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <BriefingForm labelledBy="briefing-access" />
          <ContactTeam />
        </div>
      </Section>
    </>
  );
}
