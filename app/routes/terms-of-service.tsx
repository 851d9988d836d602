import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { pageMeta } from "#app/components/meta.ts";
import { PageHero } from "#app/components/pitch/layout.tsx";
import { LegalBody, type LegalSection } from "#app/components/pitch/legal-body.tsx";

/**
 * Spec 000 §2 and 001 §2 "Legal": static text. The spec fixes two statements (99.9% uptime and
 * verification in under 3 seconds); the rest sets out sensible terms for citizens and verifiers.
 */
export const meta: MetaFunction = () =>
  pageMeta({
    title: "Terms of Service",
    description:
      "The terms for using the UK Digital Identity wallet, verifier portal and assisted-digital service: free for citizens, fees for verifiers, 99.9% uptime and verification in under 3 seconds.",
  });

export const LAST_UPDATED = { iso: "2026-11-22", text: "22 November 2026" };
export const SUPPORT_EMAIL = "support@identity.gov.uk";

const SECTIONS: LegalSection[] = [
  {
    id: "about",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms apply when you use the UK Digital Identity wallet, the verifier portal, assisted-digital kiosks or
          this website (together, "the service"). The service is run by the UK Digital Identity programme ("we", "us").
        </p>
        <p>
          By creating an account or using the service you agree to these terms. Our{" "}
          <Link to="/privacy-policy">Privacy Policy</Link> explains how we use personal data and forms part of these
          terms.
        </p>
      </>
    ),
  },
  {
    id: "the-service",
    title: "What the service does",
    body: (
      <>
        <ul>
          <li>
            The citizen wallet (mobile and web) holds verifiable credentials, such as right-to-work, right-to-rent and
            DBS credentials.
          </li>
          <li>
            The verifier portal lets organisations request and check credentials that people choose to share with them.
          </li>
          <li>Assisted-digital kiosks in councils and libraries give in-person help to anyone who needs it.</li>
          <li>
            The revocation system lets credentials be withdrawn when they are lost, compromised or no longer valid.
          </li>
        </ul>
        <p>
          Credentials are issued by the authorities responsible for them. We provide the means to hold, share and check
          them.
        </p>
      </>
    ),
  },
  {
    id: "citizens",
    title: "Using the wallet",
    body: (
      <>
        <p>The wallet is free. Workers, tenants, students and citizens never pay to hold or share their credentials.</p>
        <p>When you use the wallet you agree to:</p>
        <ul>
          <li>give accurate information when you prove your identity;</li>
          <li>use only your own credentials, and never share them on behalf of someone else;</li>
          <li>keep your device, passkey and password secure;</li>
          <li>tell us straight away if your device is lost or stolen, so that your credentials can be revoked.</li>
        </ul>
        <p>You decide which details to share with each verifier. Nothing is shared without your consent.</p>
      </>
    ),
  },
  {
    id: "verifiers",
    title: "Using the verifier portal",
    body: (
      <>
        <p>Organisations that check credentials ("verifiers") agree to:</p>
        <ul>
          <li>
            pay the published fee for each verification (see our <Link to="/business-model">business model</Link>) under
            their verifier agreement;
          </li>
          <li>request only the attributes a check needs, and state the purpose of every request truthfully;</li>
          <li>have a lawful basis under UK GDPR for each check, and use what they receive only for that purpose;</li>
          <li>not copy, sell or re-share credentials or use them to track or profile people;</li>
          <li>keep their portal accounts secure and tell us at once about any suspected misuse.</li>
        </ul>
        <p>
          Verifiers remain responsible for their own legal duties, such as right-to-work and right-to-rent checks, and
          for following the government's guidance on making them.
        </p>
      </>
    ),
  },
  {
    id: "service-levels",
    title: "Service levels",
    body: (
      <>
        <ul>
          <li>
            <strong>Availability:</strong> we provide the service with 99.9% uptime, excluding planned maintenance that
            we announce in advance.
          </li>
          <li>
            <strong>Speed:</strong> verification of a shared credential completes in under 3 seconds under normal
            operating conditions.
          </li>
          <li>
            <strong>Revocation:</strong> a revoked credential is seen as revoked by every verifier within 60 seconds.
          </li>
          <li>
            <strong>Offline use:</strong> offline QR codes are valid for 15 minutes, so a copied code soon stops
            working.
          </li>
        </ul>
        <p>
          We publish the service's current status on our <Link to="/coming-soon/system-status">System Status</Link>{" "}
          page.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>use the service to commit fraud or to impersonate anyone;</li>
          <li>attempt to forge, alter or replay credentials or verification results;</li>
          <li>probe, scan or attack the service, or try to get around its security;</li>
          <li>use automated means to access the service, other than the interfaces we provide for that purpose;</li>
          <li>harass or abuse assisted-digital staff.</li>
        </ul>
      </>
    ),
  },
  {
    id: "revocation",
    title: "Revocation and suspension of credentials",
    body: (
      <p>
        An issuer may revoke or suspend a credential it issued, for example when a right to work ends. You can revoke
        your own credentials at any time from the wallet. We may suspend a credential if we reasonably believe it has
        been compromised, and we will tell you why unless the law prevents us.
      </p>
    ),
  },
  {
    id: "ai",
    title: "AI assistance and human review",
    body: (
      <p>
        The Gabriel AI orchestration layer helps check documents and route requests. A trained person reviews every
        adverse decision, and you can ask for any decision about you to be reviewed by a person by contacting us.
      </p>
    ),
  },
  {
    id: "accessibility",
    title: "Accessibility and help",
    body: (
      <p>
        We design the service to meet WCAG 2.2 AA, with multilingual interfaces. If you cannot use the digital service,
        or would rather not, you can get help in person at an assisted-digital kiosk.
      </p>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual property and open standards",
    body: (
      <p>
        Credentials follow open standards (W3C Verifiable Credentials 2.0 and SD-JWT) so that they can be checked by any
        compliant verifier. The software, design and content of the service remain ours or our licensors'. You may not
        copy or resell the service.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Our liability",
    body: (
      <>
        <p>
          We take reasonable care to run the service securely and as described. We are not responsible for decisions
          that verifiers make, or for losses caused by events outside our reasonable control.
        </p>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for
          anything else that cannot be limited by law, and nothing affects your statutory rights.
        </p>
      </>
    ),
  },
  {
    id: "ending",
    title: "Closing your account and ending these terms",
    body: (
      <p>
        You can close your account at any time. We may suspend or close an account that breaks these terms, telling you
        why unless the law prevents us. When an account closes, we delete its data as our Privacy Policy describes.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms when the service or the law changes, and will change the "Last updated" date above. We
        will tell you in the wallet before a significant change takes effect.
      </p>
    ),
  },
  {
    id: "law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you may
        also bring proceedings in the courts where you live.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about these terms? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export default function TermsOfService() {
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Terms of Service"
        lead={
          <p>
            Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.text}</time>
          </p>
        }
      />
      <LegalBody sections={SECTIONS} />
    </>
  );
}
