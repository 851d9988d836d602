import { useRevalidator } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { defineMessages, FormattedMessage, useIntl } from "react-intl";
import { apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { copyText } from "#app/client/clipboard.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import type { ApiKeySummary } from "#server/verification/organisations.ts";
import type { UsageDay } from "#server/verification/records.ts";
import { OPENAPI_JSON } from "./api-docs-page.tsx";
import { untyped } from "./messages.ts";
import { UsageChart } from "./usage-chart.tsx";

/** An API key as listed: never the key itself. */
export type ApiKeyRow = ApiKeySummary;

const messages = untyped(
  defineMessages({
    keyShownOnce: {
      id: "verifier.api.keyShownOnce",
      defaultMessage: "Copy this key now and keep it somewhere safe. It will not be shown again.",
    },
    heading: { id: "verifier.api.heading", defaultMessage: "API Integration" },
    intro: {
      id: "verifier.api.intro",
      defaultMessage: "Check credentials from your own systems with the Verifier API.",
    },
    apiKey: { id: "verifier.api.apiKey", defaultMessage: "API Key" },
    documentation: { id: "verifier.api.documentation", defaultMessage: "Documentation" },
    documentationIntro: {
      id: "verifier.api.documentationIntro",
      defaultMessage: "Every operation, what it needs and what it answers, generated from the API itself.",
    },
    readDocs: { id: "verifier.api.readDocs", defaultMessage: "Read the API documentation" },
    openApiJson: { id: "verifier.api.openApiJson", defaultMessage: "OpenAPI 3.1 document (JSON)" },
    usage: { id: "verifier.api.usage", defaultMessage: "Usage Analytics" },
    revoked: { id: "verifier.api.revokedToast", defaultMessage: "API Key Revoked", description: "Toast title" },
    revokedDescription: {
      id: "verifier.api.revokedDescription",
      defaultMessage: "{name} no longer works",
      description: "{name} is the API key's name",
    },
    keyCopied: { id: "verifier.api.keyCopied", defaultMessage: "Key Copied", description: "Toast title" },
    keyCopiedDescription: { id: "verifier.api.keyCopiedDescription", defaultMessage: "API key copied to clipboard" },
    copyFailed: {
      id: "verifier.api.copyFailed",
      defaultMessage: "Could not copy the key; select it and copy it by hand",
    },
    sendAs: {
      id: "verifier.api.sendAs",
      defaultMessage: "Send a key as <code></code>. It acts for your organisation.",
      description: "<code></code> shows the header 'Authorization: Bearer <key>', which is not translated",
    },
    keyName: { id: "verifier.api.keyName", defaultMessage: "Key name" },
    keyNameHint: { id: "verifier.api.keyNameHint", defaultMessage: "For example the system that will use it" },
    keyNamePlaceholder: { id: "verifier.api.keyNamePlaceholder", defaultMessage: "e.g. HR system" },
    keyNameMissing: { id: "verifier.api.keyNameMissing", defaultMessage: "Enter a name for the key" },
    creating: { id: "verifier.api.creating", defaultMessage: "Creating..." },
    create: { id: "verifier.api.create", defaultMessage: "Create API key" },
    keyList: { id: "verifier.api.keyList", defaultMessage: "Your organisation's API keys" },
    revokedBadge: {
      id: "verifier.api.revokedBadge",
      defaultMessage: "Revoked",
      description: "Badge of a revoked API key",
    },
    revoke: {
      id: "verifier.api.revoke",
      defaultMessage: "Revoke<hidden> {name}</hidden>",
      description: "Button; <hidden> wraps words only screen readers say; {name} is the key's name",
    },
    created: { id: "verifier.api.created", defaultMessage: "Created", description: "Label: when a key was made" },
    lastUsed: { id: "verifier.api.lastUsed", defaultMessage: "Last used" },
    neverUsed: { id: "verifier.api.neverUsed", defaultMessage: "Never used" },
    revokedAt: {
      id: "verifier.api.revokedAt",
      defaultMessage: "Revoked",
      description: "Label: when a key was revoked",
    },
    noKeys: { id: "verifier.api.noKeys", defaultMessage: "No API keys yet." },
    createdTitle: { id: "verifier.api.createdTitle", defaultMessage: "API key created" },
    newKey: { id: "verifier.api.newKey", defaultMessage: "Your new API key" },
    copyKey: { id: "verifier.api.copyKey", defaultMessage: "Copy key" },
    done: { id: "verifier.api.done", defaultMessage: "Done" },
    revokeTitle: { id: "verifier.api.revokeTitle", defaultMessage: "Revoke this API key?" },
    revokeWarning: {
      id: "verifier.api.revokeWarning",
      defaultMessage:
        "The key stops working at once: every system that uses it will be refused. This cannot be undone.",
    },
    revoking: { id: "verifier.api.revoking", defaultMessage: "Revoking..." },
    confirmRevoke: { id: "verifier.api.confirmRevoke", defaultMessage: "Yes, revoke key" },
    cancel: { id: "verifier.api.cancel", defaultMessage: "Cancel" },
  }),
);

/**
 * API Integration (spec 000 §2): three rows. API Key: create a named key (shown once, in a dialog
 * with Copy), the organisation's keys by prefix with when they were made and last used, Revoke
 * after a confirmation. Documentation: the API described from its OpenAPI document. Usage
 * Analytics: verifications per day for the organisation.
 */
export function ApiIntegration({ keys, usage }: { keys: ApiKeyRow[]; usage: UsageDay[] }) {
  const intl = useIntl();
  return (
    <Card as="section" aria-labelledby="api-heading" className="p-5" data-testid="api-integration">
      <h2 id="api-heading" className="text-xl font-bold">
        {intl.formatMessage(messages.heading)}
      </h2>
      <p className="mt-1 text-govuk-grey dark:text-slate-400">{intl.formatMessage(messages.intro)}</p>
      <div className="mt-2 grid divide-y divide-govuk-border lg:grid-cols-3 lg:divide-x lg:divide-y-0 dark:divide-slate-700">
        <IntegrationRow icon="settings" title={intl.formatMessage(messages.apiKey)} headingId="api-key-heading">
          <ApiKeys keys={keys} />
        </IntegrationRow>
        <IntegrationRow icon="file" title={intl.formatMessage(messages.documentation)} headingId="api-docs-heading">
          <p className="text-sm">{intl.formatMessage(messages.documentationIntro)}</p>
          <ul className="mt-2 grid gap-1">
            <li>
              <TextLink to="/verifier/api-docs" data-testid="link-api-docs">
                {intl.formatMessage(messages.readDocs)}
              </TextLink>
            </li>
            <li>
              <TextLink href={OPENAPI_JSON} data-testid="link-openapi-json">
                {intl.formatMessage(messages.openApiJson)}
              </TextLink>
            </li>
          </ul>
        </IntegrationRow>
        <IntegrationRow icon="chart" title={intl.formatMessage(messages.usage)} headingId="usage-heading">
          <UsageChart days={usage} />
        </IntegrationRow>
      </div>
    </Card>
  );
}

function IntegrationRow({
  icon,
  title,
  headingId,
  children,
}: {
  icon: IconName;
  title: string;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="min-w-0 py-4 lg:px-5 lg:first:ps-0 lg:last:pe-0">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <span className="text-govuk-blue dark:text-govuk-blue-light">
          <Icon name={icon} className="h-5 w-5" />
        </span>
        {title}
      </h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/**
 * The organisation's keys as the page's loader read them: after a key is made or revoked the
 * page's data is read again (so the list is the record's, not a copy kept here).
 */
function ApiKeys({ keys }: { keys: ApiKeyRow[] }) {
  const intl = useIntl();
  const f = useFormats();
  const hydrated = useHydrated();
  const { toast } = useToast();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState(false);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ key: string; apiKey: ApiKeyRow } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const [revokePending, setRevokePending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const createdId = useId();
  // After a revoke the button that was pressed is gone: focus goes to the list it was in. Set
  // after the confirmation dialog has closed (its own effect gives focus back to the button).
  const [focusList, setFocusList] = useState(0);
  useEffect(() => {
    if (focusList) listRef.current?.focus();
  }, [focusList]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (creating) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(true);
      nameRef.current?.focus();
      return;
    }
    setNameError(false);
    setCreating(true);
    try {
      const response = await apiRequest("POST", "/api/verifications/api-keys", { name: trimmed });
      const answer = (await response.json()) as { key: string; apiKey: ApiKeyRow };
      setCreated(answer);
      setName("");
      revalidator.revalidate();
    } catch (error) {
      handleMutationError(error, toast, intl);
    } finally {
      setCreating(false);
    }
  }

  async function revoke(key: ApiKeyRow) {
    setRevokePending(true);
    try {
      await apiRequest("POST", `/api/verifications/api-keys/${key.id}/revoke`);
      revalidator.revalidate();
      setRevoking(null);
      setFocusList((n) => n + 1);
      toast({
        title: intl.formatMessage(messages.revoked),
        description: intl.formatMessage(messages.revokedDescription, { name: key.name }),
      });
    } catch (error) {
      handleMutationError(error, toast, intl);
    } finally {
      setRevokePending(false);
    }
  }

  const copyKey = (key: string) =>
    copyText(key, toast, {
      title: intl.formatMessage(messages.keyCopied),
      description: intl.formatMessage(messages.keyCopiedDescription),
      failure: intl.formatMessage(messages.copyFailed),
    });

  return (
    <>
      <p className="text-sm">
        <FormattedMessage
          {...messages.sendAs}
          values={{
            code: () => (
              <code dir="ltr" className="rounded-sm bg-govuk-grey-light px-1 font-mono text-xs dark:bg-slate-800">
                Authorization: Bearer &lt;key&gt;
              </code>
            ),
          }}
        />
      </p>
      <form
        className="mt-3 grid justify-items-start gap-2"
        onSubmit={(event) => void create(event)}
        noValidate
        data-testid="api-key-form"
      >
        <TextField
          ref={nameRef}
          name="name"
          label={intl.formatMessage(messages.keyName)}
          hint={intl.formatMessage(messages.keyNameHint)}
          hideHint
          compact
          className="w-full min-w-0"
          type="text"
          maxLength={80}
          value={name}
          placeholder={intl.formatMessage(messages.keyNamePlaceholder)}
          onChange={(event) => {
            setName(event.target.value);
            if (nameError && event.target.value.trim()) setNameError(false);
          }}
          errors={nameError ? [intl.formatMessage(messages.keyNameMissing)] : undefined}
          data-testid="input-api-key-name"
        />
        <Button
          type="submit"
          className="px-3 py-1.5"
          disabled={!hydrated || creating}
          data-testid="button-create-api-key"
        >
          <Icon name="plus" className="h-4 w-4" />
          {intl.formatMessage(creating ? messages.creating : messages.create)}
        </Button>
      </form>

      {keys.length ? (
        // Focus lands on the list after a revoke (tabIndex -1: not a tab stop). A revoked key stays listed.
        <ul
          ref={listRef}
          tabIndex={-1}
          className="mt-4 grid gap-2"
          aria-label={intl.formatMessage(messages.keyList)}
          data-testid="api-key-list"
        >
          {keys.map((key) => (
            <li
              key={key.id}
              className="rounded-sm border border-govuk-border p-3 dark:border-slate-600"
              data-testid="api-key-item"
              data-revoked={key.revokedAt ? "true" : "false"}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-words font-semibold">{key.name}</p>
                  <p className="font-mono text-sm" dir="ltr">
                    {key.prefix}…
                  </p>
                </div>
                {key.revokedAt ? (
                  <StatusBadge tone="neutral" data-testid="api-key-revoked">
                    {intl.formatMessage(messages.revokedBadge)}
                  </StatusBadge>
                ) : (
                  <Button
                    variant="destructive"
                    className="px-3 py-1 text-sm"
                    onClick={() => setRevoking(key)}
                    disabled={!hydrated}
                    data-testid="button-revoke-api-key"
                  >
                    <FormattedMessage {...messages.revoke} values={{ name: key.name, hidden: screenReaderOnly }} />
                  </Button>
                )}
              </div>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-govuk-grey dark:text-slate-300">
                <dt>{intl.formatMessage(messages.created)}</dt>
                <dd>
                  <time dateTime={key.createdAt}>{f.dateTime(key.createdAt)}</time>
                </dd>
                <dt>{intl.formatMessage(messages.lastUsed)}</dt>
                <dd>
                  {key.lastUsedAt ? (
                    <time dateTime={key.lastUsedAt}>{f.dateTime(key.lastUsedAt)}</time>
                  ) : (
                    intl.formatMessage(messages.neverUsed)
                  )}
                </dd>
                {key.revokedAt ? (
                  <>
                    <dt>{intl.formatMessage(messages.revokedAt)}</dt>
                    <dd>
                      <time dateTime={key.revokedAt}>{f.dateTime(key.revokedAt)}</time>
                    </dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-govuk-grey dark:text-slate-400" data-testid="api-key-empty">
          {intl.formatMessage(messages.noKeys)}
        </p>
      )}

      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title={intl.formatMessage(messages.createdTitle)}
        description={created ? created.apiKey.name : undefined}
        testId="api-key-dialog"
      >
        {created ? (
          <div className="grid gap-4">
            <p
              className="border-s-4 border-amber-500 bg-amber-50 p-3 font-semibold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
              data-testid="api-key-warning"
            >
              {intl.formatMessage(messages.keyShownOnce)}
            </p>
            <div className="grid gap-1">
              <label htmlFor={createdId} className="font-semibold">
                {intl.formatMessage(messages.newKey)}
              </label>
              <textarea
                id={createdId}
                dir="ltr"
                readOnly
                rows={2}
                value={created.key}
                onFocus={(event) => event.currentTarget.select()}
                className="w-full resize-none break-all rounded-sm border-2 border-govuk-black bg-govuk-grey-light px-2 py-1.5 font-mono text-sm text-govuk-black dark:border-slate-400 dark:bg-slate-800 dark:text-slate-100"
                data-testid="api-key-value"
              />
            </div>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void copyKey(created.key)} data-testid="button-copy-api-key">
                {intl.formatMessage(messages.copyKey)}
              </Button>
              <Button variant="secondary" onClick={() => setCreated(null)} data-testid="button-api-key-done">
                {intl.formatMessage(messages.done)}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>

      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={intl.formatMessage(messages.revokeTitle)}
        description={revoking ? `${revoking.name} (${revoking.prefix}…)` : undefined}
        testId="revoke-api-key-dialog"
      >
        {revoking ? (
          <div className="grid gap-4">
            <p>{intl.formatMessage(messages.revokeWarning)}</p>
            <div className="flex flex-wrap gap-3">
              <Button
                variant="destructive"
                onClick={() => void revoke(revoking)}
                disabled={revokePending}
                data-testid="button-confirm-revoke-api-key"
              >
                {intl.formatMessage(revokePending ? messages.revoking : messages.confirmRevoke)}
              </Button>
              <Button variant="secondary" onClick={() => setRevoking(null)}>
                {intl.formatMessage(messages.cancel)}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
