import { useRevalidator } from "@remix-run/react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { copyText } from "#app/client/clipboard.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { useHydrated } from "#app/components/ui/use-hydrated.ts";
import { formatDateTime } from "#core/format/format.ts";
import type { ApiKeySummary } from "#server/verification/organisations.ts";
import type { UsageDay } from "#server/verification/records.ts";
import { OPENAPI_JSON } from "./api-docs-page.tsx";
import { UsageChart } from "./usage-chart.tsx";

/** An API key as listed: never the key itself. */
export type ApiKeyRow = ApiKeySummary;

const KEY_SHOWN_ONCE = "Copy this key now and keep it somewhere safe. It will not be shown again.";

/**
 * API Integration (spec 000 §2): three rows. API Key: create a named key (shown once, in a dialog
 * with Copy), the organisation's keys by prefix with when they were made and last used, Revoke
 * after a confirmation. Documentation: the API described from its OpenAPI document. Usage
 * Analytics: verifications per day for the organisation.
 */
export function ApiIntegration({ keys, usage }: { keys: ApiKeyRow[]; usage: UsageDay[] }) {
  return (
    <Card as="section" aria-labelledby="api-heading" className="p-5" data-testid="api-integration">
      <h2 id="api-heading" className="text-xl font-bold">
        API Integration
      </h2>
      <p className="mt-1 text-govuk-grey dark:text-slate-400">
        Check credentials from your own systems with the Verifier API.
      </p>
      <div className="mt-2 grid divide-y divide-govuk-border lg:grid-cols-3 lg:divide-x lg:divide-y-0 dark:divide-slate-700">
        <IntegrationRow icon="settings" title="API Key" headingId="api-key-heading">
          <ApiKeys keys={keys} />
        </IntegrationRow>
        <IntegrationRow icon="file" title="Documentation" headingId="api-docs-heading">
          <p className="text-sm">Every operation, what it needs and what it answers, generated from the API itself.</p>
          <ul className="mt-2 grid gap-1">
            <li>
              <TextLink to="/verifier/api-docs" data-testid="link-api-docs">
                Read the API documentation
              </TextLink>
            </li>
            <li>
              <TextLink href={OPENAPI_JSON} data-testid="link-openapi-json">
                OpenAPI 3.1 document (JSON)
              </TextLink>
            </li>
          </ul>
        </IntegrationRow>
        <IntegrationRow icon="chart" title="Usage Analytics" headingId="usage-heading">
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
      handleMutationError(error, toast);
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
      toast({ title: "API Key Revoked", description: `${key.name} no longer works` });
    } catch (error) {
      handleMutationError(error, toast);
    } finally {
      setRevokePending(false);
    }
  }

  const copyKey = (key: string) =>
    copyText(key, toast, {
      title: "Key Copied",
      description: "API key copied to clipboard",
      failure: "Could not copy the key; select it and copy it by hand",
    });

  return (
    <>
      <p className="text-sm">
        Send a key as{" "}
        <code dir="ltr" className="rounded-sm bg-govuk-grey-light px-1 font-mono text-xs dark:bg-slate-800">
          Authorization: Bearer &lt;key&gt;
        </code>
        . It acts for your organisation.
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
          label="Key name"
          hint="For example the system that will use it"
          hideHint
          compact
          className="w-full min-w-0"
          type="text"
          maxLength={80}
          value={name}
          placeholder="e.g. HR system"
          onChange={(event) => {
            setName(event.target.value);
            if (nameError && event.target.value.trim()) setNameError(false);
          }}
          errors={nameError ? ["Enter a name for the key"] : undefined}
          data-testid="input-api-key-name"
        />
        <Button
          type="submit"
          className="px-3 py-1.5"
          disabled={!hydrated || creating}
          data-testid="button-create-api-key"
        >
          <Icon name="plus" className="h-4 w-4" />
          {creating ? "Creating..." : "Create API key"}
        </Button>
      </form>

      {keys.length ? (
        // Focus lands on the list after a revoke (tabIndex -1: not a tab stop). A revoked key stays listed.
        <ul
          ref={listRef}
          tabIndex={-1}
          className="mt-4 grid gap-2"
          aria-label="Your organisation's API keys"
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
                    Revoked
                  </StatusBadge>
                ) : (
                  <Button
                    variant="destructive"
                    className="px-3 py-1 text-sm"
                    onClick={() => setRevoking(key)}
                    disabled={!hydrated}
                    data-testid="button-revoke-api-key"
                  >
                    Revoke<span className="sr-only"> {key.name}</span>
                  </Button>
                )}
              </div>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-govuk-grey dark:text-slate-300">
                <dt>Created</dt>
                <dd>
                  <time dateTime={key.createdAt}>{formatDateTime(key.createdAt)}</time>
                </dd>
                <dt>Last used</dt>
                <dd>
                  {key.lastUsedAt ? (
                    <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt)}</time>
                  ) : (
                    "Never used"
                  )}
                </dd>
                {key.revokedAt ? (
                  <>
                    <dt>Revoked</dt>
                    <dd>
                      <time dateTime={key.revokedAt}>{formatDateTime(key.revokedAt)}</time>
                    </dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-govuk-grey dark:text-slate-400" data-testid="api-key-empty">
          No API keys yet.
        </p>
      )}

      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title="API key created"
        description={created ? created.apiKey.name : undefined}
        testId="api-key-dialog"
      >
        {created ? (
          <div className="grid gap-4">
            <p
              className="border-s-4 border-amber-500 bg-amber-50 p-3 font-semibold text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
              data-testid="api-key-warning"
            >
              {KEY_SHOWN_ONCE}
            </p>
            <div className="grid gap-1">
              <label htmlFor={createdId} className="font-semibold">
                Your new API key
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
                Copy key
              </Button>
              <Button variant="secondary" onClick={() => setCreated(null)} data-testid="button-api-key-done">
                Done
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>

      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this API key?"
        description={revoking ? `${revoking.name} (${revoking.prefix}…)` : undefined}
        testId="revoke-api-key-dialog"
      >
        {revoking ? (
          <div className="grid gap-4">
            <p>The key stops working at once: every system that uses it will be refused. This cannot be undone.</p>
            <div className="flex flex-wrap gap-3">
              <Button
                variant="destructive"
                onClick={() => void revoke(revoking)}
                disabled={revokePending}
                data-testid="button-confirm-revoke-api-key"
              >
                {revokePending ? "Revoking..." : "Yes, revoke key"}
              </Button>
              <Button variant="secondary" onClick={() => setRevoking(null)}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
