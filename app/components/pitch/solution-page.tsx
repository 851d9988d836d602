import type { IconName } from "#app/components/ui/icons.tsx";
import { MVP, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat } from "./layout.tsx";

/**
 * Spec 001 §2 "Solution": hero, 12-month MVP overview, core components, four feature groups with
 * the spec 001 §1 claims, technical architecture cards, link to /roadmap. Static copy.
 */

const COMPONENTS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "wallet",
    title: "Citizen Wallet (Mobile and Web)",
    text: "Citizens hold their own verifiable credentials on their phone or in a browser and choose exactly what to share.",
  },
  {
    icon: "scan",
    title: "Verifier Portal",
    text: "Employers, landlords and schools request and verify credentials, with an automatic audit trail of every check.",
  },
  {
    icon: "support",
    title: "Assisted Digital Kiosks",
    text: "Kiosks at councils and libraries, with trained staff, for people who cannot or prefer not to go online alone.",
  },
  {
    icon: "bot",
    title: "AI Orchestration Layer",
    text: "Gabriel routes routine requests and assists with document checks, with human-in-the-loop oversight.",
  },
  {
    icon: "alert",
    title: "Revocation System",
    text: "StatusList2021 status lists let verifiers see at once when a credential has been revoked, without revealing who is being checked.",
  },
];

const FEATURE_GROUPS: { icon: IconName; title: string; items: string[] }[] = [
  {
    icon: "shield",
    title: "Privacy",
    items: [
      "Selective disclosure: share only what a check needs",
      "No central tracking of where credentials are used",
      `Raw biometric and document data deleted after ${SERVICE.rawDataDeletionHours.display}`,
      "UK data residency",
    ],
  },
  {
    icon: "users",
    title: "Inclusion",
    items: [
      "Assisted digital kiosks at councils and libraries",
      `Offline QR mode, with QR codes valid for ${SERVICE.offlineQrValidityMinutes.display}`,
      "In Welsh and English everywhere, and on the citizen's screens in the 10 most spoken UK languages after English (England and Wales, Census 2021)",
      "WCAG 2.2 AA accessibility",
    ],
  },
  {
    icon: "badge",
    title: "Standards",
    items: [
      "DIATF (UK digital identity and attributes trust framework)",
      "GPG45/44 identity and authentication guidance",
      "UK GDPR",
      "W3C VC 2.0 with SD-JWT selective disclosure",
      "Ed25519 signatures and StatusList2021 revocation",
      "CE+ (Cyber Essentials Plus) certification",
    ],
  },
  {
    icon: "bot",
    title: "AI",
    items: [
      "Gabriel, the AI orchestration layer",
      "AI-assisted document checks",
      "Human-in-the-loop oversight",
      "Human review of every adverse decision",
    ],
  },
];

const ARCHITECTURE: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "file",
    title: "Credential Format",
    text: "W3C Verifiable Credentials 2.0, issued as SD-JWT so each claim can be disclosed on its own.",
  },
  {
    icon: "shield",
    title: "Cryptography",
    text: "Ed25519 signatures: small, fast keys that verifiers can check offline.",
  },
  {
    icon: "pulse",
    title: "Revocation",
    text: "StatusList2021 bitstring status lists, published for verifiers to check privately.",
  },
  {
    icon: "inbox",
    title: "Data and Hosting",
    text: `UK data residency, with raw biometric and document data deleted after ${SERVICE.rawDataDeletionHours.display}.`,
  },
  {
    icon: "settings",
    title: "Security",
    text: "CE+ certification, least-privilege access and an audit trail for every verification.",
  },
  {
    icon: "workflow",
    title: "Modular Integration",
    text: "Vendor-neutral components with open interfaces, so any part can be replaced or scaled on its own.",
  },
];

export function SolutionPage() {
  return (
    <div>
      <PageHero
        eyebrow="Our solution"
        title="A Privacy-First Digital Identity for the UK"
        lead="A modular platform of verifiable credentials for Right-to-Work, Right-to-Rent and DBS checks: citizens hold their credentials, verifiers get trusted answers, and no one tracks where they are used."
      />

      <Section
        title="12-Month MVP Overview"
        lead="A focused minimum viable product, delivered quickly and proved in public."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat value={MVP.cost.display} label="Total MVP development cost" />
          <Stat value={MVP.deliveryMonths.display} label="To a working MVP" />
          <Stat value={MVP.pilotsVisibleMonths.display} label="To visible pilots" />
        </div>
        <p className="mt-8 max-w-3xl text-lg text-govuk-black dark:text-slate-200">
          {`For ${MVP.cost.display}, the MVP is delivered in ${MVP.deliveryMonths.display}, with pilots visible to employers, landlords and schools in ${MVP.pilotsVisibleMonths.display}. Each phase ends with measurable results before the next begins.`}
        </p>
      </Section>

      <Section title="Core Components" tone="shaded">
        <CardGrid>
          {COMPONENTS.map((component) => (
            <Card key={component.title} icon={component.icon} title={component.title} accent>
              <p>{component.text}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title="Key Features" lead="Four groups of features, each backed by a clear commitment.">
        <CardGrid columns={2}>
          {FEATURE_GROUPS.map((group) => (
            <Card key={group.title} icon={group.icon} title={group.title}>
              <div className="text-govuk-black dark:text-slate-200">
                <CheckList items={group.items} />
              </div>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title="Technical Architecture" tone="shaded">
        <CardGrid>
          {ARCHITECTURE.map((card) => (
            <Card key={card.title} icon={card.icon} title={card.title}>
              <p>{card.text}</p>
            </Card>
          ))}
        </CardGrid>
        <div className="mt-10">
          <ActionLink to="/roadmap">View the Delivery Roadmap</ActionLink>
        </div>
      </Section>
    </div>
  );
}
