import { CONTACTS, INCIDENTS, SERVICE } from "#core/pitch/programme.ts";
import { AUDIT_RETENTION, VERIFICATION_RECORD_RETENTION, WALLET_ACTIVITY_RETENTION } from "#core/privacy/retention.ts";
import { address, type LegalDocument, list, paragraph } from "./legal-content.ts";

/**
 * Spec 000 §2 and 001 §2 "Legal": static text. The spec fixes one statement (credentials are
 * revocable within 60 seconds); the rest states how the product handles personal data, using the
 * spec's own claims (selective disclosure, no central tracking, 72-hour deletion, §9 governance).
 */

const RAW_DATA = SERVICE.rawDataDeletionHours.display;
const REVOCATION = SERVICE.revocationSeconds.display;
const DPO = CONTACTS.dataProtectionOfficer.email;
const dpoLink = { link: DPO, href: `mailto:${DPO}` };
// The periods the Housekeeper deletes by (core/privacy/retention.ts, ADR 031): one declaration for both.
const RECORDS_KEPT = VERIFICATION_RECORD_RETENTION.display;
const AUDIT_KEPT = AUDIT_RETENTION.display;
const ACTIVITY_KEPT = WALLET_ACTIVITY_RETENTION.display;

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  description: `How UK Digital Identity uses personal data: roles under UK GDPR, lawful bases, selective disclosure, ${SERVICE.rawDataDeletionHours.value}-hour deletion of raw biometric and document data, retention and your rights.`,
  lastUpdated: { iso: "2026-11-28", text: "28 November 2026" },
  sections: [
    {
      id: "who-we-are",
      title: "Who we are",
      blocks: [
        paragraph(
          'This policy explains how the UK Digital Identity programme ("we", "us") uses personal data when you use the digital identity wallet, the verifier portal, assisted-digital kiosks and this website.',
        ),
        paragraph(
          "UK Digital Identity lets you hold verifiable credentials, such as proof of your right to work, your right to rent or your DBS status, and share them with the organisations that need to check them. We designed it so that we learn as little about you as possible.",
        ),
      ],
    },
    {
      id: "roles",
      title: "Our role and the roles of others under UK GDPR",
      blocks: [
        paragraph(
          "Several organisations are involved when a credential is issued and checked. Each is responsible for different data:",
        ),
        list(
          [
            { strong: "We are the controller" },
            " for your account, the wallet service, identity proofing (the document and face checks you complete to prove who you are), assisted-digital sessions, security logs and this website.",
          ],
          [
            { strong: "Credential issuers" },
            " (for example the Home Office for right-to-work and right-to-rent credentials, and the Disclosure and Barring Service for DBS credentials) are controllers of the information in the credentials they issue and of their status.",
          ],
          [
            { strong: "Verifiers" },
            " (employers, landlords, housing associations, schools and councils) are controllers of the information you choose to share with them. When they use our verifier portal, we process that check on their behalf as their processor, under a written data processing agreement.",
          ],
          [
            { strong: "Our suppliers" },
            ", such as our hosting provider, act as our processors. They may use personal data only on our instructions.",
          ],
        ),
      ],
    },
    {
      id: "data-we-collect",
      title: "The personal data we collect",
      blocks: [
        list(
          "Account details: your username, name, email address and a securely hashed password or passkey.",
          `Identity evidence: images of your identity documents and of your face, captured once to prove who you are. This is raw biometric and document data and is deleted after ${RAW_DATA}.`,
          "Credentials: the credentials issued to you, held in your wallet.",
          "Verification records: when a verifier uses our portal or someone opens a link you shared, which organisation asked, which credential type and attributes were requested, the result and the time. We do not keep the IP address or the browser details of your wallet or of the person who opened the link.",
          `Assisted-digital sessions: who helped you and when, the type of identity document you showed with the last 4 characters of its number and its expiry date, a supervisor's approval, the operator's check that you match the document, and which credentials were issued. The document's full number and any photo of it are held only in the session, and deleted ${RAW_DATA} after they were captured. Staff can see the records an authority holds about you only after a supervisor has approved the document and the operator has confirmed that you match it; each time they look, we record who looked and a keyed code of the document number (not the number itself).`,
          [
            "Technical data: security logs, and usage figures without advertising or third-party trackers (see ",
            { link: "Usage figures and your choice", href: "#usage-figures" },
            ").",
          ],
        ),
      ],
    },
    {
      id: "lawful-bases",
      title: "Why we use your data and our lawful bases",
      blocks: [
        list(
          [
            { strong: "To provide your wallet and account" },
            ": performance of a contract with you (UK GDPR Article 6(1)(b)).",
          ],
          [
            { strong: "To check your identity with face matching" },
            ": your explicit consent (Article 9(2)(a)), because this is biometric data. If you prefer not to use face matching, you can prove your identity with help at an assisted-digital kiosk instead.",
          ],
          [
            { strong: "To keep the audit trail verifiers need" },
            ": compliance with a legal obligation (Article 6(1)(c)), because employers and landlords must be able to show they made the checks the law requires.",
          ],
          [
            { strong: "To keep the service secure and prevent fraud" },
            ": our legitimate interests (Article 6(1)(f)) in protecting you, verifiers and the integrity of credentials.",
          ],
          [
            { strong: "To understand how this website is used" },
            ": our legitimate interests in improving it, using page views that are not used to identify you.",
          ],
        ),
      ],
    },
    {
      id: "minimisation",
      title: "Data minimisation and selective disclosure",
      blocks: [
        paragraph(
          "Every personal detail in a credential can be disclosed on its own. When a verifier asks for information, your wallet shows who is asking, what they want and why, and you choose what to share. For example, you can prove your right to work without handing over a copy of your passport.",
        ),
        paragraph(
          "Verifiers using our portal can only ask for the attributes their check needs, and must state the purpose of each request.",
        ),
      ],
    },
    {
      id: "no-tracking",
      title: "No central tracking",
      blocks: [
        paragraph(
          "Credentials are shared directly from your wallet to the verifier. We do not keep a central record of where you have used your credentials, and we do not use verification records to build a profile of you.",
        ),
        paragraph(
          `Revocation is checked with status lists that cover many credentials at once, so an issuer cannot tell whose credential a verifier is checking. Offline QR codes you show in person are valid for ${SERVICE.offlineQrValidityMinutes.display}.`,
        ),
      ],
    },
    {
      id: "usage-figures",
      title: "Usage figures and your choice",
      blocks: [
        paragraph(
          "To see how the service is used and fix what goes wrong, we record usage figures. This is exactly what they contain:",
        ),
        list(
          [
            { strong: "Page views" },
            ": which page (with the code of a share link removed), when, and the website you came from as its address only (for example https://www.gov.uk, never the full link).",
          ],
          [
            { strong: "Actions" },
            ": which marked button or link you pressed and its label (up to 100 characters), that a form was sent (never what you typed in it), and the type of a file you downloaded.",
          ],
          [
            { strong: "Errors your browser reports" },
            ": the error message, where in our code it happened and on which page, so we can fix it.",
          ],
          [
            { strong: "Your visit while signed in" },
            ": when it started and ended, how long it lasted, how many pages you viewed and how many actions you took.",
          ],
          [
            { strong: "Your device, in general terms" },
            ": its class (tablet, mobile or desktop), your browser (for example Chrome) and operating system (for example Android). We do not keep the full description your browser sends (its user agent).",
          ],
          [
            { strong: "A daily visitor code instead of your IP address" },
            ": we never store your IP address for usage figures. When a request arrives, we combine your address with a random secret made for that day (kept only by the service's housekeeping process, never in the database, and replaced when the day ends) and keep only the result of a one-way keyed hash (HMAC-SHA256). That lets us count a visitor once in a day without knowing who they are. The next day the same address gives a different code, so visits on different days cannot be linked, and once the day's secret is gone nobody, including us, can work out an address from what we keep. A similar code of your network lets us refuse a browser that sends more than 120 usage events a minute.",
          ],
        ),
        paragraph(
          "Usage figures use no cookies: each browser tab has a random visit number kept in that tab, which disappears when you close it. Detailed records are deleted after 90 days; after that we keep only totals (such as page views per hour) that identify no one.",
        ),
        paragraph([
          { strong: "Your choice." },
          " On ",
          { link: "your profile", to: "/profile?edit=privacy#edit-privacy" },
          ', under Privacy Preferences, answer "No, do not share" to "Share usage analytics?" (your profile then shows "Usage analytics: Not shared"). From then on, while you are signed in, we record no usage figures about you at all: no page views, actions, reported errors or visit record. Until you choose, your visits are counted as described above. Visits while you are not signed in cannot be linked to your choice and are counted anonymously.',
        ]),
        paragraph("Whatever you choose, we keep what security needs:"),
        list(
          [
            { strong: "Your login session record" },
            ": a hash of your session cookie, when you signed in and were last active, and when it expires. It is deleted when you sign out or it expires.",
          ],
          [
            { strong: "Sign-in audit events" },
            `: successful and failed sign-ins and sign-outs, with the username, the time and a daily code of the IP address they came from (made as the daily visitor code is, never the address itself), so we can detect and stop attacks on accounts. They are deleted after ${AUDIT_KEPT}.`,
          ],
          [
            { strong: "Server error records" },
            ": what failed on our side, when, the request's method and page, and its request id, so a fault you report can be traced and fixed.",
          ],
        ),
      ],
    },
    {
      id: "revocation",
      title: "Revoking credentials",
      blocks: [
        paragraph([
          { strong: `Credentials are revocable within ${REVOCATION}.` },
          ` If you report a lost or stolen device, or an issuer revokes a credential, every verifier sees the change within ${REVOCATION}, so a lost credential cannot be misused.`,
        ]),
      ],
    },
    {
      id: "sharing",
      title: "Who we share your data with",
      blocks: [
        list(
          "Verifiers, only with your consent and only the attributes you choose to share.",
          "Credential issuers, to issue, update or revoke your credentials.",
          "Our processors, under contract and only on our instructions.",
          "Law enforcement or regulators, only where the law requires it.",
        ),
        paragraph("We never sell your personal data and never use it for advertising."),
      ],
    },
    {
      id: "retention",
      title: "How long we keep your data",
      blocks: [
        list(
          [
            { strong: "Raw biometric and document data" },
            ` (document images and face captures): deleted after ${RAW_DATA}. At an assisted-digital session, the photo of your document and its full number are deleted automatically ${RAW_DATA} after they were captured, and the deletion is recorded.`,
          ],
          [
            { strong: "Assisted-digital session records" },
            " (the outcome of each step, without the photo or the full number): kept while your account is open, as the evidence of how your identity was checked.",
          ],
          [{ strong: "Credentials" }, ": kept in your wallet until you delete them, they expire or they are revoked."],
          [
            { strong: "Your wallet's activity" },
            ` (the Recent Activity list: credentials added, revoked or checked and by whom, links shared, changes to your passkeys and password): each entry is deleted ${ACTIVITY_KEPT} after it happened.`,
          ],
          [
            { strong: "Your account" },
            ": kept while your account is open. When you close it, we delete your account data, except records the law requires us to keep.",
          ],
          [
            { strong: "Verification records" },
            `: deleted ${RECORDS_KEPT} after the check. An employer must keep its own record of a right-to-work check while it employs you and for 2 years after; the verifier portal gives the employer a receipt to keep for that.`,
          ],
          [
            { strong: "Audit records" },
            ` (sign-ins, refused access, and what staff and administrators did, such as approvals, reprints of paper credentials and revocations, with a daily code of the IP address instead of the address): deleted ${AUDIT_KEPT} after the event.`,
          ],
          [
            { strong: "Other security logs and usage figures" },
            ": detailed records are deleted after 90 days; after that we keep only totals that identify no one.",
          ],
        ),
      ],
    },
    {
      id: "security",
      title: "How we protect your data",
      blocks: [
        list(
          "Credentials are signed with Ed25519 keys, so any change to them is detected.",
          "Data is encrypted in transit and at rest, and stored in the UK.",
          "Sensitive operations at assisted-digital kiosks need dual control by two people.",
          "The service is built to Cyber Essentials Plus (CE+) certification, with quarterly security audits and an annual privacy assessment.",
        ),
        paragraph(
          `If a personal data breach happens, we aim to detect it within ${INCIDENTS.detectionHours.display}, notify the Information Commissioner's Office within ${INCIDENTS.icoNotificationHours.display} where the law requires, and publish a notification within ${INCIDENTS.publicNotificationHours.display}.`,
        ),
      ],
    },
    {
      id: "ai",
      title: "AI assistance and human review",
      blocks: [
        paragraph(
          "Our AI orchestration layer, Gabriel, helps check documents and route requests. It never makes a decision with legal or similarly significant effects on you by itself: a trained person reviews every adverse decision, and you can ask for any decision about you to be reviewed by a person.",
        ),
      ],
    },
    {
      id: "transfers",
      title: "Where your data is processed",
      blocks: [
        paragraph(
          "We store and process personal data in the UK. If a supplier ever needed to process it elsewhere, we would do so only with the safeguards UK GDPR requires, and we would update this policy first.",
        ),
      ],
    },
    {
      id: "cookies",
      title: "Cookies",
      blocks: [
        paragraph([
          "We use a session cookie to keep you signed in and a cookie to remember whether you chose dark mode. We do not use advertising cookies. See our ",
          { link: "Cookie Policy", to: "/coming-soon/cookies" },
          ".",
        ]),
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      blocks: [
        paragraph("Under UK GDPR you have the right to:"),
        list(
          "be told how your data is used (this policy);",
          "get a copy of your personal data;",
          "have inaccurate data corrected;",
          "have your data deleted;",
          "restrict or object to how we use your data;",
          "receive your data in a portable format;",
          "withdraw your consent at any time, for example to face matching;",
          "not be subject to decisions based solely on automated processing, and to ask for a person to review a decision.",
        ),
        paragraph([
          "To use any of these rights, email our Data Protection Officer at ",
          dpoLink,
          ". We will reply without undue delay and within the time limits UK GDPR sets.",
        ]),
      ],
    },
    {
      id: "complaints",
      title: "Contact us or complain to the ICO",
      blocks: [
        paragraph([
          "Contact our Data Protection Officer at ",
          dpoLink,
          " with any question about this policy or how we use your data.",
        ]),
        paragraph(
          "If you are unhappy with how we have used your data, you can complain to the Information Commissioner's Office (ICO), the UK's data protection regulator:",
        ),
        address(
          "Information Commissioner's Office",
          "Wycliffe House, Water Lane",
          "Wilmslow, Cheshire, SK9 5AF",
          ["Helpline: ", { link: "0303 123 1113", href: "tel:+443031231113" }],
          ["Website: ", { link: "ico.org.uk/make-a-complaint", href: "https://ico.org.uk/make-a-complaint/" }],
        ),
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      blocks: [
        paragraph(
          'We will update this policy when the service or the law changes, and change the "Last updated" date above. If a change affects how we use your data, we will tell you in the wallet before it takes effect.',
        ),
      ],
    },
  ],
};
