/**
 * /verifier/api-docs (the portal's Documentation row): the Verifier API described from its own
 * OpenAPI document, so it says what the worker really accepts: each operation's method and path,
 * summary, description, who may call it, parameters, request body fields and responses, and a
 * link to the raw JSON. The document's own words are English (one document, also served as JSON to
 * integrators): each is marked lang="en" (WCAG 3.1.2); its names (fields, schemas) are code,
 * marked translate="no".
 */

import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon } from "#app/components/ui/icons.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import type { Tone } from "#core/format/tone.ts";
import type { ApiDocs, DocField, DocOperation, DocShape } from "#server/verification/api-docs.ts";
import { untyped } from "./messages.ts";

/** The OpenAPI document the worker serves (server/verification/openapi.ts). */
export const OPENAPI_JSON = "/api/verifications/openapi.json";

const messages = untyped(
  defineMessages({
    back: { id: "verifier.apiDocs.back", defaultMessage: "Back to Verifier Portal" },
    title: { id: "verifier.apiDocs.title", defaultMessage: "API Documentation" },
    openApiJson: { id: "verifier.apiDocs.openApiJson", defaultMessage: "OpenAPI JSON" },
    version: { id: "verifier.apiDocs.version", defaultMessage: "version {version}" },
    baseAddress: { id: "verifier.apiDocs.baseAddress", defaultMessage: "Base address" },
    authentication: { id: "verifier.apiDocs.authentication", defaultMessage: "Authentication" },
    authenticationText: {
      id: "verifier.apiDocs.authenticationText",
      defaultMessage:
        "An API key of your organisation, sent as <code></code> (create one in the Verifier Portal under API Integration), or a signed-in verifier's session. Keys act for the organisation that made them.",
      description: "<code></code> shows the header 'Authorization: Bearer <key>', which is not translated",
    },
    errors: { id: "verifier.apiDocs.errors", defaultMessage: "Errors" },
    errorsText: {
      id: "verifier.apiDocs.errorsText",
      defaultMessage:
        "Every refusal answers JSON with a <message></message> and, for most, a <code></code>; the wallet-facing response endpoint answers OAuth errors (<error></error>, <description></description>).",
      description: "Each empty tag shows a JSON field name, which is not translated",
    },
    wholeDocument: { id: "verifier.apiDocs.wholeDocument", defaultMessage: "The whole document" },
    operations: { id: "verifier.apiDocs.operations", defaultMessage: "Operations" },
    errorAnswers: { id: "verifier.apiDocs.errorAnswers", defaultMessage: "Error answers" },
    fieldsOf: { id: "verifier.apiDocs.fieldsOf", defaultMessage: "Fields of {name}" },
    readingHeading: {
      id: "verifier.apiDocs.readingHeading",
      defaultMessage: "Reading a result: <valid></valid> and <outcome></outcome>",
      description: "Each empty tag shows a JSON field name, which is not translated",
    },
    validMeans: {
      id: "verifier.apiDocs.validMeans",
      defaultMessage:
        "<validTrue></validTrue> says only that the credential is genuine: signed by its issuer, in date, not revoked and presented by its holder. It does not say that the check passed: a genuine credential can show that the person is under 18 or has no right to work in the UK.",
      description: "Each empty tag shows JSON, which is not translated",
    },
    outcomeMeans: {
      id: "verifier.apiDocs.outcomeMeans",
      defaultMessage:
        "<outcome></outcome> says whether the check passed. Accept a check only when <valid></valid> is true and <status></status> is <passed></passed>. What passing each check means is listed by <checks></checks>.",
      description: "Each empty tag shows JSON or an address, which is not translated",
    },
    whoMayCall: { id: "verifier.apiDocs.whoMayCall", defaultMessage: "Who may call it:" },
    parameters: { id: "verifier.apiDocs.parameters", defaultMessage: "Parameters" },
    parametersOf: { id: "verifier.apiDocs.parametersOf", defaultMessage: "Parameters of {operation}" },
    requestBody: { id: "verifier.apiDocs.requestBody", defaultMessage: "Request body" },
    requestBodyOf: { id: "verifier.apiDocs.requestBodyOf", defaultMessage: "Request body of {operation}" },
    responses: { id: "verifier.apiDocs.responses", defaultMessage: "Responses" },
    answerFields: {
      id: "verifier.apiDocs.answerFields",
      defaultMessage: "Fields of the {status} answer to {operation}",
      description: "{status} is an HTTP status, e.g. 200; {operation} a method and path",
    },
    noFields: { id: "verifier.apiDocs.noFields", defaultMessage: "No fields." },
    name: { id: "verifier.apiDocs.name", defaultMessage: "Name" },
    in: {
      id: "verifier.apiDocs.in",
      defaultMessage: "In",
      description: "Column: where a parameter goes (path, query)",
    },
    type: { id: "verifier.apiDocs.type", defaultMessage: "Type" },
    required: { id: "verifier.apiDocs.required", defaultMessage: "Required" },
    description: { id: "verifier.apiDocs.description", defaultMessage: "Description" },
    yes: { id: "verifier.apiDocs.yes", defaultMessage: "Yes" },
    no: { id: "verifier.apiDocs.no", defaultMessage: "No" },
  }),
);

/** A piece of code in running text: always left to right, never translated. */
const code = (text: string) => () => (
  <code dir="ltr" className="font-mono">
    {text}
  </code>
);

const METHOD_TONES: Record<string, Tone> = { GET: "info", POST: "ok" };

export function ApiDocsPage({
  docs,
}: {
  docs: ApiDocs & { errors: { name: string; fields: DocField[] }[]; outcome: DocShape | null };
}) {
  const intl = useIntl();
  return (
    <SignedInPage
      back={{ to: "/verifier", label: intl.formatMessage(messages.back) }}
      title={intl.formatMessage(messages.title)}
      lead={<span lang="en">{docs.description}</span>}
      aside={
        <a href={OPENAPI_JSON} className={buttonClasses("outline")} data-testid="link-openapi-raw">
          <Icon name="file" className="h-5 w-5" />
          {intl.formatMessage(messages.openApiJson)}
        </a>
      }
    >
      <Card as="section" aria-labelledby="overview-heading" className="mt-8 p-5">
        <h2 id="overview-heading" className="text-xl font-bold">
          <span lang="en">{docs.title}</span>{" "}
          <span className="text-base font-normal text-govuk-grey dark:text-slate-400">
            {intl.formatMessage(messages.version, { version: docs.version })}
          </span>
        </h2>
        <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{intl.formatMessage(messages.baseAddress)}</dt>
          <dd>
            <code dir="ltr" className="break-all font-mono">
              {docs.server}
            </code>
          </dd>
          <dt className="font-semibold">{intl.formatMessage(messages.authentication)}</dt>
          <dd>
            <FormattedMessage {...messages.authenticationText} values={{ code: code("Authorization: Bearer <key>") }} />
          </dd>
          <dt className="font-semibold">{intl.formatMessage(messages.errors)}</dt>
          <dd>
            <FormattedMessage
              {...messages.errorsText}
              values={{
                message: code("message"),
                code: code("code"),
                error: code("error"),
                description: code("error_description"),
              }}
            />
          </dd>
          <dt className="font-semibold">{intl.formatMessage(messages.wholeDocument)}</dt>
          <dd>
            <span dir="ltr" translate="no">
              <TextLink href={OPENAPI_JSON}>{OPENAPI_JSON}</TextLink> (OpenAPI 3.1)
            </span>
          </dd>
        </dl>
        <nav aria-labelledby="operations-index-heading" className="mt-5">
          <h3 id="operations-index-heading" className="font-bold">
            {intl.formatMessage(messages.operations)}
          </h3>
          <ul className="mt-2 grid gap-1 md:grid-cols-2">
            {docs.operations.map((operation) => (
              <li key={operation.id} className="flex items-baseline gap-2">
                <MethodBadge method={operation.method} />
                <TextLink href={`#${operation.id}`} className="break-all font-mono text-sm">
                  <span dir="ltr" translate="no">
                    {operation.path}
                  </span>
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
          {intl.formatMessage(messages.errorAnswers)}
        </h2>
        {docs.errors.map((shape) => (
          <div key={shape.name} className="mt-4">
            <h3 dir="ltr" translate="no" className="font-mono font-bold">
              {shape.name}
            </h3>
            <FieldTable fields={shape.fields} caption={intl.formatMessage(messages.fieldsOf, { name: shape.name })} />
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
  const intl = useIntl();
  return (
    <Card
      as="section"
      aria-labelledby="outcome-heading"
      className="mt-8 border-s-8 border-s-govuk-blue p-5 dark:border-s-sky-500"
      data-testid="api-outcome"
    >
      <h2 id="outcome-heading" className="text-xl font-bold">
        <FormattedMessage {...messages.readingHeading} values={{ valid: code("valid"), outcome: code("outcome") }} />
      </h2>
      <p className="mt-2">
        <FormattedMessage {...messages.validMeans} values={{ validTrue: code("valid: true") }} />
      </p>
      <p className="mt-2">
        <FormattedMessage
          {...messages.outcomeMeans}
          values={{
            outcome: code("outcome"),
            valid: code("valid"),
            status: code("outcome.status"),
            passed: code("passed"),
            checks: code("GET /api/verifications/checks"),
          }}
        />
      </p>
      {shape.description ? (
        <p lang="en" className="mt-2">
          {shape.description}
        </p>
      ) : null}
      <h3 dir="ltr" translate="no" className="mt-4 font-mono font-bold">
        {shape.name}
      </h3>
      <FieldTable fields={shape.fields} caption={intl.formatMessage(messages.fieldsOf, { name: shape.name })} />
    </Card>
  );
}

function MethodBadge({ method }: { method: string }) {
  return (
    <StatusBadge tone={METHOD_TONES[method] ?? "neutral"} className="w-14 justify-center font-mono">
      <span translate="no">{method}</span>
    </StatusBadge>
  );
}

function OperationCard({ operation }: { operation: DocOperation }) {
  const intl = useIntl();
  const named = `${operation.method} ${operation.path}`;
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
      <p lang="en" className="mt-2 text-lg font-semibold">
        {operation.summary}
      </p>
      {operation.description ? (
        <p lang="en" className="mt-1">
          {operation.description}
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        <span className="font-semibold">{intl.formatMessage(messages.whoMayCall)}</span>{" "}
        <span lang="en">{operation.auth}</span>
      </p>

      {operation.parameters.length ? (
        <div className="mt-4">
          <h3 className="font-bold">{intl.formatMessage(messages.parameters)}</h3>
          <FieldTable
            fields={operation.parameters}
            caption={intl.formatMessage(messages.parametersOf, { operation: named })}
            showIn
          />
        </div>
      ) : null}

      {operation.body ? (
        <div className="mt-4">
          <h3 className="font-bold">
            {intl.formatMessage(messages.requestBody)}{" "}
            <span className="font-normal text-govuk-grey dark:text-slate-400">
              (<span translate="no">{operation.body.contentType}</span>
              {operation.body.schemaName ? (
                <>
                  , <span translate="no">{operation.body.schemaName}</span>
                </>
              ) : null}
              )
            </span>
          </h3>
          <FieldTable
            fields={operation.body.fields}
            caption={intl.formatMessage(messages.requestBodyOf, { operation: named })}
          />
        </div>
      ) : null}

      <div className="mt-4">
        <h3 className="font-bold">{intl.formatMessage(messages.responses)}</h3>
        <ul className="mt-2 grid gap-3">
          {operation.responses.map((response) => (
            <li key={response.status} data-testid="api-response" data-status={response.status}>
              <p>
                <StatusBadge tone={response.status.startsWith("2") ? "ok" : "bad"} className="me-2 font-mono">
                  {response.status}
                </StatusBadge>
                <span lang="en">{response.description}</span>
                {response.contentType ? (
                  <span className="text-govuk-grey dark:text-slate-400">
                    {" · "}
                    <span translate="no">{response.contentType}</span>
                  </span>
                ) : null}
                {response.schemaName ? (
                  <span className="text-govuk-grey dark:text-slate-400">
                    {" · "}
                    <span translate="no">{response.schemaName}</span>
                  </span>
                ) : null}
              </p>
              {response.fields.length ? (
                <FieldTable
                  fields={response.fields}
                  caption={intl.formatMessage(messages.answerFields, { status: response.status, operation: named })}
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
  const intl = useIntl();
  if (!fields.length)
    return <p className="mt-1 text-sm text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.noFields)}</p>;
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
              {intl.formatMessage(messages.name)}
            </th>
            {showIn ? (
              <th scope="col" className="py-1 pe-3">
                {intl.formatMessage(messages.in)}
              </th>
            ) : null}
            <th scope="col" className="py-1 pe-3">
              {intl.formatMessage(messages.type)}
            </th>
            <th scope="col" className="py-1 pe-3">
              {intl.formatMessage(messages.required)}
            </th>
            <th scope="col" className="py-1">
              {intl.formatMessage(messages.description)}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} className="border-b border-govuk-border/60 align-top dark:border-slate-700">
              <th scope="row" dir="ltr" translate="no" className="break-words py-1.5 pe-3 font-mono font-semibold">
                {field.name}
              </th>
              {showIn ? (
                <td translate="no" className="py-1.5 pe-3 font-mono">
                  {field.in}
                </td>
              ) : null}
              <td lang="en" dir="ltr" className="break-words py-1.5 pe-3 font-mono text-xs">
                {field.type}
              </td>
              <td className="py-1.5 pe-3">{intl.formatMessage(field.required ? messages.yes : messages.no)}</td>
              <td lang="en" className="py-1.5">
                {field.description ?? ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
