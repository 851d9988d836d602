/**
 * /assisted/sessions/{id}/paper: the printable page of a session's paper credentials (Generate
 * Paper QR; issue 10). Each code is the credential's offline presentation, scanned by the Verifier
 * Portal like a phone's, with its expiry and what the checker must also do. Its data is
 * server/assisted/paper-page.ts.
 */
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { PAGE_COLUMN } from "#app/components/ui/signed-in-page.tsx";
import { BackLink } from "#app/components/ui/text-link.tsx";
import { formatDate } from "#core/format/format.ts";
import type { PaperView } from "#server/assisted/paper-page.ts";

/** The printable page of a session's paper credentials. */
export function PaperPage({
  sessionId,
  papers,
  refusal,
}: {
  sessionId: string;
  papers: PaperView[];
  /** Why this person may not print now (issue 20: who, how long after issue, how many times). */
  refusal: string | null;
}) {
  return (
    <div className={`${PAGE_COLUMN} py-8`}>
      <div className="print:hidden">
        <BackLink to={`/assisted?session=${sessionId}`}>Back to the session</BackLink>
      </div>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl font-bold">Paper credential</h1>
        {refusal ? null : (
          <Button className="print:hidden" onClick={() => window.print()} data-testid="button-print">
            Print
          </Button>
        )}
      </div>
      {refusal ? (
        <p className="mt-6 border-s-4 border-govuk-red ps-3 dark:border-red-500" role="alert">
          {refusal}
        </p>
      ) : papers.length ? null : (
        <p className="mt-6">This session printed no paper credentials.</p>
      )}
      <ul className="mt-6 grid gap-6">
        {papers.map((paper) => (
          <li key={paper.credentialId}>
            <Card
              as="article"
              aria-labelledby={`paper-${paper.credentialId}`}
              className="flex flex-wrap gap-6 p-6 print:break-inside-avoid print:border-black"
              data-testid="paper-credential"
            >
              <QrCode
                value={paper.payload}
                label={`${paper.typeName} paper credential for ${paper.holderName}`}
                size={320}
              />
              <div className="min-w-0 max-w-prose">
                <h2 id={`paper-${paper.credentialId}`} className="text-2xl font-bold">
                  {paper.typeName}
                </h2>
                <p className="mt-1 text-lg">
                  Holder: <strong>{paper.holderName}</strong>
                </p>
                <p className="mt-1 text-lg" data-testid="paper-expiry">
                  Valid until <strong>{formatDate(paper.expiresAt)}</strong>
                </p>
                <h3 className="mt-4 font-bold">For whoever checks it</h3>
                <ul className="mt-1 list-disc space-y-1 ps-6">
                  <li>
                    Scan the code with the Verifier Portal's camera scanner: it checks the issuer's signature and
                    whether the credential has been revoked.
                  </li>
                  <li>This paper is not tied to a phone: check the holder's photo ID against the name above.</li>
                  <li>It shows only: {paper.disclosed.join(", ")}.</li>
                </ul>
                <h3 className="mt-4 font-bold">For the holder</h3>
                <p className="mt-1">
                  Keep it safe like any identity document. If it is lost, contact the service so that it can be
                  cancelled; until then it works for whoever holds it, until the date above.
                </p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
