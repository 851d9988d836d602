import { forwardRef, type ReactNode, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { checkNameText } from "#core/verification/check-messages.ts";
import { untyped } from "./messages.ts";
import { attributeRows, OutcomeBadge, OutcomeLine, ResultBadge, zonedDateTime } from "./verification-display.tsx";
import { resultMessage, type ShownResult, withRecord } from "./verification-result.ts";

const messages = untyped(
  defineMessages({
    heading: { id: "verifier.resultPanel.heading", defaultMessage: "Verification Result" },
    checkedBy: {
      id: "verifier.resultPanel.checkedBy",
      defaultMessage: "Checked by {organisation} with the UK Digital Identity Verifier Portal",
      description: "Printed on paper under the result",
    },
    empty: {
      id: "verifier.resultPanel.empty",
      defaultMessage:
        "No verification yet. Scan a QR code or create a request, and the result of the check appears here.",
    },
    valid: { id: "verifier.resultPanel.summaryValid", defaultMessage: "The credential is valid" },
    invalid: { id: "verifier.resultPanel.summaryInvalid", defaultMessage: "The credential could not be verified" },
    expired: { id: "verifier.resultPanel.summaryExpired", defaultMessage: "The credential or the request has expired" },
    reason: {
      id: "verifier.resultPanel.reason",
      defaultMessage: "Reason:",
      description: "Said by screen readers before why a check failed",
    },
    check: { id: "verifier.resultPanel.check", defaultMessage: "Check", description: "Label: which check was made" },
    issuer: { id: "verifier.resultPanel.issuer", defaultMessage: "Issuer" },
    issuerCertificate: {
      id: "verifier.resultPanel.issuerCertificate",
      defaultMessage: "Signing certificate",
      description:
        "Label: the subject of the certificate that signed a credential trusted through the trust list (an mdoc, an SD-JWT VC of an issuer outside the platform), e.g. CN=PID Provider, O=Ministry",
    },
    issuerUnknown: {
      id: "verifier.resultPanel.issuerUnknown",
      defaultMessage: "Not known (the issuer's signature was not verified)",
    },
    checked: {
      id: "verifier.resultPanel.checked",
      defaultMessage: "Checked",
      description: "Label: when the check was made",
    },
    purpose: { id: "verifier.resultPanel.purpose", defaultMessage: "Purpose" },
    how: {
      id: "verifier.resultPanel.how",
      defaultMessage: "How",
      description: "Label: how the credential was presented",
    },
    howScan: { id: "verifier.resultPanel.howScan", defaultMessage: "QR code scanned or entered" },
    howRequest: {
      id: "verifier.resultPanel.howRequest",
      defaultMessage: "Verification request answered from a wallet",
    },
    record: {
      id: "verifier.resultPanel.record",
      defaultMessage: "Record",
      description: "Label: the verification record's id",
    },
    attributesSeen: { id: "verifier.resultPanel.attributesSeen", defaultMessage: "Attributes seen" },
    noAttributes: { id: "verifier.resultPanel.noAttributes", defaultMessage: "No attributes were disclosed." },
    matchConfirmed: {
      id: "verifier.resultPanel.matchConfirmed",
      defaultMessage: "Match Confirmed",
      description: "Toast title",
    },
    matchConfirmedDescription: {
      id: "verifier.resultPanel.matchConfirmedDescription",
      defaultMessage: "You confirmed that the person matches this credential",
    },
    downloadStarted: {
      id: "verifier.resultPanel.downloadStarted",
      defaultMessage: "Download Started",
      description: "Toast title",
    },
    downloadStartedDescription: {
      id: "verifier.resultPanel.downloadStartedDescription",
      defaultMessage: "Downloading the signed verification receipt...",
    },
    youConfirmed: {
      id: "verifier.resultPanel.youConfirmed",
      defaultMessage: "You confirmed the person matches ({time})",
      description: "{time} is the date and time of the confirmation",
    },
    confirming: { id: "verifier.resultPanel.confirming", defaultMessage: "Confirming..." },
    confirm: { id: "verifier.resultPanel.confirm", defaultMessage: "Confirm the person matches" },
    exporting: { id: "verifier.resultPanel.exporting", defaultMessage: "Exporting..." },
    export: { id: "verifier.resultPanel.export", defaultMessage: "Export Receipt" },
    print: { id: "verifier.resultPanel.print", defaultMessage: "Print" },
  }),
);

const RED_PANEL = "border-s-8 border-s-govuk-red bg-red-50 dark:border-s-red-500 dark:bg-red-950/40";

/**
 * The panel's colours: a red panel for a result that is not valid (spec 000 §8), and for a valid
 * credential that failed the check (ADR 033: "Under 18" is never shown green).
 */
const PANEL = {
  none: "",
  valid: "border-s-8 border-s-govuk-green dark:border-s-green-500",
  invalid: RED_PANEL,
  expired: RED_PANEL,
  failed: RED_PANEL,
} as const;

const panelOf = (shown: ShownResult | null): keyof typeof PANEL =>
  !shown ? "none" : shown.valid && shown.outcome?.status === "failed" ? "failed" : shown.result;

/**
 * The Verification Result panel (spec 000 §2, §4, §8): the badge (valid, invalid, expired), for a
 * valid credential the check's outcome (ADR 033: passed, or failed and why, in a red panel), the
 * attributes the person disclosed, the issuer, when, and the reason when it failed (a red panel);
 * "Confirm the person matches" for a valid result, Export Receipt (the signed PDF) and Print (only
 * this panel, black on white: app/tailwind.css). The heading takes focus after a scan, so the
 * person using a keyboard or a screen reader lands on what they asked for.
 */
export const ResultPanel = forwardRef<HTMLHeadingElement, { shown: ShownResult | null; organisation: string }>(
  function ResultPanel({ shown, organisation }, headingRef) {
    const intl = useIntl();
    return (
      <Card
        as="section"
        aria-labelledby="result-heading"
        className={`p-5 ${PANEL[panelOf(shown)]}`}
        data-testid="verification-result"
        data-result={shown?.result ?? "none"}
        data-outcome={shown?.outcome?.status ?? "none"}
        // Print shows this panel alone once it holds a result (app/tailwind.css).
        data-print-region={shown ? "" : undefined}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="result-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
            {intl.formatMessage(messages.heading)}
          </h2>
          {shown ? (
            <span className="flex flex-wrap gap-2">
              <ResultBadge result={shown.result} className="text-sm" />
              {shown.valid && shown.outcome ? <OutcomeBadge outcome={shown.outcome} className="text-sm" /> : null}
            </span>
          ) : null}
        </div>
        {/* On paper, whose check it was. */}
        <p className="hidden print:block">{intl.formatMessage(messages.checkedBy, { organisation })}</p>
        {shown ? (
          <ResultBody key={`${shown.recordId ?? ""}${shown.timestamp}`} shown={shown} />
        ) : (
          <p className="mt-3 text-govuk-grey dark:text-slate-400" data-testid="result-empty">
            {intl.formatMessage(messages.empty)}
          </p>
        )}
      </Card>
    );
  },
);

function ResultBody({ shown }: { shown: ShownResult }) {
  const intl = useIntl();
  const f = useFormats();
  const rows = attributeRows(shown.checkType, shown.presentedAttributes);
  return (
    <>
      <p className="mt-3 text-lg font-semibold" data-testid="result-summary">
        {intl.formatMessage(messages[shown.result])}
      </p>
      {/* Beside validity, whether the check passed: only a valid credential is judged against it. */}
      {shown.valid ? (
        <p className="mt-1 text-lg" data-testid="result-outcome">
          <OutcomeLine outcome={shown.outcome} />
        </p>
      ) : null}
      <p
        className={`mt-1 ${shown.valid ? "text-govuk-grey dark:text-slate-300" : "font-semibold text-red-800 dark:text-red-200"}`}
        data-testid="result-reason"
      >
        {shown.valid ? null : <span className="sr-only">{intl.formatMessage(messages.reason)} </span>}
        {resultMessage(intl, shown)}
      </p>

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <Row label={intl.formatMessage(messages.check)} value={checkNameText(intl, shown.checkType)} />
        <Row
          label={intl.formatMessage(messages.issuer)}
          value={shown.issuer ?? intl.formatMessage(messages.issuerUnknown)}
        />
        {/* Beside the trust list entry's name, who signed it as its certificate says (ADR 052). */}
        {shown.issuerCertificate ? (
          <Row
            label={intl.formatMessage(messages.issuerCertificate)}
            value={
              <span className="break-all" dir="ltr">
                {shown.issuerCertificate}
              </span>
            }
          />
        ) : null}
        <Row
          label={intl.formatMessage(messages.checked)}
          value={<time dateTime={shown.timestamp}>{zonedDateTime(f, shown.timestamp)}</time>}
        />
        {shown.purpose ? <Row label={intl.formatMessage(messages.purpose)} value={shown.purpose} /> : null}
        <Row
          label={intl.formatMessage(messages.how)}
          value={intl.formatMessage(shown.source === "scan" ? messages.howScan : messages.howRequest)}
        />
        {shown.recordId ? (
          <Row
            label={intl.formatMessage(messages.record)}
            value={
              <span className="break-all font-mono text-sm" dir="ltr">
                {shown.recordId}
              </span>
            }
          />
        ) : null}
      </dl>

      <h3 className="mt-5 font-bold">{intl.formatMessage(messages.attributesSeen)}</h3>
      {rows.length ? (
        <dl
          className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-sm border border-govuk-border bg-white p-3 dark:border-slate-600 dark:bg-slate-900"
          data-testid="result-attributes"
        >
          {rows.map((row) => (
            <Row key={row.key} label={row.label} value={row.value} />
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-govuk-grey dark:text-slate-300">{intl.formatMessage(messages.noAttributes)}</p>
      )}

      {shown.recordId ? <ResultActions recordId={shown.recordId} valid={shown.valid} /> : null}
    </>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-govuk-grey dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
}

/** The file name the receipt's Content-Disposition gives, else one of our own. */
function fileNameOf(response: Response, recordId: string): string {
  const match = /filename="?([^";]+)"?/i.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? `verification-receipt-${recordId}.pdf`;
}

/** One record's actions; a new result starts them afresh (ResultBody is keyed by its record). */
function ResultActions({ recordId, valid }: { recordId: string; valid: boolean }) {
  const intl = useIntl();
  const f = useFormats();
  const { toast } = useToast();
  const [matchedAt, setMatchedAt] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function confirmMatch() {
    setConfirming(true);
    try {
      const response = await withRecord(() => apiRequest("POST", `/api/verifications/${recordId}/visual-match`));
      const confirmed = (await response.json()) as { visualMatchAt: string };
      setMatchedAt(confirmed.visualMatchAt);
      toast({
        title: intl.formatMessage(messages.matchConfirmed),
        description: intl.formatMessage(messages.matchConfirmedDescription),
      });
    } catch (error) {
      handleMutationError(error, toast, intl);
    } finally {
      setConfirming(false);
    }
  }

  /** Downloads the signed PDF (spec: Export Receipt) from the record. */
  async function exportReceipt() {
    setExporting(true);
    try {
      const response = await withRecord(() => apiRequest("GET", `/api/verifications/${recordId}/receipt`));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response, recordId);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({
        title: intl.formatMessage(messages.downloadStarted),
        description: intl.formatMessage(messages.downloadStartedDescription),
      });
    } catch (error) {
      handleMutationError(error, toast, intl);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="mt-5">
      {/* Printed with the result: it is part of the evidence. */}
      <p
        className={`mb-3 flex items-center gap-2 font-semibold text-govuk-green dark:text-green-300 ${matchedAt ? "" : "sr-only"}`}
        role="status"
        data-testid={matchedAt ? "visual-match-confirmed" : undefined}
      >
        {matchedAt ? (
          <>
            <Icon name="check" className="h-5 w-5" />
            {intl.formatMessage(messages.youConfirmed, { time: zonedDateTime(f, matchedAt) })}
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-3 print:hidden">
        {valid && !matchedAt ? (
          <Button onClick={() => void confirmMatch()} disabled={confirming} data-testid="button-visual-match">
            <Icon name="user" className="h-5 w-5" />
            {intl.formatMessage(confirming ? messages.confirming : messages.confirm)}
          </Button>
        ) : null}
        <Button
          variant="outline"
          onClick={() => void exportReceipt()}
          disabled={exporting}
          data-testid="button-export-receipt"
        >
          <Icon name="download" className="h-5 w-5" />
          {intl.formatMessage(exporting ? messages.exporting : messages.export)}
        </Button>
        <Button variant="outline" onClick={() => window.print()} data-testid="button-print-result">
          <Icon name="file" className="h-5 w-5" />
          {intl.formatMessage(messages.print)}
        </Button>
      </div>
    </div>
  );
}
