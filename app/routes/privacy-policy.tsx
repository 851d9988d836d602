import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { pageMeta } from "#app/components/meta.ts";
import { PageHero } from "#app/components/pitch/layout.tsx";
import { LegalBody, type LegalSection } from "#app/components/pitch/legal-body.tsx";

/**
 * Spec 000 §2 and 001 §2 "Legal": static text. The spec fixes one statement (credentials are
 * revocable within 60 seconds); the rest states how the product handles personal data, using the
 * spec's own claims (selective disclosure, no central tracking, 72-hour deletion, §9 governance).
 */
export const meta: MetaFunction = () =>
  pageMeta({
    title: "Privacy Policy",
    description:
      "How UK Digital Identity uses personal data: roles under UK GDPR, lawful bases, selective disclosure, 72-hour deletion of raw biometric and document data, retention and your rights.",
  });

export const LAST_UPDATED = { iso: "2026-11-24", text: "24 November 2026" };
export const DPO_EMAIL = "dpo@identity.gov.uk";

const SECTIONS: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          This policy explains how the UK Digital Identity programme ("we", "us") uses personal data when you use the
          digital identity wallet, the verifier portal, assisted-digital kiosks and this website.
        </p>
        <p>
          UK Digital Identity lets you hold verifiable credentials, such as proof of your right to work, your right to
          rent or your DBS status, and share them with the organisations that need to check them. We designed it so that
          we learn as little about you as possible.
        </p>
      </>
    ),
  },
  {
    id: "roles",
    title: "Our role and the roles of others under UK GDPR",
    body: (
      <>
        <p>
          Several organisations are involved when a credential is issued and checked. Each is responsible for different
          data:
        </p>
        <ul>
          <li>
            <strong>We are the controller</strong> for your account, the wallet service, identity proofing (the document
            and face checks you complete to prove who you are), assisted-digital sessions, security logs and this
            website.
          </li>
          <li>
            <strong>Credential issuers</strong> (for example the Home Office for right-to-work and right-to-rent
            credentials, and the Disclosure and Barring Service for DBS credentials) are controllers of the information
            in the credentials they issue and of their status.
          </li>
          <li>
            <strong>Verifiers</strong> (employers, landlords, housing associations, schools and councils) are
            controllers of the information you choose to share with them. When they use our verifier portal, we process
            that check on their behalf as their processor, under a written data processing agreement.
          </li>
          <li>
            <strong>Our suppliers</strong>, such as our hosting provider, act as our processors. They may use personal
            data only on our instructions.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "data-we-collect",
    title: "The personal data we collect",
    body: (
      <>
        <ul>
          <li>Account details: your username, name, email address and a securely hashed password or passkey.</li>
          <li>
            Identity evidence: images of your identity documents and of your face, captured once to prove who you are.
            This is raw biometric and document data and is deleted after 72 hours.
          </li>
          <li>Credentials: the credentials issued to you, held in your wallet.</li>
          <li>
            Verification records: when a verifier uses our portal, which organisation asked, which credential type and
            attributes were requested, the result and the time.
          </li>
          <li>
            Assisted-digital sessions: who helped you and when, the type of identity document you showed with the last 4
            characters of its number and its expiry date, a supervisor's approval, the operator's check that you match
            the document, and which credentials were issued. The document's full number and any photo of it are held
            only in the session, and deleted 72 hours after they were captured.
          </li>
          <li>
            Technical data: security logs, and usage figures without advertising or third-party trackers (see{" "}
            <a href="#usage-figures">Usage figures and your choice</a>).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "lawful-bases",
    title: "Why we use your data and our lawful bases",
    body: (
      <>
        <ul>
          <li>
            <strong>To provide your wallet and account</strong>: performance of a contract with you (UK GDPR Article
            6(1)(b)).
          </li>
          <li>
            <strong>To check your identity with face matching</strong>: your explicit consent (Article 9(2)(a)), because
            this is biometric data. If you prefer not to use face matching, you can prove your identity with help at an
            assisted-digital kiosk instead.
          </li>
          <li>
            <strong>To keep the audit trail verifiers need</strong>: compliance with a legal obligation (Article
            6(1)(c)), because employers and landlords must be able to show they made the checks the law requires.
          </li>
          <li>
            <strong>To keep the service secure and prevent fraud</strong>: our legitimate interests (Article 6(1)(f)) in
            protecting you, verifiers and the integrity of credentials.
          </li>
          <li>
            <strong>To understand how this website is used</strong>: our legitimate interests in improving it, using
            page views that are not used to identify you.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "minimisation",
    title: "Data minimisation and selective disclosure",
    body: (
      <>
        <p>
          Every personal detail in a credential can be disclosed on its own. When a verifier asks for information, your
          wallet shows who is asking, what they want and why, and you choose what to share. For example, you can prove
          your right to work without handing over a copy of your passport.
        </p>
        <p>
          Verifiers using our portal can only ask for the attributes their check needs, and must state the purpose of
          each request.
        </p>
      </>
    ),
  },
  {
    id: "no-tracking",
    title: "No central tracking",
    body: (
      <>
        <p>
          Credentials are shared directly from your wallet to the verifier. We do not keep a central record of where you
          have used your credentials, and we do not use verification records to build a profile of you.
        </p>
        <p>
          Revocation is checked with status lists that cover many credentials at once, so an issuer cannot tell whose
          credential a verifier is checking. Offline QR codes you show in person are valid for 15 minutes.
        </p>
      </>
    ),
  },
  {
    id: "usage-figures",
    title: "Usage figures and your choice",
    body: (
      <>
        <p>
          To see how the service is used and fix what goes wrong, we record usage figures. This is exactly what they
          contain:
        </p>
        <ul>
          <li>
            <strong>Page views</strong>: which page (with the code of a share link removed), when, and the website you
            came from as its address only (for example https://www.gov.uk, never the full link).
          </li>
          <li>
            <strong>Actions</strong>: which marked button or link you pressed and its label (up to 100 characters), that
            a form was sent (never what you typed in it), and the type of a file you downloaded.
          </li>
          <li>
            <strong>Errors your browser reports</strong>: the error message, where in our code it happened and on which
            page, so we can fix it.
          </li>
          <li>
            <strong>Your visit while signed in</strong>: when it started and ended, how long it lasted, how many pages
            you viewed and how many actions you took.
          </li>
          <li>
            <strong>Your device, in general terms</strong>: its class (tablet, mobile or desktop), your browser (for
            example Chrome) and operating system (for example Android). We do not keep the full description your browser
            sends (its user agent).
          </li>
          <li>
            <strong>A daily visitor code instead of your IP address</strong>: we never store your IP address for usage
            figures. When a request arrives, we combine your address with a random secret made for that day (kept only
            by the service's housekeeping process, never in the database, and replaced when the day ends) and keep only
            the result of a one-way keyed hash (HMAC-SHA256). That lets us count a visitor once in a day without knowing
            who they are. The next day the same address gives a different code, so visits on different days cannot be
            linked, and once the day's secret is gone nobody, including us, can work out an address from what we keep. A
            similar code of your network lets us refuse a browser that sends more than 120 usage events a minute.
          </li>
        </ul>
        <p>
          Usage figures use no cookies: each browser tab has a random visit number kept in that tab, which disappears
          when you close it. Detailed records are deleted after 90 days; after that we keep only totals (such as page
          views per hour) that identify no one.
        </p>
        <p>
          <strong>Your choice.</strong> On <Link to="/profile?edit=privacy#edit-privacy">your profile</Link>, under
          Privacy Preferences, answer "No, do not share" to "Share usage analytics?" (your profile then shows "Usage
          analytics: Not shared"). From then on, while you are signed in, we record no usage figures about you at all:
          no page views, actions, reported errors or visit record. Until you choose, your visits are counted as
          described above. Visits while you are not signed in cannot be linked to your choice and are counted
          anonymously.
        </p>
        <p>Whatever you choose, we keep what security needs:</p>
        <ul>
          <li>
            <strong>Your login session record</strong>: a hash of your session cookie, when you signed in and were last
            active, and when it expires. It is deleted when you sign out or it expires.
          </li>
          <li>
            <strong>Sign-in audit events</strong>: successful and failed sign-ins and sign-outs, with the username, the
            time and the IP address they came from, so we can detect and stop attacks on accounts.
          </li>
          <li>
            <strong>Server error records</strong>: what failed on our side, when, the request's method and page, and its
            request id, so a fault you report can be traced and fixed.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "revocation",
    title: "Revoking credentials",
    body: (
      <>
        <p>
          <strong>Credentials are revocable within 60 seconds.</strong> If you report a lost or stolen device, or an
          issuer revokes a credential, every verifier sees the change within 60 seconds, so a lost credential cannot be
          misused.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share your data with",
    body: (
      <>
        <ul>
          <li>Verifiers, only with your consent and only the attributes you choose to share.</li>
          <li>Credential issuers, to issue, update or revoke your credentials.</li>
          <li>Our processors, under contract and only on our instructions.</li>
          <li>Law enforcement or regulators, only where the law requires it.</li>
        </ul>
        <p>We never sell your personal data and never use it for advertising.</p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep your data",
    body: (
      <>
        <ul>
          <li>
            <strong>Raw biometric and document data</strong> (document images and face captures): deleted after 72
            hours. At an assisted-digital session, the photo of your document and its full number are deleted
            automatically 72 hours after they were captured, and the deletion is recorded.
          </li>
          <li>
            <strong>Assisted-digital session records</strong> (the outcome of each step, without the photo or the full
            number): kept while your account is open, as the evidence of how your identity was checked.
          </li>
          <li>
            <strong>Credentials</strong>: kept in your wallet until you delete them, they expire or they are revoked.
          </li>
          <li>
            <strong>Your account</strong>: kept while your account is open. When you close it, we delete your account
            data, except records the law requires us to keep.
          </li>
          <li>
            <strong>Verification records</strong>: kept for as long as the verifier's legal obligation to show evidence
            of the check lasts, then deleted.
          </li>
          <li>
            <strong>Security logs</strong>: kept only for as long as needed to detect and investigate incidents.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect your data",
    body: (
      <>
        <ul>
          <li>Credentials are signed with Ed25519 keys, so any change to them is detected.</li>
          <li>Data is encrypted in transit and at rest, and stored in the UK.</li>
          <li>Sensitive operations at assisted-digital kiosks need dual control by two people.</li>
          <li>
            The service is built to Cyber Essentials Plus (CE+) certification, with quarterly security audits and an
            annual privacy assessment.
          </li>
        </ul>
        <p>
          If a personal data breach happens, we aim to detect it within 24 hours, notify the Information Commissioner's
          Office within 72 hours where the law requires, and publish a notification within 72 hours.
        </p>
      </>
    ),
  },
  {
    id: "ai",
    title: "AI assistance and human review",
    body: (
      <>
        <p>
          Our AI orchestration layer, Gabriel, helps check documents and route requests. It never makes a decision with
          legal or similarly significant effects on you by itself: a trained person reviews every adverse decision, and
          you can ask for any decision about you to be reviewed by a person.
        </p>
      </>
    ),
  },
  {
    id: "transfers",
    title: "Where your data is processed",
    body: (
      <p>
        We store and process personal data in the UK. If a supplier ever needed to process it elsewhere, we would do so
        only with the safeguards UK GDPR requires, and we would update this policy first.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        We use a session cookie to keep you signed in and a cookie to remember whether you chose dark mode. We do not
        use advertising cookies. See our <Link to="/coming-soon/cookies">Cookie Policy</Link>.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Under UK GDPR you have the right to:</p>
        <ul>
          <li>be told how your data is used (this policy);</li>
          <li>get a copy of your personal data;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted;</li>
          <li>restrict or object to how we use your data;</li>
          <li>receive your data in a portable format;</li>
          <li>withdraw your consent at any time, for example to face matching;</li>
          <li>
            not be subject to decisions based solely on automated processing, and to ask for a person to review a
            decision.
          </li>
        </ul>
        <p>
          To use any of these rights, email our Data Protection Officer at{" "}
          <a href={`mailto:${DPO_EMAIL}`}>{DPO_EMAIL}</a>. We will reply without undue delay and within the time limits
          UK GDPR sets.
        </p>
      </>
    ),
  },
  {
    id: "complaints",
    title: "Contact us or complain to the ICO",
    body: (
      <>
        <p>
          Contact our Data Protection Officer at <a href={`mailto:${DPO_EMAIL}`}>{DPO_EMAIL}</a> with any question about
          this policy or how we use your data.
        </p>
        <p>
          If you are unhappy with how we have used your data, you can complain to the Information Commissioner's Office
          (ICO), the UK's data protection regulator:
        </p>
        <address className="mt-4 not-italic">
          Information Commissioner's Office
          <br />
          Wycliffe House, Water Lane
          <br />
          Wilmslow, Cheshire, SK9 5AF
          <br />
          Helpline: <a href="tel:+443031231113">0303 123 1113</a>
          <br />
          Website: <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a>
        </address>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We will update this policy when the service or the law changes, and change the "Last updated" date above. If a
        change affects how we use your data, we will tell you in the wallet before it takes effect.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Privacy Policy"
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
