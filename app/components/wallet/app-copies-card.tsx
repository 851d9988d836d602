/**
 * One issuance to another wallet app on /wallet/apps: the credential, the name the app gave itself
 * (its own words, which nobody has checked), when, how many copies and how many still valid, what
 * the app reported, and "Revoke the copies" while any copy is valid (an mdoc cannot be: ADR 053).
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  defineMessages,
  FormattedMessage,
  type MessageTag,
  type NoMessageValues as NoValues,
  useIntl,
} from "react-intl";
import { useCredentialType } from "#app/components/credentials/type-text.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, IconTile } from "#app/components/ui/card.tsx";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import type { AppCopies, AppReport } from "#server/issuance/wallet-apps-page.ts";

const messages = defineMessages<{
  valid: NoValues;
  revoked: NoValues;
  unrevocable: NoValues;
  callsItself: NoValues;
  noName: NoValues;
  sent: NoValues;
  copies: NoValues;
  stillValid: NoValues;
  ofCopies: { active: string; copies: string };
  reported: NoValues;
  accepted: NoValues;
  failed: NoValues;
  deleted: NoValues;
  nothingYet: NoValues;
  revoke: { credential: string; date: string; hidden: MessageTag };
}>({
  valid: { id: "wallet.apps.valid", defaultMessage: "Valid", description: "Badge: the app's copies still work" },
  revoked: {
    id: "wallet.apps.revoked",
    defaultMessage: "Revoked",
    description: "Badge: none of the app's copies works",
  },
  unrevocable: {
    id: "wallet.apps.unrevocable",
    defaultMessage: "Valid, cannot be revoked",
    description:
      "Badge: the app's copies are mobile driving licences (mdoc), which carry no revocation: they work until they expire",
  },
  callsItself: {
    id: "wallet.apps.callsItself",
    defaultMessage: "The app calls itself",
    description:
      "Label: the name the wallet app gave itself follows, which nobody has checked (an app can call itself anything)",
  },
  noName: { id: "wallet.apps.noName", defaultMessage: "The app gave no name" },
  sent: {
    id: "wallet.apps.sent",
    defaultMessage: "Sent",
    description: "Label of the date the app received the copies",
  },
  copies: {
    id: "wallet.apps.copies",
    defaultMessage: "Copies",
    description: "Label: how many copies the app received",
  },
  stillValid: { id: "wallet.apps.stillValid", defaultMessage: "Still valid" },
  ofCopies: {
    id: "wallet.apps.ofCopies",
    defaultMessage: "{active} of {copies}",
    description: "How many of the app's copies still work, e.g. '2 of 3'",
  },
  reported: { id: "wallet.apps.reported", defaultMessage: "The app reported" },
  accepted: { id: "wallet.apps.accepted", defaultMessage: "It stored the credential" },
  failed: { id: "wallet.apps.failed", defaultMessage: "It could not store the credential" },
  deleted: { id: "wallet.apps.deleted", defaultMessage: "The credential was declined in the app" },
  nothingYet: { id: "wallet.apps.nothingYet", defaultMessage: "Nothing yet" },
  revoke: {
    id: "wallet.apps.revoke",
    defaultMessage: "Revoke the copies<hidden> of {credential} sent {date}</hidden>",
    description: "A button; <hidden> is read by screen readers only. {date} is a date and time.",
  },
});

const REPORT_WORDS: Record<NonNullable<AppReport> | "none", typeof messages.accepted> = {
  accepted: messages.accepted,
  failed: messages.failed,
  deleted: messages.deleted,
  none: messages.nothingYet,
};

/** Words only a screen reader reads. */

/**
 * `onRevoke` opens the page's confirmation dialog; null before the page is hydrated, when the button
 * asks the server for the confirmation instead (`?confirm=<id>`).
 */
export function AppCopiesCard({
  app,
  headingId,
  onRevoke,
}: {
  app: AppCopies;
  headingId: string;
  onRevoke: (() => void) | null;
}) {
  const intl = useIntl();
  const f = useFormats();
  const credential = useCredentialType(app.type).name;
  const sent = f.dateTime(app.issuedAt);
  const revokeLabel = (
    <FormattedMessage {...messages.revoke} values={{ credential, date: sent, hidden: screenReaderOnly }} />
  );
  return (
    <Card
      as="li"
      className="flex flex-col p-5"
      aria-labelledby={headingId}
      data-testid="app-copies"
      data-state={app.state}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <IconTile icon="phone" />
          <h3
            id={headingId}
            tabIndex={-1}
            className="text-lg font-bold outline-none focus-visible:ring-4 focus-visible:ring-govuk-yellow"
          >
            {credential}
          </h3>
        </div>
        <StatusBadge tone={app.state === "revoked" ? "neutral" : "ok"}>
          <FormattedMessage {...messages[app.state === "held" ? "valid" : app.state]} />
        </StatusBadge>
      </div>

      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {app.clientId ? (
          <Row
            label={intl.formatMessage(messages.callsItself)}
            value={
              <bdi dir="auto" translate="no" className="break-all font-mono" data-testid="app-client-id">
                {app.clientId}
              </bdi>
            }
          />
        ) : (
          <Row label={intl.formatMessage(messages.callsItself)} value={intl.formatMessage(messages.noName)} />
        )}
        <Row label={intl.formatMessage(messages.sent)} value={<time dateTime={app.issuedAt}>{sent}</time>} />
        <Row label={intl.formatMessage(messages.copies)} value={f.number(app.copies)} />
        <Row
          label={intl.formatMessage(messages.stillValid)}
          value={intl.formatMessage(messages.ofCopies, {
            active: f.number(app.activeCopies),
            copies: f.number(app.copies),
          })}
        />
        <Row
          label={intl.formatMessage(messages.reported)}
          value={intl.formatMessage(REPORT_WORDS[app.reported ?? "none"])}
        />
      </dl>

      {app.state === "held" ? (
        <div className="mt-auto pt-5">
          {onRevoke ? (
            <Button
              variant="destructive"
              className="px-3 py-1.5 text-sm"
              onClick={onRevoke}
              data-testid="button-revoke-copies"
            >
              {revokeLabel}
            </Button>
          ) : (
            <Form method="get" action="/wallet/apps">
              <input type="hidden" name="confirm" value={app.id} />
              <Button
                type="submit"
                variant="destructive"
                className="px-3 py-1.5 text-sm"
                data-testid="button-revoke-copies"
              >
                {revokeLabel}
              </Button>
            </Form>
          )}
        </div>
      ) : null}
    </Card>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-govuk-grey dark:text-slate-300">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
