/**
 * /verifier/api-docs (the portal's Documentation row): the Verifier API described from its own
 * OpenAPI document, so it says what the worker really accepts: each operation's method and path,
 * summary, description, who may call it, parameters, request body fields and responses, and a
 * link to the raw JSON.
 */

import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import type { Tone } from "#core/format/tone.ts";
import type { ApiDocs, DocField, DocOperation, DocShape } from "#server/verification/api-docs.ts";

/** The OpenAPI document the worker serves (server/verification/openapi.ts). */
export const OPENAPI_JSON = "/api/verifications/openapi.json";

const METHOD_TONES: Record<string, Tone> = { GET: "info", POST: "ok" };

export function ApiDocsPage({
  docs,
}: {
  docs: ApiDocs & { errors: { name: string; fields: DocField[] }[]; outcome: DocShape | null };
}) {
  return (
    <SignedInPage
      back={{ to: "/verifier", label: "Back to Verifier Portal" }}
      title="API Documentation"
      lead={docs.description}
      aside={
        <a href={OPENAPI_JSON} className={buttonClasses("outline")} data-testid="link-openapi-raw">
          <Icon name="file" className="h-5 w-5" />
          OpenAPI JSON
        </a>
      }
    >
      <Card as="section" aria-labelledby="overview-heading" className="mt-8 p-5">
        <h2 id="overview-heading" className="text-xl font-bold">
          {docs.title}{" "}
          <span className="text-base font-normal text-govuk-grey dark:text-slate-400">version {docs.version}</span>
        </h2>
        <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Base address</dt>
          <dd>
            <code dir="ltr" className="break-all font-mono">
              {docs.server}
            </code>
          </dd>
          <dt className="font-semibold">Authentication</dt>
          <dd>
            An API key of your organisation, sent as{" "}
            <code dir="ltr" className="font-mono">
              Authorization: Bearer &lt;key&gt;
            </code>{" "}
            (create one in the Verifier Portal under API Integration), or a signed-in verifier&apos;s session. Keys act
            for the organisation that made them.
          </dd>
          <dt className="font-semibold">Errors</dt>
          <dd>
            Every refusal answers JSON with a{" "}
            <code dir="ltr" className="font-mono">
              message
            </code>{" "}
            and, for most, a{" "}
            <code dir="ltr" className="font-mono">
              code
            </code>
            ; the wallet-facing response endpoint answers OAuth errors (
            <code dir="ltr" className="font-mono">
              error
            </code>
            ,{" "}
            <code dir="ltr" className="font-mono">
              error_description
            </code>
            ).
          </dd>
          <dt className="font-semibold">The whole document</dt>
          <dd>
            <TextLink href={OPENAPI_JSON}>{OPENAPI_JSON}</TextLink> (OpenAPI 3.1)
          </dd>
        </dl>
        <nav aria-labelledby="operations-index-heading" className="mt-5">
          <h3 id="operations-index-heading" className="font-bold">
            Operations
          </h3>
          <ul className="mt-2 grid gap-1 md:grid-cols-2">
            {docs.operations.map((operation) => (
              <li key={operation.id} className="flex items-baseline gap-2">
                <MethodBadge method={operation.method} />
                <TextLink href={`#${operation.id}`} className="break-all font-mono text-sm">
                  {operation.path}
                </TextLink>
              </li>
            ))}
          </ul>
        </nav>
      </Card>

      {docs.outcome ? <OutcomeCard shape={docs.outcome} /> : null}

      <ol className="mt-8 grid gap-6" data-testid="api-operations">
        {docs.operations.map((operation) => (
          <OperationCard key={operation.id} operation={operation} />
        ))}
      </ol>

      <Card as="section" aria-labelledby="error-shapes-heading" className="mt-8 p-5">
        <h2 id="error-shapes-heading" className="text-xl font-bold">
          Error answers
        </h2>
        {docs.errors.map((shape) => (
          <div key={shape.name} className="mt-4">
            <h3 className="font-mono font-bold">{shape.name}</h3>
            <FieldTable fields={shape.fields} caption={`Fields of ${shape.name}`} />
          </div>
        ))}
      </Card>
    </SignedInPage>
  );
}

/**
 * Issue 20 (ADR 033): before any operation, what `valid` says and what it does not, and the
 * outcome every result carries beside it, so an integrator reading only `valid` is told otherwise.
 */
function OutcomeCard({ shape }: { shape: DocShape }) {
  return (
    <Card
      as="section"
      aria-labelledby="outcome-heading"
      className="mt-8 border-s-8 border-s-govuk-blue p-5 dark:border-s-sky-500"
      data-testid="api-outcome"
    >
      <h2 id="outcome-heading" className="text-xl font-bold">
        Reading a result:{" "}
        <code dir="ltr" className="font-mono">
          valid
        </code>{" "}
        and{" "}
        <code dir="ltr" className="font-mono">
          outcome
        </code>
      </h2>
      <p className="mt-2">
        <code dir="ltr" className="font-mono">
          valid: true
        </code>{" "}
        says only that the credential is genuine: signed by its issuer, in date, not revoked and presented by its
        holder. It does not say that the check passed: a genuine credential can show that the person is under 18 or has
        no right to work in the UK.
      </p>
      <p className="mt-2">
        <code dir="ltr" className="font-mono">
          outcome
        </code>{" "}
        says whether the check passed. Accept a check only when{" "}
        <code dir="ltr" className="font-mono">
          valid
        </code>{" "}
        is true and{" "}
        <code dir="ltr" className="font-mono">
          outcome.status
        </code>{" "}
        is{" "}
        <code dir="ltr" className="font-mono">
          passed
        </code>
        . What passing each check means is listed by{" "}
        <code dir="ltr" className="font-mono">
          GET /api/verifications/checks
        </code>
        .
      </p>
      {shape.description ? <p className="mt-2">{shape.description}</p> : null}
      <h3 className="mt-4 font-mono font-bold">{shape.name}</h3>
      <FieldTable fields={shape.fields} caption={`Fields of ${shape.name}`} />
    </Card>
  );
}

function MethodBadge({ method }: { method: string }) {
  return (
    <StatusBadge tone={METHOD_TONES[method] ?? "neutral"} className="w-14 justify-center font-mono">
      {method}
    </StatusBadge>
  );
}

function OperationCard({ operation }: { operation: DocOperation }) {
  const headingId = `${operation.id}-heading`;
  return (
    <Card
      as="li"
      id={operation.id}
      aria-labelledby={headingId}
      className="scroll-mt-4 p-5"
      data-testid="api-operation"
      data-method={operation.method}
      data-path={operation.path}
    >
      <h2 id={headingId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <MethodBadge method={operation.method} />
        <code dir="ltr" className="break-all font-mono text-lg font-bold">
          {operation.path}
        </code>
      </h2>
      <p className="mt-2 text-lg font-semibold">{operation.summary}</p>
      {operation.description ? <p className="mt-1">{operation.description}</p> : null}
      <p className="mt-2 text-sm">
        <span className="font-semibold">Who may call it: </span>
        {operation.auth}
      </p>

      {operation.parameters.length ? (
        <div className="mt-4">
          <h3 className="font-bold">Parameters</h3>
          <FieldTable
            fields={operation.parameters}
            caption={`Parameters of ${operation.method} ${operation.path}`}
            showIn
          />
        </div>
      ) : null}

      {operation.body ? (
        <div className="mt-4">
          <h3 className="font-bold">
            Request body{" "}
            <span className="font-normal text-govuk-grey dark:text-slate-400">
              ({operation.body.contentType}
              {operation.body.schemaName ? `, ${operation.body.schemaName}` : ""})
            </span>
          </h3>
          <FieldTable
            fields={operation.body.fields}
            caption={`Request body of ${operation.method} ${operation.path}`}
          />
        </div>
      ) : null}

      <div className="mt-4">
        <h3 className="font-bold">Responses</h3>
        <ul className="mt-2 grid gap-3">
          {operation.responses.map((response) => (
            <li key={response.status} data-testid="api-response" data-status={response.status}>
              <p>
                <StatusBadge tone={response.status.startsWith("2") ? "ok" : "bad"} className="me-2 font-mono">
                  {response.status}
                </StatusBadge>
                {response.description}
                {response.contentType ? (
                  <span className="text-govuk-grey dark:text-slate-400"> · {response.contentType}</span>
                ) : null}
                {response.schemaName ? (
                  <span className="text-govuk-grey dark:text-slate-400"> · {response.schemaName}</span>
                ) : null}
              </p>
              {response.fields.length ? (
                <FieldTable
                  fields={response.fields}
                  caption={`Fields of the ${response.status} answer to ${operation.method} ${operation.path}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function FieldTable({ fields, caption, showIn = false }: { fields: DocField[]; caption: string; showIn?: boolean }) {
  if (!fields.length) return <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">No fields.</p>;
  return (
    // Scrolls sideways on a narrow screen; focusable so a keyboard can scroll it too.
    // biome-ignore lint/a11y/useSemanticElements: a labelled scroll box inside the operation's section, not a section of the page
    <div
      role="region"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable so a keyboard can scroll it (WCAG 2.1.1)
      tabIndex={0}
      className="mt-2 overflow-x-auto"
    >
      <table className="w-full min-w-[36rem] table-fixed text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          <col className="w-[22%]" />
          {showIn ? <col className="w-[8%]" /> : null}
          <col className="w-[26%]" />
          <col className="w-[10%]" />
          <col />
        </colgroup>
        <thead>
          <tr className="border-b-2 border-govuk-border dark:border-slate-600">
            <th scope="col" className="py-1 pe-3">
              Name
            </th>
            {showIn ? (
              <th scope="col" className="py-1 pe-3">
                In
              </th>
            ) : null}
            <th scope="col" className="py-1 pe-3">
              Type
            </th>
            <th scope="col" className="py-1 pe-3">
              Required
            </th>
            <th scope="col" className="py-1">
              Description
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-b border-govuk-border/60 align-top dark:border-slate-700">
              <th scope="row" className="break-words py-1.5 pe-3 font-mono font-semibold">
                {field.name}
              </th>
              {showIn ? <td className="py-1.5 pe-3">{field.in}</td> : null}
              <td className="break-words py-1.5 pe-3 font-mono text-xs">{field.type}</td>
              <td className="py-1.5 pe-3">{field.required ? "Yes" : "No"}</td>
              <td className="py-1.5">{field.description ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
