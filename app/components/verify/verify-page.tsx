/**
 * /verify/{shareId}: the public page a share link opens (issue 4; spec 000 §2 share dialog, §7;
 * docs/decisions/010-share-links.md). While the share is active: whether the credential is valid
 * right now, its type and its issuer, and nothing else (no names, dates of birth, claim values or
 * credential id). A link that is not a share's says "This link is not valid" on this layout, for
 * the member of the public holding it. Its data is server/shares/share-check.ts.
 */

import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { defineMessages, FormattedMessage, type NoMessageValues as NoValues, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { formatDateTimeZoned } from "#core/format/format.ts";
import type { ShareCheck, ShareCheckOutcome } from "#server/shares/share-check.ts";

export const messages = defineMessages<{
  heading: NoValues;
  valid: NoValues;
  notValid: NoValues;
  unknown: NoValues;
  invalidLink: NoValues;
  invalidText: NoValues;
  askAgain: NoValues;
  withdrawn: NoValues;
  withdrawnText: NoValues;
  expired: NoValues;
  expiredText: NoValues;
  issuedBy: { issuer: string };
  why: NoValues;
  type: NoValues;
  issuer: NoValues;
  result: NoValues;
  resultValid: NoValues;
  resultNotValid: NoValues;
  checked: NoValues;
  linkExpires: NoValues;
  ukTime: { dateTime: string };
  checkAgain: NoValues;
  about: NoValues;
  about1: NoValues;
  about2: NoValues;
  about3: NoValues;
  home: NoValues;
  metaCheck: NoValues;
  metaInvalid: NoValues;
  metaDescription: NoValues;
}>({
  heading: { id: "verify.page.heading", defaultMessage: "Credential check" },
  valid: { id: "verify.page.valid", defaultMessage: "Credential is valid" },
  notValid: { id: "verify.page.notValid", defaultMessage: "Credential is not valid" },
  unknown: { id: "verify.page.unknown", defaultMessage: "Status unknown" },
  invalidLink: { id: "verify.page.invalidLink", defaultMessage: "This link is not valid" },
  invalidText: {
    id: "verify.page.invalidText",
    defaultMessage:
      "No credential can be checked with it. Check that the whole link was copied or typed: a share link ends in /verify/ and 22 letters, numbers, dashes or underscores.",
  },
  askAgain: {
    id: "verify.page.askAgain",
    defaultMessage: "If you still need to check the credential, ask the person for a new link.",
  },
  withdrawn: { id: "verify.page.withdrawn", defaultMessage: "This link has been withdrawn" },
  withdrawnText: {
    id: "verify.page.withdrawnText",
    defaultMessage: "The person who shared it has withdrawn it, so it can no longer be used to check their credential.",
  },
  expired: { id: "verify.page.expired", defaultMessage: "This link has expired" },
  expiredText: {
    id: "verify.page.expiredText",
    defaultMessage: "Share links work for 24 hours, so it can no longer be used to check the credential.",
  },
  issuedBy: {
    id: "verify.page.issuedBy",
    defaultMessage: "issued by the {issuer}",
    description: "Under the credential's name; {issuer} is an authority's name in English, e.g. 'Home Office'",
  },
  why: { id: "verify.page.why", defaultMessage: "Why it is not valid" },
  type: { id: "verify.page.type", defaultMessage: "Credential type" },
  issuer: { id: "verify.page.issuer", defaultMessage: "Issued by" },
  result: { id: "verify.page.result", defaultMessage: "Result" },
  resultValid: { id: "verify.page.resultValid", defaultMessage: "Valid" },
  resultNotValid: { id: "verify.page.resultNotValid", defaultMessage: "Not valid" },
  checked: { id: "verify.page.checked", defaultMessage: "Checked", description: "Label of when the check was made" },
  linkExpires: { id: "verify.page.linkExpires", defaultMessage: "This link expires" },
  ukTime: {
    id: "verify.page.ukTime",
    defaultMessage: "{dateTime} (UK time)",
    description: "A date and time on UK clocks, for people reading it abroad",
  },
  checkAgain: { id: "verify.page.checkAgain", defaultMessage: "Check again" },
  about: { id: "verify.page.about", defaultMessage: "About this check" },
  about1: {
    id: "verify.page.about1",
    defaultMessage:
      "Each time this page opens, it checks the issuer's digital signature, that the credential is in date, and whether the issuer has revoked it, asking the issuer's status service at that moment.",
  },
  about2: {
    id: "verify.page.about2",
    defaultMessage: "It does not show who the credential belongs to. Confirm the person's identity separately.",
  },
  about3: {
    id: "verify.page.about3",
    defaultMessage: "Each check is recorded, and the person who shared the link can see how many times it was opened.",
  },
  home: { id: "verify.page.home", defaultMessage: "About UK Digital Identity" },
  metaCheck: { id: "verify.meta.title", defaultMessage: "Credential check | UK Digital Identity" },
  metaInvalid: { id: "verify.meta.invalidTitle", defaultMessage: "This link is not valid | UK Digital Identity" },
  metaDescription: {
    id: "verify.meta.description",
    defaultMessage: "Check whether a shared credential is valid right now.",
  },
});

const PANEL: Record<
  ShareCheckOutcome,
  { title: (typeof messages)["valid" | "notValid" | "unknown"]; tone: "green" | "red" | "grey" }
> = {
  valid: { title: messages.valid, tone: "green" },
  revoked: { title: messages.notValid, tone: "red" },
  expired: { title: messages.notValid, tone: "red" },
  suspended: { title: messages.notValid, tone: "red" },
  failed: { title: messages.notValid, tone: "red" },
  unknown: { title: messages.unknown, tone: "grey" },
};

const PANEL_TONE = {
  green: "bg-govuk-green text-white",
  red: "bg-govuk-red text-white dark:bg-red-800",
  grey: "bg-govuk-black text-white dark:bg-slate-700",
};

/** The page: the check's result, or why there was none. */
export function VerifyPage({ data }: { data: ShareCheck }) {
  const intl = useIntl();
  const withdrawn = data.kind === "share-withdrawn";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-lg font-semibold text-govuk-grey dark:text-slate-400">
        <FormattedMessage {...messages.heading} />
      </p>
      {data.kind === "checked" ? (
        <CheckResult data={data} />
      ) : data.kind === "invalid" ? (
        <Notice title={intl.formatMessage(messages.invalidLink)} testId="verify-invalid">
          <p className="mt-4 text-lg">
            <FormattedMessage {...messages.invalidText} />
          </p>
          <p className="mt-2 text-lg">
            <FormattedMessage {...messages.askAgain} />
          </p>
        </Notice>
      ) : (
        <Notice title={intl.formatMessage(withdrawn ? messages.withdrawn : messages.expired)} testId="verify-ended">
          <p className="mt-4 text-lg">
            <FormattedMessage {...(withdrawn ? messages.withdrawnText : messages.expiredText)} />
          </p>
          <p className="mt-2 text-lg">
            <FormattedMessage {...messages.askAgain} />
          </p>
        </Notice>
      )}
    </div>
  );
}

/** Why no check was made: a link that is not valid, or a share that has ended. */
function Notice({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <>
      <div
        className="mt-4 border-s-8 border-govuk-grey bg-white p-6 dark:border-slate-500 dark:bg-slate-900"
        data-testid={testId}
      >
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        {children}
      </div>
      <HomeLink />
    </>
  );
}

function CheckResult({ data }: { data: Extract<ShareCheck, { kind: "checked" }> }) {
  const intl = useIntl();
  const f = useFormats();
  const panel = PANEL[data.outcome];
  const { pathname } = useLocation();
  // English keeps the spec's "12 Apr 2026, 14:05 BST"; other languages say UK time in words.
  const zoned = (value: string) =>
    f.locale === "en"
      ? formatDateTimeZoned(value)
      : intl.formatMessage(messages.ukTime, { dateTime: f.dateTime(value) });
  return (
    <>
      <div
        className={`mt-4 rounded-sm p-6 text-center sm:p-8 ${PANEL_TONE[panel.tone]}`}
        data-testid="verify-result"
        data-outcome={data.outcome}
      >
        <h1 className="text-3xl font-bold sm:text-5xl">
          <FormattedMessage {...panel.title} />
        </h1>
        <p className="mt-4 text-xl sm:text-2xl">
          {data.credentialName}
          <br />
          <FormattedMessage {...messages.issuedBy} values={{ issuer: data.issuerName }} />
        </p>
      </div>

      {data.reason ? (
        <div
          className="mt-6 border-s-8 border-govuk-red bg-white p-4 dark:border-red-500 dark:bg-slate-900"
          data-testid="verify-reason"
        >
          <h2 className="text-lg font-bold">
            <FormattedMessage {...messages.why} />
          </h2>
          <p className="mt-1 text-lg">{data.reason}</p>
        </div>
      ) : null}

      <dl className="mt-8 divide-y divide-govuk-border border-y border-govuk-border dark:divide-slate-700 dark:border-slate-700">
        <SummaryRow label={intl.formatMessage(messages.type)} value={data.credentialName} />
        <SummaryRow label={intl.formatMessage(messages.issuer)} value={data.issuerName} />
        <SummaryRow
          label={intl.formatMessage(messages.result)}
          value={intl.formatMessage(
            data.outcome === "valid"
              ? messages.resultValid
              : data.outcome === "unknown"
                ? messages.unknown
                : messages.resultNotValid,
          )}
        />
        <SummaryRow
          label={intl.formatMessage(messages.checked)}
          value={<time dateTime={data.checkedAt}>{zoned(data.checkedAt)}</time>}
        />
        <SummaryRow
          label={intl.formatMessage(messages.linkExpires)}
          value={<time dateTime={data.linkExpiresAt}>{zoned(data.linkExpiresAt)}</time>}
        />
      </dl>

      <p className="mt-6">
        {/* A plain link: checking again works without JavaScript and is recorded like the first check. */}
        <TextLink href={pathname} className="text-lg font-semibold">
          <FormattedMessage {...messages.checkAgain} />
        </TextLink>
      </p>
      <AboutThisCheck />
    </>
  );
}

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="font-bold">{label}</dt>
      <dd className="sm:col-span-2">{value}</dd>
    </div>
  );
}

function AboutThisCheck() {
  return (
    <section aria-labelledby="about-check" className="mt-10">
      <h2 id="about-check" className="text-2xl font-bold">
        <FormattedMessage {...messages.about} />
      </h2>
      <ul className="mt-3 list-disc space-y-2 ps-6 text-lg">
        <li>
          <FormattedMessage {...messages.about1} />
        </li>
        <li>
          <FormattedMessage {...messages.about2} />
        </li>
        <li>
          <FormattedMessage {...messages.about3} />
        </li>
      </ul>
      <HomeLink />
    </section>
  );
}

function HomeLink() {
  return (
    <p className="mt-6">
      <TextLink to="/">
        <FormattedMessage {...messages.home} />
      </TextLink>
    </p>
  );
}
