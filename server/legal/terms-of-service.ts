import { defineMessages, type IntlShape } from "@formatjs/intl";
import { DURATION, type DurationUnit } from "#core/pitch/durations.ts";
import { type LegalDocument, list, paragraph } from "#core/pitch/legal-content.ts";
import { CONTACTS, SERVICE } from "#core/pitch/programme.ts";
import { type LinkTarget, richText } from "./rich-text.ts";

const duration = (intl: IntlShape, unit: DurationUnit, count: number) => intl.formatMessage(DURATION[unit], { count });

/**
 * Spec 000 §2 and 001 §2 "Legal": the terms of service, in English and Welsh (the pages it is
 * offered in). The spec fixes two statements (99.9% uptime and verification in under 3 seconds);
 * the rest sets out sensible terms for citizens and verifiers.
 */
const m = defineMessages({
  aboutTitle: { id: "legal.terms.about.title", defaultMessage: "About these terms" },
  about1: {
    id: "legal.terms.about.scope",
    defaultMessage:
      'These terms apply when you use the UK Digital Identity wallet, the verifier portal, assisted-digital kiosks or this website (together, "the service"). The service is run by the UK Digital Identity programme ("we", "us").',
  },
  about2: {
    id: "legal.terms.about.agree",
    defaultMessage:
      "By creating an account or using the service you agree to these terms. Our <privacy>Privacy Policy</privacy> explains how we use personal data and forms part of these terms.",
  },
  serviceTitle: { id: "legal.terms.service.title", defaultMessage: "What the service does" },
  serviceWallet: {
    id: "legal.terms.service.wallet",
    defaultMessage:
      "The citizen wallet (mobile and web) holds verifiable credentials, such as right-to-work, right-to-rent and DBS credentials.",
  },
  servicePortal: {
    id: "legal.terms.service.portal",
    defaultMessage:
      "The verifier portal lets organisations request and check credentials that people choose to share with them.",
  },
  serviceKiosks: {
    id: "legal.terms.service.kiosks",
    defaultMessage: "Assisted-digital kiosks in councils and libraries give in-person help to anyone who needs it.",
  },
  serviceRevocation: {
    id: "legal.terms.service.revocation",
    defaultMessage:
      "The revocation system lets credentials be withdrawn when they are lost, compromised or no longer valid.",
  },
  serviceIssuers: {
    id: "legal.terms.service.issuers",
    defaultMessage:
      "Credentials are issued by the authorities responsible for them. We provide the means to hold, share and check them.",
  },
  walletTitle: { id: "legal.terms.wallet.title", defaultMessage: "Using the wallet" },
  walletFree: {
    id: "legal.terms.wallet.free",
    defaultMessage:
      "The wallet is free. Workers, tenants, students and citizens never pay to hold or share their credentials.",
  },
  walletAgree: { id: "legal.terms.wallet.agree", defaultMessage: "When you use the wallet you agree to:" },
  walletAccurate: {
    id: "legal.terms.wallet.accurate",
    defaultMessage: "give accurate information when you prove your identity;",
  },
  walletOwn: {
    id: "legal.terms.wallet.own",
    defaultMessage: "use only your own credentials, and never share them on behalf of someone else;",
  },
  walletSecure: { id: "legal.terms.wallet.secure", defaultMessage: "keep your device, passkey and password secure;" },
  walletLost: {
    id: "legal.terms.wallet.lost",
    defaultMessage: "tell us straight away if your device is lost or stolen, so that your credentials can be revoked.",
  },
  walletConsent: {
    id: "legal.terms.wallet.consent",
    defaultMessage: "You decide which details to share with each verifier. Nothing is shared without your consent.",
  },
  verifiersTitle: { id: "legal.terms.verifiers.title", defaultMessage: "Using the verifier portal" },
  verifiersAgree: {
    id: "legal.terms.verifiers.agree",
    defaultMessage: 'Organisations that check credentials ("verifiers") agree to:',
  },
  verifiersFee: {
    id: "legal.terms.verifiers.fee",
    defaultMessage:
      "pay the published fee for each verification (see our <model>business model</model>) under their verifier agreement;",
  },
  verifiersOnly: {
    id: "legal.terms.verifiers.only",
    defaultMessage: "request only the attributes a check needs, and state the purpose of every request truthfully;",
  },
  verifiersLawful: {
    id: "legal.terms.verifiers.lawful",
    defaultMessage:
      "have a lawful basis under UK GDPR for each check, and use what they receive only for that purpose;",
  },
  verifiersNoCopy: {
    id: "legal.terms.verifiers.noCopy",
    defaultMessage: "not copy, sell or re-share credentials or use them to track or profile people;",
  },
  verifiersSecure: {
    id: "legal.terms.verifiers.secure",
    defaultMessage: "keep their portal accounts secure and tell us at once about any suspected misuse.",
  },
  verifiersDuties: {
    id: "legal.terms.verifiers.duties",
    defaultMessage:
      "Verifiers remain responsible for their own legal duties, such as right-to-work and right-to-rent checks, and for following the government's guidance on making them.",
  },
  levelsTitle: { id: "legal.terms.levels.title", defaultMessage: "Service levels" },
  levelsUptime: {
    id: "legal.terms.levels.uptime",
    defaultMessage:
      "<b>Availability:</b> we provide the service with {uptime} uptime, excluding planned maintenance that we announce in advance.",
  },
  levelsSpeed: {
    id: "legal.terms.levels.speed",
    defaultMessage:
      "<b>Speed:</b> verification of a shared credential completes in under {seconds} under normal operating conditions.",
  },
  levelsRevocation: {
    id: "legal.terms.levels.revocation",
    defaultMessage: "<b>Revocation:</b> a revoked credential is seen as revoked by every verifier within {seconds}.",
  },
  levelsOffline: {
    id: "legal.terms.levels.offline",
    defaultMessage:
      "<b>Offline use:</b> offline QR codes are valid for {minutes}, so a copied code soon stops working.",
  },
  levelsStatus: {
    id: "legal.terms.levels.status",
    defaultMessage: "We publish the service's current status on our <status>System Status</status> page.",
  },
  useTitle: { id: "legal.terms.use.title", defaultMessage: "Acceptable use" },
  useMustNot: { id: "legal.terms.use.mustNot", defaultMessage: "You must not:" },
  useFraud: {
    id: "legal.terms.use.fraud",
    defaultMessage: "use the service to commit fraud or to impersonate anyone;",
  },
  useForge: {
    id: "legal.terms.use.forge",
    defaultMessage: "attempt to forge, alter or replay credentials or verification results;",
  },
  useAttack: {
    id: "legal.terms.use.attack",
    defaultMessage: "probe, scan or attack the service, or try to get around its security;",
  },
  useAutomated: {
    id: "legal.terms.use.automated",
    defaultMessage: "use automated means to access the service, other than the interfaces we provide for that purpose;",
  },
  useHarass: { id: "legal.terms.use.harass", defaultMessage: "harass or abuse assisted-digital staff." },
  revTitle: { id: "legal.terms.revocation.title", defaultMessage: "Revocation and suspension of credentials" },
  rev1: {
    id: "legal.terms.revocation.text",
    defaultMessage:
      "An issuer may revoke or suspend a credential it issued, for example when a right to work ends. You can revoke your own credentials at any time from the wallet. We may suspend a credential if we reasonably believe it has been compromised, and we will tell you why unless the law prevents us.",
  },
  aiTitle: { id: "legal.terms.ai.title", defaultMessage: "AI assistance and human review" },
  ai1: {
    id: "legal.terms.ai.text",
    defaultMessage:
      "The Gabriel AI orchestration layer helps check documents and route requests. A trained person reviews every adverse decision, and you can ask for any decision about you to be reviewed by a person by contacting us.",
  },
  accessTitle: { id: "legal.terms.accessibility.title", defaultMessage: "Accessibility and help" },
  access1: {
    id: "legal.terms.accessibility.text",
    defaultMessage:
      "We design the service to meet WCAG 2.2 AA. It is in Welsh and English everywhere, and on the citizen's screens also in the ten most spoken languages after English in England and Wales. If you cannot use the digital service, or would rather not, you can get help in person at an assisted-digital kiosk.",
  },
  ipTitle: { id: "legal.terms.ip.title", defaultMessage: "Intellectual property and open standards" },
  ip1: {
    id: "legal.terms.ip.text",
    defaultMessage:
      "Credentials follow open standards (W3C Verifiable Credentials 2.0 and SD-JWT) so that they can be checked by any compliant verifier. The software, design and content of the service remain ours or our licensors'. You may not copy or resell the service.",
  },
  liabilityTitle: { id: "legal.terms.liability.title", defaultMessage: "Our liability" },
  liability1: {
    id: "legal.terms.liability.care",
    defaultMessage:
      "We take reasonable care to run the service securely and as described. We are not responsible for decisions that verifiers make, or for losses caused by events outside our reasonable control.",
  },
  liability2: {
    id: "legal.terms.liability.statutory",
    defaultMessage:
      "Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights.",
  },
  endingTitle: { id: "legal.terms.ending.title", defaultMessage: "Closing your account and ending these terms" },
  ending1: {
    id: "legal.terms.ending.text",
    defaultMessage:
      "You can close your account at any time. We may suspend or close an account that breaks these terms, telling you why unless the law prevents us. When an account closes, we delete its data as our Privacy Policy describes.",
  },
  changesTitle: { id: "legal.terms.changes.title", defaultMessage: "Changes to these terms" },
  changes1: {
    id: "legal.terms.changes.text",
    defaultMessage:
      'We may update these terms when the service or the law changes, and will change the "Last updated" date above. We will tell you in the wallet before a significant change takes effect.',
  },
  lawTitle: { id: "legal.terms.law.title", defaultMessage: "Governing law" },
  law1: {
    id: "legal.terms.law.text",
    defaultMessage:
      "These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you may also bring proceedings in the courts where you live.",
  },
  contactTitle: { id: "legal.terms.contact.title", defaultMessage: "Contact us" },
  contact1: {
    id: "legal.terms.contact.text",
    defaultMessage: "Questions about these terms? Email <mail>{email}</mail>.",
  },
});

const SUPPORT = CONTACTS.support.email;

const LINKS: Record<string, LinkTarget> = {
  privacy: { to: "/privacy-policy" },
  model: { to: "/business-model" },
  status: { to: "/coming-soon/system-status" },
  mail: { href: `mailto:${SUPPORT}` },
};

/** The terms of service in `intl`'s language (English or Welsh). */
export function termsOfService(intl: IntlShape, locale: "en" | "cy"): LegalDocument {
  const t = (key: keyof typeof m, values: Record<string, string | number> = {}) =>
    richText(intl, m[key], values, LINKS);
  const title = (key: keyof typeof m) => intl.formatMessage(m[key]);
  return {
    locale,
    lastUpdated: "2026-11-28",
    sections: [
      { id: "about", title: title("aboutTitle"), blocks: [paragraph(t("about1")), paragraph(t("about2"))] },
      {
        id: "the-service",
        title: title("serviceTitle"),
        blocks: [
          list(t("serviceWallet"), t("servicePortal"), t("serviceKiosks"), t("serviceRevocation")),
          paragraph(t("serviceIssuers")),
        ],
      },
      {
        id: "citizens",
        title: title("walletTitle"),
        blocks: [
          paragraph(t("walletFree")),
          paragraph(t("walletAgree")),
          list(t("walletAccurate"), t("walletOwn"), t("walletSecure"), t("walletLost")),
          paragraph(t("walletConsent")),
        ],
      },
      {
        id: "verifiers",
        title: title("verifiersTitle"),
        blocks: [
          paragraph(t("verifiersAgree")),
          list(t("verifiersFee"), t("verifiersOnly"), t("verifiersLawful"), t("verifiersNoCopy"), t("verifiersSecure")),
          paragraph(t("verifiersDuties")),
        ],
      },
      {
        id: "service-levels",
        title: title("levelsTitle"),
        blocks: [
          list(
            t("levelsUptime", { uptime: SERVICE.uptimePercent.display }),
            t("levelsSpeed", { seconds: duration(intl, "seconds", SERVICE.verificationSeconds.value) }),
            t("levelsRevocation", { seconds: duration(intl, "seconds", SERVICE.revocationSeconds.value) }),
            t("levelsOffline", { minutes: duration(intl, "minutes", SERVICE.offlineQrValidityMinutes.value) }),
          ),
          paragraph(t("levelsStatus")),
        ],
      },
      {
        id: "acceptable-use",
        title: title("useTitle"),
        blocks: [
          paragraph(t("useMustNot")),
          list(t("useFraud"), t("useForge"), t("useAttack"), t("useAutomated"), t("useHarass")),
        ],
      },
      { id: "revocation", title: title("revTitle"), blocks: [paragraph(t("rev1"))] },
      { id: "ai", title: title("aiTitle"), blocks: [paragraph(t("ai1"))] },
      { id: "accessibility", title: title("accessTitle"), blocks: [paragraph(t("access1"))] },
      { id: "intellectual-property", title: title("ipTitle"), blocks: [paragraph(t("ip1"))] },
      {
        id: "liability",
        title: title("liabilityTitle"),
        blocks: [paragraph(t("liability1")), paragraph(t("liability2"))],
      },
      { id: "ending", title: title("endingTitle"), blocks: [paragraph(t("ending1"))] },
      { id: "changes", title: title("changesTitle"), blocks: [paragraph(t("changes1"))] },
      { id: "law", title: title("lawTitle"), blocks: [paragraph(t("law1"))] },
      { id: "contact", title: title("contactTitle"), blocks: [paragraph(t("contact1", { email: SUPPORT }))] },
    ],
  };
}
