import { defineMessages, type IntlShape, type MessageDescriptor, type MessageTag, useIntl } from "react-intl";
import { pageMeta } from "#app/components/meta.ts";
import type { IconName } from "#app/components/ui/icons.tsx";
import { DURATION } from "#core/pitch/durations.ts";
import { MVP, SERVICE } from "#core/pitch/programme.ts";
import { ActionLink, Card, CardGrid, CheckList, PageHero, Section, Stat } from "./layout.tsx";

/**
 * Spec 001 §2 "Solution": hero, 12-month MVP overview, core components, four feature groups with
 * the spec 001 §1 claims, technical architecture cards, link to /roadmap. Static copy.
 */

type NoValues = Record<never, MessageTag>;

const m = defineMessages({
  eyebrow: { id: "pitch.solution.hero.eyebrow", defaultMessage: "Our solution" },
  title: { id: "pitch.solution.hero.title", defaultMessage: "A Privacy-First Digital Identity for the UK" },
  lead: {
    id: "pitch.solution.hero.lead",
    defaultMessage:
      "A modular platform of verifiable credentials for Right-to-Work, Right-to-Rent and DBS checks: citizens hold their credentials, verifiers get trusted answers, and no one tracks where they are used.",
  },
  overviewLead: {
    id: "pitch.solution.overview.lead",
    defaultMessage: "A focused minimum viable product, delivered quickly and proved in public.",
  },
  totalCost: { id: "pitch.solution.overview.totalCost", defaultMessage: "Total MVP development cost" },
  toMvp: {
    id: "pitch.solution.overview.toMvp",
    defaultMessage: "To a working MVP",
    description: "Under a number of months.",
  },
  toPilots: {
    id: "pitch.solution.overview.toPilots",
    defaultMessage: "To visible pilots",
    description: "Under a number of months.",
  },
  componentsTitle: { id: "pitch.solution.components.title", defaultMessage: "Core Components" },
  walletTitle: { id: "pitch.solution.components.wallet.title", defaultMessage: "Citizen Wallet (Mobile and Web)" },
  wallet: {
    id: "pitch.solution.components.wallet.text",
    defaultMessage:
      "Citizens hold their own verifiable credentials on their phone or in a browser and choose exactly what to share.",
  },
  verifierTitle: { id: "pitch.solution.components.verifier.title", defaultMessage: "Verifier Portal" },
  verifier: {
    id: "pitch.solution.components.verifier.text",
    defaultMessage:
      "Employers, landlords and schools request and verify credentials, with an automatic audit trail of every check.",
  },
  kiosksTitle: { id: "pitch.solution.components.kiosks.title", defaultMessage: "Assisted Digital Kiosks" },
  kiosks: {
    id: "pitch.solution.components.kiosks.text",
    defaultMessage:
      "Kiosks at councils and libraries, with trained staff, for people who cannot or prefer not to go online alone.",
  },
  aiTitle: { id: "pitch.solution.components.ai.title", defaultMessage: "AI Orchestration Layer" },
  ai: {
    id: "pitch.solution.components.ai.text",
    defaultMessage:
      "Gabriel routes routine requests and assists with document checks, with human-in-the-loop oversight.",
  },
  revocationTitle: { id: "pitch.solution.components.revocation.title", defaultMessage: "Revocation System" },
  revocation: {
    id: "pitch.solution.components.revocation.text",
    defaultMessage:
      "StatusList2021 status lists let verifiers see at once when a credential has been revoked, without revealing who is being checked.",
  },
  featuresTitle: { id: "pitch.solution.features.title", defaultMessage: "Key Features" },
  featuresLead: {
    id: "pitch.solution.features.lead",
    defaultMessage: "Four groups of features, each backed by a clear commitment.",
  },
  privacy: { id: "pitch.solution.features.privacy.title", defaultMessage: "Privacy" },
  privacySelective: {
    id: "pitch.solution.features.privacy.selective",
    defaultMessage: "Selective disclosure: share only what a check needs",
  },
  privacyTracking: {
    id: "pitch.solution.features.privacy.tracking",
    defaultMessage: "No central tracking of where credentials are used",
  },
  privacyResidency: { id: "pitch.solution.features.privacy.residency", defaultMessage: "UK data residency" },
  inclusion: { id: "pitch.solution.features.inclusion.title", defaultMessage: "Inclusion" },
  inclusionKiosks: {
    id: "pitch.solution.features.inclusion.kiosks",
    defaultMessage: "Assisted digital kiosks at councils and libraries",
  },
  inclusionLanguages: {
    id: "pitch.solution.features.inclusion.languages",
    defaultMessage:
      "In Welsh and English everywhere, and on the citizen's screens in the 10 most spoken UK languages after English (England and Wales, Census 2021)",
  },
  inclusionAccessibility: {
    id: "pitch.solution.features.inclusion.accessibility",
    defaultMessage: "WCAG 2.2 AA accessibility",
  },
  standards: { id: "pitch.solution.features.standards.title", defaultMessage: "Standards" },
  standardsDiatf: {
    id: "pitch.solution.features.standards.diatf",
    defaultMessage: "DIATF (UK digital identity and attributes trust framework)",
  },
  standardsGpg: {
    id: "pitch.solution.features.standards.gpg",
    defaultMessage: "GPG45/44 identity and authentication guidance",
  },
  standardsGdpr: { id: "pitch.solution.features.standards.gdpr", defaultMessage: "UK GDPR" },
  standardsVc: {
    id: "pitch.solution.features.standards.vc",
    defaultMessage: "W3C VC 2.0 with SD-JWT selective disclosure",
  },
  standardsSignatures: {
    id: "pitch.solution.features.standards.signatures",
    defaultMessage: "Ed25519 signatures and StatusList2021 revocation",
  },
  standardsCe: {
    id: "pitch.solution.features.standards.ce",
    defaultMessage: "CE+ (Cyber Essentials Plus) certification",
  },
  aiGroup: { id: "pitch.solution.features.ai.title", defaultMessage: "AI" },
  aiGabriel: { id: "pitch.solution.features.ai.gabriel", defaultMessage: "Gabriel, the AI orchestration layer" },
  aiDocuments: { id: "pitch.solution.features.ai.documents", defaultMessage: "AI-assisted document checks" },
  aiOversight: { id: "pitch.solution.features.ai.oversight", defaultMessage: "Human-in-the-loop oversight" },
  aiReview: { id: "pitch.solution.features.ai.review", defaultMessage: "Human review of every adverse decision" },
  architectureTitle: { id: "pitch.solution.architecture.title", defaultMessage: "Technical Architecture" },
  formatTitle: { id: "pitch.solution.architecture.format.title", defaultMessage: "Credential Format" },
  format: {
    id: "pitch.solution.architecture.format.text",
    defaultMessage: "W3C Verifiable Credentials 2.0, issued as SD-JWT so each claim can be disclosed on its own.",
  },
  cryptographyTitle: { id: "pitch.solution.architecture.cryptography.title", defaultMessage: "Cryptography" },
  cryptography: {
    id: "pitch.solution.architecture.cryptography.text",
    defaultMessage: "Ed25519 signatures: small, fast keys that verifiers can check offline.",
  },
  statusTitle: { id: "pitch.solution.architecture.revocation.title", defaultMessage: "Revocation" },
  status: {
    id: "pitch.solution.architecture.revocation.text",
    defaultMessage: "StatusList2021 bitstring status lists, published for verifiers to check privately.",
  },
  hostingTitle: { id: "pitch.solution.architecture.hosting.title", defaultMessage: "Data and Hosting" },
  securityTitle: { id: "pitch.solution.architecture.security.title", defaultMessage: "Security" },
  security: {
    id: "pitch.solution.architecture.security.text",
    defaultMessage: "CE+ certification, least-privilege access and an audit trail for every verification.",
  },
  modularTitle: { id: "pitch.solution.architecture.modular.title", defaultMessage: "Modular Integration" },
  modular: {
    id: "pitch.solution.architecture.modular.text",
    defaultMessage: "Vendor-neutral components with open interfaces, so any part can be replaced or scaled on its own.",
  },
  roadmap: { id: "pitch.solution.architecture.roadmap", defaultMessage: "View the Delivery Roadmap" },
});

const v = defineMessages<{
  metaTitle: NoValues;
  metaDescription: { cost: string; mvp: string };
  overviewTitle: { months: number };
  overview: { cost: string; mvp: string; pilots: string };
  privacyDeletion: { period: string };
  inclusionOffline: { period: string };
  hosting: { period: string };
}>({
  metaTitle: { id: "pitch.solution.meta.title", defaultMessage: "Our Solution" },
  metaDescription: {
    id: "pitch.solution.meta.description",
    defaultMessage:
      "A privacy-first digital identity MVP for {cost} in {mvp}: citizen wallet, verifier portal, assisted digital kiosks, AI orchestration and revocation.",
  },
  overviewTitle: {
    id: "pitch.solution.overview.title",
    defaultMessage: "{months}-Month MVP Overview",
    description: "A heading: the MVP is delivered in {months} months.",
  },
  overview: {
    id: "pitch.solution.overview.text",
    defaultMessage:
      "For {cost}, the MVP is delivered in {mvp}, with pilots visible to employers, landlords and schools in {pilots}. Each phase ends with measurable results before the next begins.",
  },
  privacyDeletion: {
    id: "pitch.solution.features.privacy.deletion",
    defaultMessage: "Raw biometric and document data deleted after {period}",
  },
  inclusionOffline: {
    id: "pitch.solution.features.inclusion.offline",
    defaultMessage: "Offline QR mode, with QR codes valid for {period}",
  },
  hosting: {
    id: "pitch.solution.architecture.hosting.text",
    defaultMessage: "UK data residency, with raw biometric and document data deleted after {period}.",
  },
});

/** The page's title and description in the page's language (the route's meta). */
export function solutionMeta(intl: IntlShape) {
  return pageMeta(intl, {
    title: intl.formatMessage(v.metaTitle),
    description: intl.formatMessage(v.metaDescription, {
      cost: MVP.cost.display,
      mvp: intl.formatMessage(DURATION.months, { count: MVP.deliveryMonths.value }),
    }),
  });
}

const COMPONENTS: { icon: IconName; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { icon: "wallet", title: m.walletTitle, text: m.wallet },
  { icon: "scan", title: m.verifierTitle, text: m.verifier },
  { icon: "support", title: m.kiosksTitle, text: m.kiosks },
  { icon: "bot", title: m.aiTitle, text: m.ai },
  { icon: "alert", title: m.revocationTitle, text: m.revocation },
];

/** The four feature groups, each claim in the page's language. */
function featureGroups(intl: IntlShape): { icon: IconName; title: string; items: string[] }[] {
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const deletion = intl.formatMessage(DURATION.hours, { count: SERVICE.rawDataDeletionHours.value });
  const qrLife = intl.formatMessage(DURATION.minutes, { count: SERVICE.offlineQrValidityMinutes.value });
  return [
    {
      icon: "shield",
      title: t(m.privacy),
      items: [
        t(m.privacySelective),
        t(m.privacyTracking),
        intl.formatMessage(v.privacyDeletion, { period: deletion }),
        t(m.privacyResidency),
      ],
    },
    {
      icon: "users",
      title: t(m.inclusion),
      items: [
        t(m.inclusionKiosks),
        intl.formatMessage(v.inclusionOffline, { period: qrLife }),
        t(m.inclusionLanguages),
        t(m.inclusionAccessibility),
      ],
    },
    {
      icon: "badge",
      title: t(m.standards),
      items: [
        t(m.standardsDiatf),
        t(m.standardsGpg),
        t(m.standardsGdpr),
        t(m.standardsVc),
        t(m.standardsSignatures),
        t(m.standardsCe),
      ],
    },
    {
      icon: "bot",
      title: t(m.aiGroup),
      items: [t(m.aiGabriel), t(m.aiDocuments), t(m.aiOversight), t(m.aiReview)],
    },
  ];
}

const ARCHITECTURE: { icon: IconName; title: MessageDescriptor; text: MessageDescriptor }[] = [
  { icon: "file", title: m.formatTitle, text: m.format },
  { icon: "shield", title: m.cryptographyTitle, text: m.cryptography },
  { icon: "pulse", title: m.statusTitle, text: m.status },
  { icon: "inbox", title: m.hostingTitle, text: v.hosting },
  { icon: "settings", title: m.securityTitle, text: m.security },
  { icon: "workflow", title: m.modularTitle, text: m.modular },
];

export function SolutionPage() {
  const intl = useIntl();
  const t = (message: MessageDescriptor) => intl.formatMessage(message);
  const months = (count: number) => intl.formatMessage(DURATION.months, { count });
  const deletion = intl.formatMessage(DURATION.hours, { count: SERVICE.rawDataDeletionHours.value });
  return (
    <div>
      <PageHero eyebrow={t(m.eyebrow)} title={t(m.title)} lead={t(m.lead)} />

      <Section
        title={intl.formatMessage(v.overviewTitle, { months: MVP.deliveryMonths.value })}
        id={`${MVP.deliveryMonths.adjective}-mvp-overview`}
        lead={t(m.overviewLead)}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Stat value={MVP.cost.display} label={t(m.totalCost)} />
          <Stat value={months(MVP.deliveryMonths.value)} label={t(m.toMvp)} />
          <Stat value={months(MVP.pilotsVisibleMonths.value)} label={t(m.toPilots)} />
        </div>
        <p className="mt-8 max-w-3xl text-lg text-govuk-black dark:text-slate-200">
          {intl.formatMessage(v.overview, {
            cost: MVP.cost.display,
            mvp: months(MVP.deliveryMonths.value),
            pilots: months(MVP.pilotsVisibleMonths.value),
          })}
        </p>
      </Section>

      <Section title={t(m.componentsTitle)} id="core-components" tone="shaded">
        <CardGrid>
          {COMPONENTS.map((component) => (
            <Card key={component.title.id} icon={component.icon} title={t(component.title)} accent>
              <p>{t(component.text)}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title={t(m.featuresTitle)} id="key-features" lead={t(m.featuresLead)}>
        <CardGrid columns={2}>
          {featureGroups(intl).map((group) => (
            <Card key={group.icon} icon={group.icon} title={group.title}>
              <div className="text-govuk-black dark:text-slate-200">
                <CheckList items={group.items} />
              </div>
            </Card>
          ))}
        </CardGrid>
      </Section>

      <Section title={t(m.architectureTitle)} id="technical-architecture" tone="shaded">
        <CardGrid>
          {ARCHITECTURE.map((card) => (
            <Card key={card.title.id} icon={card.icon} title={t(card.title)}>
              <p>{intl.formatMessage(card.text, { period: deletion })}</p>
            </Card>
          ))}
        </CardGrid>
        <div className="mt-10">
          <ActionLink to="/roadmap">{t(m.roadmap)}</ActionLink>
        </div>
      </Section>
    </div>
  );
}
