import { CONTACTS, SERVICE } from "#core/pitch/programme.ts";
import { type LegalDocument, list, paragraph } from "./legal-content.ts";

/**
 * Spec 000 §2 and 001 §2 "Legal": static text. The spec fixes two statements (99.9% uptime and
 * verification in under 3 seconds); the rest sets out sensible terms for citizens and verifiers.
 */

const SUPPORT = CONTACTS.support.email;

export const TERMS_OF_SERVICE: LegalDocument = {
  title: "Terms of Service",
  description: `The terms for using the UK Digital Identity wallet, verifier portal and assisted-digital service: free for citizens, fees for verifiers, ${SERVICE.uptimePercent.display} uptime and verification in under ${SERVICE.verificationSeconds.display}.`,
  lastUpdated: { iso: "2026-11-22", text: "22 November 2026" },
  sections: [
    {
      id: "about",
      title: "About these terms",
      blocks: [
        paragraph(
          'These terms apply when you use the UK Digital Identity wallet, the verifier portal, assisted-digital kiosks or this website (together, "the service"). The service is run by the UK Digital Identity programme ("we", "us").',
        ),
        paragraph([
          "By creating an account or using the service you agree to these terms. Our ",
          { link: "Privacy Policy", to: "/privacy-policy" },
          " explains how we use personal data and forms part of these terms.",
        ]),
      ],
    },
    {
      id: "the-service",
      title: "What the service does",
      blocks: [
        list(
          "The citizen wallet (mobile and web) holds verifiable credentials, such as right-to-work, right-to-rent and DBS credentials.",
          "The verifier portal lets organisations request and check credentials that people choose to share with them.",
          "Assisted-digital kiosks in councils and libraries give in-person help to anyone who needs it.",
          "The revocation system lets credentials be withdrawn when they are lost, compromised or no longer valid.",
        ),
        paragraph(
          "Credentials are issued by the authorities responsible for them. We provide the means to hold, share and check them.",
        ),
      ],
    },
    {
      id: "citizens",
      title: "Using the wallet",
      blocks: [
        paragraph(
          "The wallet is free. Workers, tenants, students and citizens never pay to hold or share their credentials.",
        ),
        paragraph("When you use the wallet you agree to:"),
        list(
          "give accurate information when you prove your identity;",
          "use only your own credentials, and never share them on behalf of someone else;",
          "keep your device, passkey and password secure;",
          "tell us straight away if your device is lost or stolen, so that your credentials can be revoked.",
        ),
        paragraph("You decide which details to share with each verifier. Nothing is shared without your consent."),
      ],
    },
    {
      id: "verifiers",
      title: "Using the verifier portal",
      blocks: [
        paragraph('Organisations that check credentials ("verifiers") agree to:'),
        list(
          [
            "pay the published fee for each verification (see our ",
            { link: "business model", to: "/business-model" },
            ") under their verifier agreement;",
          ],
          "request only the attributes a check needs, and state the purpose of every request truthfully;",
          "have a lawful basis under UK GDPR for each check, and use what they receive only for that purpose;",
          "not copy, sell or re-share credentials or use them to track or profile people;",
          "keep their portal accounts secure and tell us at once about any suspected misuse.",
        ),
        paragraph(
          "Verifiers remain responsible for their own legal duties, such as right-to-work and right-to-rent checks, and for following the government's guidance on making them.",
        ),
      ],
    },
    {
      id: "service-levels",
      title: "Service levels",
      blocks: [
        list(
          [
            { strong: "Availability:" },
            ` we provide the service with ${SERVICE.uptimePercent.display} uptime, excluding planned maintenance that we announce in advance.`,
          ],
          [
            { strong: "Speed:" },
            ` verification of a shared credential completes in under ${SERVICE.verificationSeconds.display} under normal operating conditions.`,
          ],
          [
            { strong: "Revocation:" },
            ` a revoked credential is seen as revoked by every verifier within ${SERVICE.revocationSeconds.display}.`,
          ],
          [
            { strong: "Offline use:" },
            ` offline QR codes are valid for ${SERVICE.offlineQrValidityMinutes.display}, so a copied code soon stops working.`,
          ],
        ),
        paragraph([
          "We publish the service's current status on our ",
          { link: "System Status", to: "/coming-soon/system-status" },
          " page.",
        ]),
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      blocks: [
        paragraph("You must not:"),
        list(
          "use the service to commit fraud or to impersonate anyone;",
          "attempt to forge, alter or replay credentials or verification results;",
          "probe, scan or attack the service, or try to get around its security;",
          "use automated means to access the service, other than the interfaces we provide for that purpose;",
          "harass or abuse assisted-digital staff.",
        ),
      ],
    },
    {
      id: "revocation",
      title: "Revocation and suspension of credentials",
      blocks: [
        paragraph(
          "An issuer may revoke or suspend a credential it issued, for example when a right to work ends. You can revoke your own credentials at any time from the wallet. We may suspend a credential if we reasonably believe it has been compromised, and we will tell you why unless the law prevents us.",
        ),
      ],
    },
    {
      id: "ai",
      title: "AI assistance and human review",
      blocks: [
        paragraph(
          "The Gabriel AI orchestration layer helps check documents and route requests. A trained person reviews every adverse decision, and you can ask for any decision about you to be reviewed by a person by contacting us.",
        ),
      ],
    },
    {
      id: "accessibility",
      title: "Accessibility and help",
      blocks: [
        paragraph(
          "We design the service to meet WCAG 2.2 AA, with multilingual interfaces. If you cannot use the digital service, or would rather not, you can get help in person at an assisted-digital kiosk.",
        ),
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property and open standards",
      blocks: [
        paragraph(
          "Credentials follow open standards (W3C Verifiable Credentials 2.0 and SD-JWT) so that they can be checked by any compliant verifier. The software, design and content of the service remain ours or our licensors'. You may not copy or resell the service.",
        ),
      ],
    },
    {
      id: "liability",
      title: "Our liability",
      blocks: [
        paragraph(
          "We take reasonable care to run the service securely and as described. We are not responsible for decisions that verifiers make, or for losses caused by events outside our reasonable control.",
        ),
        paragraph(
          "Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights.",
        ),
      ],
    },
    {
      id: "ending",
      title: "Closing your account and ending these terms",
      blocks: [
        paragraph(
          "You can close your account at any time. We may suspend or close an account that breaks these terms, telling you why unless the law prevents us. When an account closes, we delete its data as our Privacy Policy describes.",
        ),
      ],
    },
    {
      id: "changes",
      title: "Changes to these terms",
      blocks: [
        paragraph(
          'We may update these terms when the service or the law changes, and will change the "Last updated" date above. We will tell you in the wallet before a significant change takes effect.',
        ),
      ],
    },
    {
      id: "law",
      title: "Governing law",
      blocks: [
        paragraph(
          "These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you may also bring proceedings in the courts where you live.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact us",
      blocks: [paragraph(["Questions about these terms? Email ", { link: SUPPORT, href: `mailto:${SUPPORT}` }, "."])],
    },
  ],
};
