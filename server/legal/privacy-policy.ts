import { defineMessages, type IntlShape } from "@formatjs/intl";
import { DURATION, type DurationUnit } from "#core/pitch/durations.ts";
import { address, type LegalDocument, list, paragraph } from "#core/pitch/legal-content.ts";
import { CONTACTS, INCIDENTS, SERVICE } from "#core/pitch/programme.ts";
import { AUDIT_RETENTION, VERIFICATION_RECORD_RETENTION, WALLET_ACTIVITY_RETENTION } from "#core/privacy/retention.ts";
import { type LinkTarget, richText } from "./rich-text.ts";

const duration = (intl: IntlShape, unit: DurationUnit, count: number) => intl.formatMessage(DURATION[unit], { count });

/**
 * Spec 000 §2 and 001 §2 "Legal": the privacy policy's full text. The spec fixes one statement
 * (credentials are revocable within 60 seconds); the rest states how the product handles personal
 * data, using the spec's own claims (selective disclosure, no central tracking, 72-hour deletion,
 * §9 governance). Written in English and Welsh (issue 21): on a page in another language the
 * summary above it is translated and this text is shown in English. The periods come from
 * core/privacy/retention.ts (the Housekeeper deletes by them, ADR 031) and core/pitch.
 */
const m = defineMessages({
  whoTitle: { id: "legal.privacyPolicy.who.title", defaultMessage: "Who we are" },
  who1: {
    id: "legal.privacyPolicy.who.scope",
    defaultMessage:
      'This policy explains how the UK Digital Identity programme ("we", "us") uses personal data when you use the digital identity wallet, the verifier portal, assisted-digital kiosks and this website.',
  },
  who2: {
    id: "legal.privacyPolicy.who.purpose",
    defaultMessage:
      "UK Digital Identity lets you hold verifiable credentials, such as proof of your right to work, your right to rent or your DBS status, and share them with the organisations that need to check them. We designed it so that we learn as little about you as possible.",
  },
  rolesTitle: {
    id: "legal.privacyPolicy.roles.title",
    defaultMessage: "Our role and the roles of others under UK GDPR",
  },
  roles1: {
    id: "legal.privacyPolicy.roles.intro",
    defaultMessage:
      "Several organisations are involved when a credential is issued and checked. Each is responsible for different data:",
  },
  rolesUs: {
    id: "legal.privacyPolicy.roles.us",
    defaultMessage:
      "<b>We are the controller</b> for your account, the wallet service, identity proofing (the document and face checks you complete to prove who you are), assisted-digital sessions, security logs and this website.",
  },
  rolesIssuers: {
    id: "legal.privacyPolicy.roles.issuers",
    defaultMessage:
      "<b>Credential issuers</b> (for example the Home Office for right-to-work and right-to-rent credentials, and the Disclosure and Barring Service for DBS credentials) are controllers of the information in the credentials they issue and of their status.",
  },
  rolesVerifiers: {
    id: "legal.privacyPolicy.roles.verifiers",
    defaultMessage:
      "<b>Verifiers</b> (employers, landlords, housing associations, schools and councils) are controllers of the information you choose to share with them. When they use our verifier portal, we process that check on their behalf as their processor, under a written data processing agreement.",
  },
  rolesSuppliers: {
    id: "legal.privacyPolicy.roles.suppliers",
    defaultMessage:
      "<b>Our suppliers</b>, such as our hosting provider, act as our processors. They may use personal data only on our instructions.",
  },
  dataTitle: { id: "legal.privacyPolicy.data.title", defaultMessage: "The personal data we collect" },
  dataAccount: {
    id: "legal.privacyPolicy.data.account",
    defaultMessage: "Account details: your username, name, email address and a securely hashed password or passkey.",
  },
  dataEvidence: {
    id: "legal.privacyPolicy.data.evidence",
    defaultMessage:
      "Identity evidence: images of your identity documents and of your face, captured once to prove who you are. This is raw biometric and document data and is deleted after {hours}.",
  },
  dataCredentials: {
    id: "legal.privacyPolicy.data.credentials",
    defaultMessage: "Credentials: the credentials issued to you, held in your wallet.",
  },
  dataRecords: {
    id: "legal.privacyPolicy.data.records",
    defaultMessage:
      "Verification records: when a verifier uses our portal or someone opens a link you shared, which organisation asked, which credential type and attributes were requested, the result and the time. We do not keep the IP address or the browser details of your wallet or of the person who opened the link.",
  },
  dataAssisted: {
    id: "legal.privacyPolicy.data.assisted",
    defaultMessage:
      "Assisted-digital sessions: who helped you and when, the type of identity document you showed with the last 4 characters of its number and its expiry date, a supervisor's approval, the operator's check that you match the document, and which credentials were issued. The document's full number and any photo of it are held only in the session, and deleted {hours} after they were captured. Staff can see the records an authority holds about you only after a supervisor has approved the document and the operator has confirmed that you match it; each time they look, we record who looked and a keyed code of the document number (not the number itself).",
  },
  dataTechnical: {
    id: "legal.privacyPolicy.data.technical",
    defaultMessage:
      "Technical data: security logs, and usage figures without advertising or third-party trackers (see <usage>Usage figures and your choice</usage>).",
  },
  basesTitle: { id: "legal.privacyPolicy.bases.title", defaultMessage: "Why we use your data and our lawful bases" },
  basesWallet: {
    id: "legal.privacyPolicy.bases.wallet",
    defaultMessage:
      "<b>To provide your wallet and account</b>: performance of a contract with you (UK GDPR Article 6(1)(b)).",
  },
  basesFace: {
    id: "legal.privacyPolicy.bases.face",
    defaultMessage:
      "<b>To check your identity with face matching</b>: your explicit consent (Article 9(2)(a)), because this is biometric data. If you prefer not to use face matching, you can prove your identity with help at an assisted-digital kiosk instead.",
  },
  basesAudit: {
    id: "legal.privacyPolicy.bases.audit",
    defaultMessage:
      "<b>To keep the audit trail verifiers need</b>: compliance with a legal obligation (Article 6(1)(c)), because employers and landlords must be able to show they made the checks the law requires.",
  },
  basesSecurity: {
    id: "legal.privacyPolicy.bases.security",
    defaultMessage:
      "<b>To keep the service secure and prevent fraud</b>: our legitimate interests (Article 6(1)(f)) in protecting you, verifiers and the integrity of credentials.",
  },
  basesWebsite: {
    id: "legal.privacyPolicy.bases.website",
    defaultMessage:
      "<b>To understand how this website is used</b>: our legitimate interests in improving it, using page views that are not used to identify you.",
  },
  minTitle: {
    id: "legal.privacyPolicy.minimisation.title",
    defaultMessage: "Data minimisation and selective disclosure",
  },
  min1: {
    id: "legal.privacyPolicy.minimisation.choose",
    defaultMessage:
      "Every personal detail in a credential can be disclosed on its own. When a verifier asks for information, your wallet shows who is asking, what they want and why, and you choose what to share. For example, you can prove your right to work without handing over a copy of your passport.",
  },
  min2: {
    id: "legal.privacyPolicy.minimisation.verifiers",
    defaultMessage:
      "Verifiers using our portal can only ask for the attributes their check needs, and must state the purpose of each request.",
  },
  trackTitle: { id: "legal.privacyPolicy.noTracking.title", defaultMessage: "No central tracking" },
  track1: {
    id: "legal.privacyPolicy.noTracking.direct",
    defaultMessage:
      "Credentials are shared directly from your wallet to the verifier. We do not keep a central record of where you have used your credentials, and we do not use verification records to build a profile of you.",
  },
  track2: {
    id: "legal.privacyPolicy.noTracking.status",
    defaultMessage:
      "Revocation is checked with status lists that cover many credentials at once, so an issuer cannot tell whose credential a verifier is checking. Offline QR codes you show in person are valid for {minutes}.",
  },
  usageTitle: { id: "legal.privacyPolicy.usage.title", defaultMessage: "Usage figures and your choice" },
  usageIntro: {
    id: "legal.privacyPolicy.usage.intro",
    defaultMessage:
      "To see how the service is used and fix what goes wrong, we record usage figures. This is exactly what they contain:",
  },
  usagePages: {
    id: "legal.privacyPolicy.usage.pages",
    defaultMessage:
      "<b>Page views</b>: which page (with the code of a share link removed), when, and the website you came from as its address only (for example https://www.gov.uk, never the full link).",
  },
  usageActions: {
    id: "legal.privacyPolicy.usage.actions",
    defaultMessage:
      "<b>Actions</b>: which marked button or link you pressed and its label (up to 100 characters), that a form was sent (never what you typed in it), and the type of a file you downloaded.",
  },
  usageErrors: {
    id: "legal.privacyPolicy.usage.errors",
    defaultMessage:
      "<b>Errors your browser reports</b>: the error message, where in our code it happened and on which page, so we can fix it.",
  },
  usageVisit: {
    id: "legal.privacyPolicy.usage.visit",
    defaultMessage:
      "<b>Your visit while signed in</b>: when it started and ended, how long it lasted, how many pages you viewed and how many actions you took.",
  },
  usageDevice: {
    id: "legal.privacyPolicy.usage.device",
    defaultMessage:
      "<b>Your device, in general terms</b>: its class (tablet, mobile or desktop), your browser (for example Chrome) and operating system (for example Android). We do not keep the full description your browser sends (its user agent).",
  },
  usageVisitor: {
    id: "legal.privacyPolicy.usage.visitorCode",
    defaultMessage:
      "<b>A daily visitor code instead of your IP address</b>: we never store your IP address for usage figures. When a request arrives, we combine your address with a random secret made for that day (kept only by the service's housekeeping process, never in the database, and replaced when the day ends) and keep only the result of a one-way keyed hash (HMAC-SHA256). That lets us count a visitor once in a day without knowing who they are. The next day the same address gives a different code, so visits on different days cannot be linked, and once the day's secret is gone nobody, including us, can work out an address from what we keep. A similar code of your network lets us refuse a browser that sends more than 120 usage events a minute.",
  },
  usageCookies: {
    id: "legal.privacyPolicy.usage.noCookies",
    defaultMessage:
      "Usage figures use no cookies: each browser tab has a random visit number kept in that tab, which disappears when you close it. Detailed records are deleted after 90 days; after that we keep only totals (such as page views per hour) that identify no one.",
  },
  usageChoice: {
    id: "legal.privacyPolicy.usage.choice",
    defaultMessage:
      '<b>Your choice.</b> On <profile>your profile</profile>, under Privacy Preferences, answer "No, do not share" to "Share usage analytics?" (your profile then shows "Usage analytics: Not shared"). From then on, while you are signed in, we record no usage figures about you at all: no page views, actions, reported errors or visit record. Until you choose, your visits are counted as described above. Visits while you are not signed in cannot be linked to your choice and are counted anonymously.',
    description: "The quoted words are the profile page's own labels: use the same words as that page's translation.",
  },
  usageSecurity: {
    id: "legal.privacyPolicy.usage.security",
    defaultMessage: "Whatever you choose, we keep what security needs:",
  },
  usageSession: {
    id: "legal.privacyPolicy.usage.session",
    defaultMessage:
      "<b>Your login session record</b>: a hash of your session cookie, when you signed in and were last active, and when it expires. It is deleted when you sign out or it expires.",
  },
  usageSignIns: {
    id: "legal.privacyPolicy.usage.signIns",
    defaultMessage:
      "<b>Sign-in audit events</b>: successful and failed sign-ins and sign-outs, with the username, the time and a daily code of the IP address they came from (made as the daily visitor code is, never the address itself), so we can detect and stop attacks on accounts. They are deleted after {months}.",
  },
  usageServerErrors: {
    id: "legal.privacyPolicy.usage.serverErrors",
    defaultMessage:
      "<b>Server error records</b>: what failed on our side, when, the request's method and page, and its request id, so a fault you report can be traced and fixed.",
  },
  revTitle: { id: "legal.privacyPolicy.revocation.title", defaultMessage: "Revoking credentials" },
  rev1: {
    id: "legal.privacyPolicy.revocation.text",
    defaultMessage:
      "<b>Credentials are revocable within {seconds}.</b> If you report a lost or stolen device, or an issuer revokes a credential, every verifier sees the change within {seconds}, so a lost credential cannot be misused.",
  },
  shareTitle: { id: "legal.privacyPolicy.sharing.title", defaultMessage: "Who we share your data with" },
  shareVerifiers: {
    id: "legal.privacyPolicy.sharing.verifiers",
    defaultMessage: "Verifiers, only with your consent and only the attributes you choose to share.",
  },
  shareIssuers: {
    id: "legal.privacyPolicy.sharing.issuers",
    defaultMessage: "Credential issuers, to issue, update or revoke your credentials.",
  },
  shareProcessors: {
    id: "legal.privacyPolicy.sharing.processors",
    defaultMessage: "Our processors, under contract and only on our instructions.",
  },
  shareLaw: {
    id: "legal.privacyPolicy.sharing.law",
    defaultMessage: "Law enforcement or regulators, only where the law requires it.",
  },
  shareNever: {
    id: "legal.privacyPolicy.sharing.never",
    defaultMessage: "We never sell your personal data and never use it for advertising.",
  },
  keepTitle: { id: "legal.privacyPolicy.retention.title", defaultMessage: "How long we keep your data" },
  keepRaw: {
    id: "legal.privacyPolicy.retention.raw",
    defaultMessage:
      "<b>Raw biometric and document data</b> (document images and face captures): deleted after {hours}. At an assisted-digital session, the photo of your document and its full number are deleted automatically {hours} after they were captured, and the deletion is recorded.",
  },
  keepAssisted: {
    id: "legal.privacyPolicy.retention.assisted",
    defaultMessage:
      "<b>Assisted-digital session records</b> (the outcome of each step, without the photo or the full number): kept while your account is open, as the evidence of how your identity was checked.",
  },
  keepCredentials: {
    id: "legal.privacyPolicy.retention.credentials",
    defaultMessage: "<b>Credentials</b>: kept in your wallet until you delete them, they expire or they are revoked.",
  },
  keepActivity: {
    id: "legal.privacyPolicy.retention.activity",
    defaultMessage:
      "<b>Your wallet's activity</b> (the Recent Activity list: credentials added, revoked or checked and by whom, links shared, changes to your passkeys and password): each entry is deleted {months} after it happened.",
  },
  keepAccount: {
    id: "legal.privacyPolicy.retention.account",
    defaultMessage:
      "<b>Your account</b>: kept while your account is open. When you close it, we delete your account data, except records the law requires us to keep.",
  },
  keepRecords: {
    id: "legal.privacyPolicy.retention.records",
    defaultMessage:
      "<b>Verification records</b>: deleted {years} after the check. An employer must keep its own record of a right-to-work check while it employs you and for 2 years after; the verifier portal gives the employer a receipt to keep for that.",
  },
  keepAudit: {
    id: "legal.privacyPolicy.retention.audit",
    defaultMessage:
      "<b>Audit records</b> (sign-ins, refused access, and what staff and administrators did, such as approvals, reprints of paper credentials and revocations, with a daily code of the IP address instead of the address): deleted {months} after the event.",
  },
  keepLogs: {
    id: "legal.privacyPolicy.retention.logs",
    defaultMessage:
      "<b>Other security logs and usage figures</b>: detailed records are deleted after 90 days; after that we keep only totals that identify no one.",
  },
  secTitle: { id: "legal.privacyPolicy.security.title", defaultMessage: "How we protect your data" },
  secSigned: {
    id: "legal.privacyPolicy.security.signed",
    defaultMessage: "Credentials are signed with Ed25519 keys, so any change to them is detected.",
  },
  secEncrypted: {
    id: "legal.privacyPolicy.security.encrypted",
    defaultMessage: "Data is encrypted in transit and at rest, and stored in the UK.",
  },
  secDual: {
    id: "legal.privacyPolicy.security.dualControl",
    defaultMessage: "Sensitive operations at assisted-digital kiosks need dual control by two people.",
  },
  secCertified: {
    id: "legal.privacyPolicy.security.certified",
    defaultMessage:
      "The service is built to Cyber Essentials Plus (CE+) certification, with quarterly security audits and an annual privacy assessment.",
  },
  secBreach: {
    id: "legal.privacyPolicy.security.breach",
    defaultMessage:
      "If a personal data breach happens, we aim to detect it within {detect}, notify the Information Commissioner's Office within {ico} where the law requires, and publish a notification within {publish}.",
  },
  aiTitle: { id: "legal.privacyPolicy.ai.title", defaultMessage: "AI assistance and human review" },
  ai1: {
    id: "legal.privacyPolicy.ai.text",
    defaultMessage:
      "Our AI orchestration layer, Gabriel, helps check documents and route requests. It never makes a decision with legal or similarly significant effects on you by itself: a trained person reviews every adverse decision, and you can ask for any decision about you to be reviewed by a person.",
  },
  whereTitle: { id: "legal.privacyPolicy.transfers.title", defaultMessage: "Where your data is processed" },
  where1: {
    id: "legal.privacyPolicy.transfers.text",
    defaultMessage:
      "We store and process personal data in the UK. If a supplier ever needed to process it elsewhere, we would do so only with the safeguards UK GDPR requires, and we would update this policy first.",
  },
  cookiesTitle: { id: "legal.privacyPolicy.cookies.title", defaultMessage: "Cookies" },
  cookies1: {
    id: "legal.privacyPolicy.cookies.text",
    defaultMessage:
      "We use a session cookie to keep you signed in and a cookie to remember whether you chose dark mode. We do not use advertising cookies. See our <policy>Cookie Policy</policy>.",
  },
  rightsTitle: { id: "legal.privacyPolicy.rights.title", defaultMessage: "Your rights" },
  rightsIntro: { id: "legal.privacyPolicy.rights.intro", defaultMessage: "Under UK GDPR you have the right to:" },
  rightTold: { id: "legal.privacyPolicy.rights.told", defaultMessage: "be told how your data is used (this policy);" },
  rightCopy: { id: "legal.privacyPolicy.rights.copy", defaultMessage: "get a copy of your personal data;" },
  rightCorrect: { id: "legal.privacyPolicy.rights.correct", defaultMessage: "have inaccurate data corrected;" },
  rightDelete: { id: "legal.privacyPolicy.rights.delete", defaultMessage: "have your data deleted;" },
  rightObject: {
    id: "legal.privacyPolicy.rights.object",
    defaultMessage: "restrict or object to how we use your data;",
  },
  rightPortable: {
    id: "legal.privacyPolicy.rights.portable",
    defaultMessage: "receive your data in a portable format;",
  },
  rightWithdraw: {
    id: "legal.privacyPolicy.rights.withdraw",
    defaultMessage: "withdraw your consent at any time, for example to face matching;",
  },
  rightHuman: {
    id: "legal.privacyPolicy.rights.human",
    defaultMessage:
      "not be subject to decisions based solely on automated processing, and to ask for a person to review a decision.",
  },
  rightsHow: {
    id: "legal.privacyPolicy.rights.how",
    defaultMessage:
      "To use any of these rights, email our Data Protection Officer at <mail>{email}</mail>. We will reply without undue delay and within the time limits UK GDPR sets.",
  },
  contactTitle: { id: "legal.privacyPolicy.complaints.title", defaultMessage: "Contact us or complain to the ICO" },
  contact1: {
    id: "legal.privacyPolicy.complaints.contact",
    defaultMessage:
      "Contact our Data Protection Officer at <mail>{email}</mail> with any question about this policy or how we use your data.",
  },
  contact2: {
    id: "legal.privacyPolicy.complaints.ico",
    defaultMessage:
      "If you are unhappy with how we have used your data, you can complain to the Information Commissioner's Office (ICO), the UK's data protection regulator:",
  },
  icoName: { id: "legal.privacyPolicy.complaints.icoName", defaultMessage: "Information Commissioner's Office" },
  icoHelpline: { id: "legal.privacyPolicy.complaints.helpline", defaultMessage: "Helpline: <tel>{phone}</tel>" },
  icoWebsite: { id: "legal.privacyPolicy.complaints.website", defaultMessage: "Website: <web>{site}</web>" },
  changesTitle: { id: "legal.privacyPolicy.changes.title", defaultMessage: "Changes to this policy" },
  changes1: {
    id: "legal.privacyPolicy.changes.text",
    defaultMessage:
      'We will update this policy when the service or the law changes, and change the "Last updated" date above. If a change affects how we use your data, we will tell you in the wallet before it takes effect.',
  },
});

const DPO = CONTACTS.dataProtectionOfficer.email;
const ICO_PHONE = "0303 123 1113";
const ICO_SITE = "ico.org.uk/make-a-complaint";
const DAYS_PER_YEAR = 365;

/** The periods the text states, from core (the retention periods in whole years and months). */
function periods(intl: IntlShape) {
  return {
    hours: duration(intl, "hours", SERVICE.rawDataDeletionHours.value),
    minutes: duration(intl, "minutes", SERVICE.offlineQrValidityMinutes.value),
    seconds: duration(intl, "seconds", SERVICE.revocationSeconds.value),
    years: duration(intl, "years", Math.round(VERIFICATION_RECORD_RETENTION.days / DAYS_PER_YEAR)),
    auditMonths: duration(intl, "months", Math.round((AUDIT_RETENTION.days / DAYS_PER_YEAR) * 12)),
    activityMonths: duration(intl, "months", Math.round((WALLET_ACTIVITY_RETENTION.days / DAYS_PER_YEAR) * 12)),
    detect: duration(intl, "hours", INCIDENTS.detectionHours.value),
    ico: duration(intl, "hours", INCIDENTS.icoNotificationHours.value),
    publish: duration(intl, "hours", INCIDENTS.publicNotificationHours.value),
  };
}

const LINKS: Record<string, LinkTarget> = {
  usage: { href: "#usage-figures" },
  profile: { to: "/profile?edit=privacy#edit-privacy" },
  policy: { to: "/coming-soon/cookies" },
  mail: { href: `mailto:${DPO}` },
  tel: { href: "tel:+443031231113" },
  web: { href: "https://ico.org.uk/make-a-complaint/" },
};

/** The privacy policy's full text in `intl`'s language (English or Welsh). */
export function privacyPolicy(intl: IntlShape, locale: "en" | "cy"): LegalDocument {
  const t = (key: keyof typeof m, values: Record<string, string | number> = {}) =>
    richText(intl, m[key], values, LINKS);
  const title = (key: keyof typeof m) => intl.formatMessage(m[key]);
  const { hours, minutes, seconds, years, auditMonths, activityMonths, detect, ico, publish } = periods(intl);
  return {
    locale,
    lastUpdated: "2026-11-28",
    sections: [
      { id: "who-we-are", title: title("whoTitle"), blocks: [paragraph(t("who1")), paragraph(t("who2"))] },
      {
        id: "roles",
        title: title("rolesTitle"),
        blocks: [
          paragraph(t("roles1")),
          list(t("rolesUs"), t("rolesIssuers"), t("rolesVerifiers"), t("rolesSuppliers")),
        ],
      },
      {
        id: "data-we-collect",
        title: title("dataTitle"),
        blocks: [
          list(
            t("dataAccount"),
            t("dataEvidence", { hours }),
            t("dataCredentials"),
            t("dataRecords"),
            t("dataAssisted", { hours }),
            t("dataTechnical"),
          ),
        ],
      },
      {
        id: "lawful-bases",
        title: title("basesTitle"),
        blocks: [list(t("basesWallet"), t("basesFace"), t("basesAudit"), t("basesSecurity"), t("basesWebsite"))],
      },
      { id: "minimisation", title: title("minTitle"), blocks: [paragraph(t("min1")), paragraph(t("min2"))] },
      {
        id: "no-tracking",
        title: title("trackTitle"),
        blocks: [paragraph(t("track1")), paragraph(t("track2", { minutes }))],
      },
      {
        id: "usage-figures",
        title: title("usageTitle"),
        blocks: [
          paragraph(t("usageIntro")),
          list(
            t("usagePages"),
            t("usageActions"),
            t("usageErrors"),
            t("usageVisit"),
            t("usageDevice"),
            t("usageVisitor"),
          ),
          paragraph(t("usageCookies")),
          paragraph(t("usageChoice")),
          paragraph(t("usageSecurity")),
          list(t("usageSession"), t("usageSignIns", { months: auditMonths }), t("usageServerErrors")),
        ],
      },
      { id: "revocation", title: title("revTitle"), blocks: [paragraph(t("rev1", { seconds }))] },
      {
        id: "sharing",
        title: title("shareTitle"),
        blocks: [
          list(t("shareVerifiers"), t("shareIssuers"), t("shareProcessors"), t("shareLaw")),
          paragraph(t("shareNever")),
        ],
      },
      {
        id: "retention",
        title: title("keepTitle"),
        blocks: [
          list(
            t("keepRaw", { hours }),
            t("keepAssisted"),
            t("keepCredentials"),
            t("keepActivity", { months: activityMonths }),
            t("keepAccount"),
            t("keepRecords", { years }),
            t("keepAudit", { months: auditMonths }),
            t("keepLogs"),
          ),
        ],
      },
      {
        id: "security",
        title: title("secTitle"),
        blocks: [
          list(t("secSigned"), t("secEncrypted"), t("secDual"), t("secCertified")),
          paragraph(t("secBreach", { detect, ico, publish })),
        ],
      },
      { id: "ai", title: title("aiTitle"), blocks: [paragraph(t("ai1"))] },
      { id: "transfers", title: title("whereTitle"), blocks: [paragraph(t("where1"))] },
      { id: "cookies", title: title("cookiesTitle"), blocks: [paragraph(t("cookies1"))] },
      {
        id: "your-rights",
        title: title("rightsTitle"),
        blocks: [
          paragraph(t("rightsIntro")),
          list(
            t("rightTold"),
            t("rightCopy"),
            t("rightCorrect"),
            t("rightDelete"),
            t("rightObject"),
            t("rightPortable"),
            t("rightWithdraw"),
            t("rightHuman"),
          ),
          paragraph(t("rightsHow", { email: DPO })),
        ],
      },
      {
        id: "complaints",
        title: title("contactTitle"),
        blocks: [
          paragraph(t("contact1", { email: DPO })),
          paragraph(t("contact2")),
          address(
            t("icoName"),
            // The ICO's postal address, as the post needs it whatever the page's language.
            [{ asWritten: "Wycliffe House, Water Lane" }],
            [{ asWritten: "Wilmslow, Cheshire, SK9 5AF" }],
            t("icoHelpline", { phone: ICO_PHONE }),
            t("icoWebsite", { site: ICO_SITE }),
          ),
        ],
      },
      { id: "changes", title: title("changesTitle"), blocks: [paragraph(t("changes1"))] },
    ],
  };
}
