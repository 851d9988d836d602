/**
 * /verify/{shareId}: the public page a share link opens (issue 4; spec 000 §2 share dialog, §7;
 * docs/decisions/010-share-links.md). Anybody holding the link sees, while the share is active,
 * whether the credential is valid right now (issuer signature, expiry and status fetched fresh,
 * failing closed), its type and its issuer, and nothing else: no names, dates of birth, claim
 * values or credential id. Every check is recorded in `presentations` and counted on the share.
 *
 * Works without JavaScript; never cached, never indexed, and the link does not travel onward in
 * a Referer header. A link that is not a share's (mistyped, cut short, unknown) answers 404 with
 * "This link is not valid" on this page's own layout, for the member of the public holding it:
 * never the developer's not-found page, never a 500.
 */
import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SITE_NAME } from "#app/components/meta.ts";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { formatDateTimeZoned } from "#core/format/format.ts";
import { CREDENTIAL_TYPES, isCredentialTypeCode } from "#core/issuers/registry.ts";
import { getUser } from "#server/accounts/authentication.ts";
import { credentialContext } from "#server/credentials/context.ts";
import { effectiveStatus } from "#server/credentials/credentials.ts";
import { checkCredentialNow, type LiveCheck, recordCheck } from "#server/credentials/live-check.ts";
import { openShare, SHARE_ID_PATTERN } from "#server/shares/shares.ts";

/** Recorded as the purpose of every check this page makes (the holder's verification count). */
export const SHARE_CHECK_PURPOSE = "Share link verification";

const PAGE_HEADERS = {
  // Each answer is a live check for one link: no cache may keep or replay it.
  "Cache-Control": "private, no-store",
  // The link is a bearer secret for 24 hours: never sent onward to a site linked from here.
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

type Outcome = "valid" | "revoked" | "expired" | "suspended" | "unknown" | "failed";

type VerifyData =
  | { kind: "invalid" }
  | { kind: "share-expired" }
  | { kind: "share-withdrawn" }
  | {
      kind: "checked";
      outcome: Outcome;
      /** Plain words for a result that is not valid. */
      reason: string | null;
      credentialName: string;
      issuerName: string;
      checkedAt: string;
      linkExpiresAt: string;
    };

const answer = (data: VerifyData, status = 200) => json<VerifyData>(data, { status, headers: PAGE_HEADERS });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Also the module of /verify/* (remix.config.js): a link with its id missing or something added.
  const shareId = params["*"] === undefined ? (params.shareId ?? "") : "";
  if (!SHARE_ID_PATTERN.test(shareId)) return answer({ kind: "invalid" }, 404);

  const now = new Date();
  // Counts the view when the share is active.
  const opened = await openShare(context.db, shareId, now);
  if (!opened) return answer({ kind: "invalid" }, 404);
  const { share, credential } = opened;
  // A share that has ended says so and nothing more: not even the credential's type.
  if (share.status === "revoked") return answer({ kind: "share-withdrawn" });
  if (share.status === "expired") return answer({ kind: "share-expired" });

  const wallet = await credentialContext(context, request.url);
  const result = await checkCredentialNow({
    vcJwt: credential.vcJwt,
    type: credential.type,
    keys: wallet.keys,
    base: wallet.base,
    fetchStatus: wallet.fetchStatus,
    storedStatus: effectiveStatus(credential, now),
    now,
  });

  const viewer = await getUser(request, context);
  await recordCheck(wallet.db, {
    credentialId: credential.id,
    purpose: SHARE_CHECK_PURPOSE,
    requestId: share.id,
    result,
    verifierId: viewer?.id ?? null,
    ipAddress: request.headers.get("CF-Connecting-IP")?.trim() || null,
    userAgent: request.headers.get("User-Agent"),
  });

  const type = isCredentialTypeCode(credential.type) ? CREDENTIAL_TYPES[credential.type] : undefined;
  const outcome = outcomeOf(result);
  return answer({
    kind: "checked",
    outcome,
    reason: outcome === "valid" ? null : reasonInWords(outcome, result, Boolean(credential.metadata?.replacedBy)),
    credentialName: type?.longName ?? share.credentialName,
    issuerName: result.issuer,
    checkedAt: result.checkedAt,
    linkExpiresAt: share.expiryDate,
  });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

function outcomeOf(result: LiveCheck): Outcome {
  if (result.valid) return "valid";
  switch (result.reason) {
    case "STATUS_REVOKED":
      return "revoked";
    case "EXPIRED":
      return "expired";
    case "STATUS_SUSPENDED":
      return "suspended";
    // The issuer's status list could not be fetched or trusted: unknown, not revoked (fail closed, ADR 009).
    case "STATUS_UNKNOWN":
    case "STATUS_TOKEN_MALFORMED":
    case "STATUS_TOKEN_WRONG_TYP":
    case "STATUS_TOKEN_BAD_SIGNATURE":
    case "STATUS_TOKEN_EXPIRED":
    case "STATUS_SUB_MISMATCH":
    case "STATUS_LIST_INVALID":
    case "STATUS_LIST_TOO_LARGE":
      return "unknown";
    default:
      return "failed";
  }
}

function reasonInWords(outcome: Outcome, result: LiveCheck, replaced: boolean): string {
  switch (outcome) {
    case "revoked":
      return replaced
        ? "This copy of the credential was revoked when the holder had it issued again. Ask them for a new link."
        : `The ${result.issuer} has revoked this credential.`;
    case "expired":
      return "This credential has expired.";
    case "suspended":
      return `The ${result.issuer} has suspended this credential.`;
    case "unknown":
      return `We could not confirm the credential's status with the ${result.issuer} just now, so it cannot be treated as valid. Try again in a few minutes.`;
    default:
      // The core's messages never echo token content (core/credentials/errors.ts): safe to show.
      return `The credential failed a security check: ${result.message}`;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.kind === "invalid" ? INVALID_LINK_TITLE : "Credential check"} | ${SITE_NAME}` },
  { name: "description", content: "Check whether a shared credential is valid right now." },
  { name: "robots", content: "noindex" },
  // The header says so too; the meta tag holds if a proxy drops the header.
  { name: "referrer", content: "no-referrer" },
];

const PANEL: Record<Outcome, { title: string; tone: "green" | "red" | "grey" }> = {
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

export default function VerifyShare() {
  const data = useLoaderData<typeof loader>();
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
        className="mt-4 border-l-8 border-govuk-grey bg-white p-6 dark:border-slate-500 dark:bg-slate-900"
        data-testid={testId}
      >
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        {children}
      </div>
      <HomeLink />
    </>
  );
}

function CheckResult({ data }: { data: Extract<VerifyData, { kind: "checked" }> }) {
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
          className="mt-6 border-l-8 border-govuk-red bg-white p-4 dark:border-red-500 dark:bg-slate-900"
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
      <ul className="mt-3 list-disc space-y-2 pl-6 text-lg">
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
