/**
 * /verify/{shareId}: the public page a share link opens (issue 4; spec 000 §2 share dialog, §7;
 * docs/decisions/010-share-links.md). While the share is active: whether the credential is valid
 * right now, its type and its issuer, and nothing else (no names, dates of birth, claim values or
 * credential id). A link that is not a share's says "This link is not valid" on this layout, for
 * the member of the public holding it. Its data is server/shares/share-check.ts.
 */
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { formatDateTimeZoned } from "#core/format/format.ts";
import type { ShareCheck, ShareCheckOutcome } from "#server/shares/share-check.ts";

const PANEL: Record<ShareCheckOutcome, { title: string; tone: "green" | "red" | "grey" }> = {
  valid: { title: "Credential is valid", tone: "green" },
  revoked: { title: "Credential is not valid", tone: "red" },
  expired: { title: "Credential is not valid", tone: "red" },
  suspended: { title: "Credential is not valid", tone: "red" },
  failed: { title: "Credential is not valid", tone: "red" },
  unknown: { title: "Status unknown", tone: "grey" },
};

const PANEL_TONE = {
  green: "bg-govuk-green text-white",
  red: "bg-govuk-red text-white dark:bg-red-800",
  grey: "bg-govuk-black text-white dark:bg-slate-700",
};

export const INVALID_LINK_TITLE = "This link is not valid";

const ASK_AGAIN = "If you still need to check the credential, ask the person for a new link.";

/** The page: the check's result, or why there was none. */
export function VerifyPage({ data }: { data: ShareCheck }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-lg font-semibold text-govuk-grey dark:text-slate-400">Credential check</p>
      {data.kind === "checked" ? (
        <CheckResult data={data} />
      ) : data.kind === "invalid" ? (
        <Notice title={INVALID_LINK_TITLE} testId="verify-invalid">
          <p className="mt-4 text-lg">
            No credential can be checked with it. Check that the whole link was copied or typed: a share link ends in
            /verify/ and 22 letters, numbers, dashes or underscores.
          </p>
          <p className="mt-2 text-lg">{ASK_AGAIN}</p>
        </Notice>
      ) : (
        <Notice
          title={data.kind === "share-withdrawn" ? "This link has been withdrawn" : "This link has expired"}
          testId="verify-ended"
        >
          <p className="mt-4 text-lg">
            {data.kind === "share-withdrawn"
              ? "The person who shared it has withdrawn it, so it can no longer be used to check their credential."
              : "Share links work for 24 hours, so it can no longer be used to check the credential."}
          </p>
          <p className="mt-2 text-lg">{ASK_AGAIN}</p>
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
  const panel = PANEL[data.outcome];
  const { pathname } = useLocation();
  return (
    <>
      <div
        className={`mt-4 rounded-sm p-6 text-center sm:p-8 ${PANEL_TONE[panel.tone]}`}
        data-testid="verify-result"
        data-outcome={data.outcome}
      >
        <h1 className="text-3xl font-bold sm:text-5xl">{panel.title}</h1>
        <p className="mt-4 text-xl sm:text-2xl">
          {data.credentialName}
          <br />
          issued by the {data.issuerName}
        </p>
      </div>

      {data.reason ? (
        <div
          className="mt-6 border-s-8 border-govuk-red bg-white p-4 dark:border-red-500 dark:bg-slate-900"
          data-testid="verify-reason"
        >
          <h2 className="text-lg font-bold">Why it is not valid</h2>
          <p className="mt-1 text-lg">{data.reason}</p>
        </div>
      ) : null}

      <dl className="mt-8 divide-y divide-govuk-border border-y border-govuk-border dark:divide-slate-700 dark:border-slate-700">
        <SummaryRow label="Credential type" value={data.credentialName} />
        <SummaryRow label="Issued by" value={data.issuerName} />
        <SummaryRow
          label="Result"
          value={data.outcome === "valid" ? "Valid" : data.outcome === "unknown" ? "Status unknown" : "Not valid"}
        />
        <SummaryRow
          label="Checked"
          value={<time dateTime={data.checkedAt}>{formatDateTimeZoned(data.checkedAt)}</time>}
        />
        <SummaryRow
          label="This link expires"
          value={<time dateTime={data.linkExpiresAt}>{formatDateTimeZoned(data.linkExpiresAt)}</time>}
        />
      </dl>

      <p className="mt-6">
        {/* A plain link: checking again works without JavaScript and is recorded like the first check. */}
        <TextLink href={pathname} className="text-lg font-semibold">
          Check again
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
        About this check
      </h2>
      <ul className="mt-3 list-disc space-y-2 ps-6 text-lg">
        <li>
          Each time this page opens, it checks the issuer's digital signature, that the credential is in date, and
          whether the issuer has revoked it, asking the issuer's status service at that moment.
        </li>
        <li>It does not show who the credential belongs to. Confirm the person's identity separately.</li>
        <li>Each check is recorded, and the person who shared the link can see how many times it was opened.</li>
      </ul>
      <HomeLink />
    </section>
  );
}

function HomeLink() {
  return (
    <p className="mt-6">
      <TextLink to="/">About UK Digital Identity</TextLink>
    </p>
  );
}
