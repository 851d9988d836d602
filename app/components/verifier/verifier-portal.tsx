/**
 * The Verifier Portal (spec 000 §2 "Verifier Portal"; issue 9), at /verifier and /verifier-portal:
 * the QR scan panel, "Request Specific Credentials", the Verification Result panel, Recent
 * Verifications from the organisation's record, and API Integration (keys, documentation, usage).
 */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { defineMessages, useIntl } from "react-intl";
import { apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import type { ValidationAnswer } from "#server/verification/api-schemas.ts";
import type { PortalPageData } from "#server/verification/portal-pages.ts";
import { ApiIntegration } from "./api-integration.tsx";
import { untyped } from "./messages.ts";
import { QrScanner } from "./qr-scanner.tsx";
import { RecentVerifications } from "./recent-verifications.tsx";
import { RequestPanel } from "./request-panel.tsx";
import { ResultPanel } from "./result-panel.tsx";
import { fromValidation, type ShownResult, toastResult } from "./verification-result.ts";

const messages = untyped(
  defineMessages({
    title: { id: "verifier.portal.title", defaultMessage: "Verifier Portal" },
    lead: {
      id: "verifier.portal.lead",
      defaultMessage: "Check a person’s credentials by QR code or by request, and keep the record of every check.",
    },
    checkingFor: {
      id: "verifier.portal.checkingFor",
      defaultMessage: "Checking for",
      description: "Above the name of the organisation the verifier checks for",
    },
    checking: { id: "verifier.portal.checking", defaultMessage: "Checking the presentation…" },
  }),
);

/** How many times Recent Verifications is reloaded while a new record has not reached it yet. */
const RECORD_REFRESHES = 5;
const RECORD_REFRESH_DELAY_MS = 1000;

export function VerifierPortal({ organisation, recent, recentTotal, usage, apiKeys, now }: PortalPageData) {
  const intl = useIntl();
  const { toast } = useToast();
  const revalidator = useRevalidator();
  const [shown, setShown] = useState<ShownResult | null>(null);
  const [validating, setValidating] = useState(false);
  const [focusResult, setFocusResult] = useState(0);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // After each new result the recent list is reloaded until it holds the new record (written
  // just after the answer), a few times at most.
  const [awaited, setAwaited] = useState<{ id: string; tries: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the revalidator is new each render; `recent` is the trigger
  useEffect(() => {
    if (!awaited) return;
    if (recent.some((entry) => entry.id === awaited.id) || awaited.tries >= RECORD_REFRESHES) {
      setAwaited(null);
      return;
    }
    const timer = window.setTimeout(
      () => {
        setAwaited({ id: awaited.id, tries: awaited.tries + 1 });
        revalidator.revalidate();
      },
      awaited.tries === 0 ? 0 : RECORD_REFRESH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
    // `recent` changes with every reload: look again then (the revalidator is new each render).
  }, [awaited, recent]);

  const show = useCallback((next: ShownResult, focus: boolean) => {
    setShown(next);
    if (focus) setFocusResult((n) => n + 1);
    if (next.recordId) setAwaited({ id: next.recordId, tries: 0 });
  }, []);

  useEffect(() => {
    if (focusResult) resultHeading.current?.focus();
  }, [focusResult]);

  /** A scanned or typed presentation: POST /api/presentations/validate, then the result. */
  const validate = useCallback(
    async (text: string) => {
      setValidating(true);
      try {
        const response = await apiRequest("POST", "/api/presentations/validate", { presentationJwt: text });
        const next = fromValidation((await response.json()) as ValidationAnswer);
        show(next, true);
        toastResult(next, toast, intl);
      } catch (error) {
        handleMutationError(error, toast, intl);
      } finally {
        setValidating(false);
      }
    },
    [show, toast, intl],
  );

  const fromRequestAnswer = useCallback((next: ShownResult) => show(next, false), [show]);

  return (
    <SignedInPage
      title={intl.formatMessage(messages.title)}
      lead={intl.formatMessage(messages.lead)}
      aside={
        <p
          className="rounded-sm border border-govuk-border bg-white px-4 py-2 dark:border-slate-700 dark:bg-slate-900"
          data-testid="portal-organisation"
        >
          <span className="block text-sm text-govuk-grey dark:text-slate-400">
            {intl.formatMessage(messages.checkingFor)}
          </span>
          <span className="font-bold">{organisation.name}</span>
        </p>
      }
    >
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        {/* The result sits under the scanner (what a scan answers at once); a request's QR code and
            the record are in the other column. On a phone: scan, result, request, record. */}
        <div className="grid min-w-0 gap-6">
          <QrScanner
            onScan={(text) => void validate(text)}
            onManualEntry={(text) => void validate(text)}
            disabled={validating}
          />
          <p role="status" className="sr-only">
            {validating ? intl.formatMessage(messages.checking) : ""}
          </p>
          <ResultPanel ref={resultHeading} shown={shown} organisation={organisation.name} />
        </div>
        <div className="grid min-w-0 gap-6">
          <RequestPanel allowedChecks={organisation.allowedChecks} onResult={fromRequestAnswer} />
          <RecentVerifications entries={recent} total={recentTotal} now={now} />
        </div>
      </div>
      <div className="mt-6">
        <ApiIntegration keys={apiKeys} usage={usage} />
      </div>
    </SignedInPage>
  );
}
