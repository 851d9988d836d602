import type { ReactNode } from "react";
import { defineMessages, FormattedMessage, type MessageTag, useIntl } from "react-intl";
import { DURATION } from "#core/pitch/durations.ts";
import { CONTACTS, SERVICE } from "#core/pitch/programme.ts";
import { AUDIT_RETENTION, VERIFICATION_RECORD_RETENTION } from "#core/privacy/retention.ts";

/**
 * The privacy policy's summary (issue 21): what we collect, why, who sees it, how long we keep it,
 * your rights and how to contact us, in every language the page is offered in. It says what the
 * full policy below it says (server/legal/privacy-policy.ts), in fewer words.
 */
const m = defineMessages({
  title: { id: "legal.privacySummary.title", defaultMessage: "Summary" },
  intro: {
    id: "legal.privacySummary.intro",
    defaultMessage:
      "This is how UK Digital Identity uses your personal data, in short. The full policy below gives the details.",
  },
  collectTitle: { id: "legal.privacySummary.collect.title", defaultMessage: "What we collect" },
  collect: {
    id: "legal.privacySummary.collect.text",
    defaultMessage:
      "Your account details, the photos of your identity document and your face that you give once to prove who you are, the credentials in your wallet, records of the checks made with them, and usage figures that do not identify you.",
  },
  whyTitle: { id: "legal.privacySummary.why.title", defaultMessage: "Why we use it" },
  why: {
    id: "legal.privacySummary.why.text",
    defaultMessage:
      "To run your wallet and account, to check who you are (face matching only with your consent), to keep the records the law requires, to keep the service secure, and to improve this website.",
  },
  whoTitle: { id: "legal.privacySummary.who.title", defaultMessage: "Who sees it" },
  who: {
    id: "legal.privacySummary.who.text",
    defaultMessage:
      "Only the verifiers you choose to share with, and only the details you choose; the organisations that issue your credentials; our suppliers, only on our instructions; and the police or regulators where the law requires it. We never sell your data or use it for advertising.",
  },
  keepTitle: { id: "legal.privacySummary.keep.title", defaultMessage: "How long we keep it" },
  rightsTitle: { id: "legal.privacySummary.rights.title", defaultMessage: "Your rights" },
  rights: {
    id: "legal.privacySummary.rights.text",
    defaultMessage:
      "You can see, correct or delete your data, limit or object to how we use it, take a copy with you, withdraw your consent, and ask for a person to review any automated decision.",
  },
  contactTitle: { id: "legal.privacySummary.contact.title", defaultMessage: "How to contact us" },
});

const counted = defineMessages<{
  keep: { hours: string; years: string; months: string };
  contact: { email: string; phone: string; mail: MessageTag; tel: MessageTag };
}>({
  keep: {
    id: "legal.privacySummary.keep.text",
    defaultMessage:
      "Photos of your document and face: {hours}. Records of checks: {years}. Records of sign-ins and staff actions: {months}. Your account: until you close it.",
  },
  contact: {
    id: "legal.privacySummary.contact.text",
    defaultMessage:
      "Email our Data Protection Officer at <mail>{email}</mail>. If you are unhappy with how we use your data, you can complain to the Information Commissioner's Office (ICO) on <tel>{phone}</tel>.",
  },
});

const DPO = CONTACTS.dataProtectionOfficer.email;
const ICO_PHONE = "0303 123 1113";
const DAYS_PER_YEAR = 365;

/** The summary at the top of the privacy policy, in the page's language. */
export function PrivacySummary() {
  const intl = useIntl();
  return (
    <section aria-labelledby="summary-title" className="bg-govuk-grey-light dark:bg-slate-900/60">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
        <h2 id="summary-title" className="text-3xl font-bold text-govuk-black dark:text-slate-100">
          {intl.formatMessage(m.title)}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-govuk-black dark:text-slate-200">{intl.formatMessage(m.intro)}</p>
        <dl className="mt-6 grid max-w-4xl gap-x-8 gap-y-5 sm:grid-cols-[14rem_1fr]">
          <Point term={intl.formatMessage(m.collectTitle)}>{intl.formatMessage(m.collect)}</Point>
          <Point term={intl.formatMessage(m.whyTitle)}>{intl.formatMessage(m.why)}</Point>
          <Point term={intl.formatMessage(m.whoTitle)}>{intl.formatMessage(m.who)}</Point>
          <Point term={intl.formatMessage(m.keepTitle)}>
            <FormattedMessage
              {...counted.keep}
              values={{
                hours: intl.formatMessage(DURATION.hours, { count: SERVICE.rawDataDeletionHours.value }),
                years: intl.formatMessage(DURATION.years, {
                  count: Math.round(VERIFICATION_RECORD_RETENTION.days / DAYS_PER_YEAR),
                }),
                months: intl.formatMessage(DURATION.months, {
                  count: Math.round((AUDIT_RETENTION.days / DAYS_PER_YEAR) * 12),
                }),
              }}
            />
          </Point>
          <Point term={intl.formatMessage(m.rightsTitle)}>{intl.formatMessage(m.rights)}</Point>
          <Point term={intl.formatMessage(m.contactTitle)}>
            <FormattedMessage
              {...counted.contact}
              values={{
                email: DPO,
                phone: ICO_PHONE,
                // Addresses and numbers run left to right in every language (ADR 036).
                mail: (chunks) => (
                  <a href={`mailto:${DPO}`} dir="ltr">
                    {chunks}
                  </a>
                ),
                tel: (chunks) => (
                  <a href="tel:+443031231113" dir="ltr">
                    {chunks}
                  </a>
                ),
              }}
            />
          </Point>
        </dl>
      </div>
    </section>
  );
}

function Point({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-lg font-bold text-govuk-black dark:text-slate-100">{term}</dt>
      <dd className="text-lg text-govuk-black dark:text-slate-200 [&_a]:text-govuk-blue [&_a]:underline [&_a]:underline-offset-4 dark:[&_a]:text-govuk-blue-light">
        {children}
      </dd>
    </>
  );
}
