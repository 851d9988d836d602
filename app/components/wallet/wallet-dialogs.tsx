/**
 * The wallet's dialogs: requesting a credential from its authority (`?action=request`), choosing
 * which credential to share (`?action=share`, then the ShareDialog), and a credential's details.
 */
import { Link } from "@remix-run/react";
import {
  defineMessage,
  defineMessages,
  FormattedMessage,
  type MessageDescriptor,
  type MessageTag,
  useIntl,
} from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { valueDirection } from "#app/components/ui/direction.ts";
import { screenReaderOnly } from "#app/components/ui/screen-reader-only.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import {
  AUTHORITIES,
  CREDENTIAL_TYPE_CODES,
  CREDENTIAL_TYPES,
  type CredentialTypeCode,
} from "#core/issuers/registry.ts";
import type { WalletCard } from "#server/credentials/wallet-page.ts";
import { cardMessages } from "./credential-card.tsx";
import { accentFor, CredentialStatusBadge, ExpiresSoonBadge, TypeIcon } from "./credential-visuals.tsx";
import { type Binding, bindingOf, copiesOnThisDevice, type DeviceKeyState } from "./device-key.ts";

const messages = defineMessages({
  requestTitle: { id: "wallet.request.title", defaultMessage: "Request a Credential" },
  requestDescription: {
    id: "wallet.request.description",
    defaultMessage:
      "Each credential is issued by its authority from the records it holds about you, and bound to this device.",
  },
  typeLine: defineMessage<{ subtitle: string; authority: string }>({
    id: "wallet.request.typeLine",
    defaultMessage: "{subtitle} · {authority}",
    description: "Under a credential type's name: what it is, then the authority that issues it.",
  }),
  alreadyHeld: { id: "wallet.request.alreadyHeld", defaultMessage: "Already in your wallet" },
  otherDevice: {
    id: "wallet.request.otherDevice",
    defaultMessage: "Held on another device. Re-issuing it here revokes that copy and its share links.",
  },
  paper: {
    id: "wallet.request.paper",
    defaultMessage: "Held on paper, printed at a counter. Adding it to this device leaves the paper copy valid.",
  },
  adding: defineMessage<{ title: string; hidden: MessageTag }>({
    id: "wallet.request.adding",
    defaultMessage: "Adding...<hidden> {title}</hidden>",
    description: "A busy button. <hidden> is read only by screen readers; {title} is the credential's name.",
  }),
  addHere: defineMessage<{ title: string; hidden: MessageTag }>({
    id: "wallet.request.addHere",
    defaultMessage: "Add to this device<hidden> {title}</hidden>",
    description: "A button. <hidden> is read only by screen readers; {title} is the credential's name.",
  }),
  checking: { id: "wallet.request.checking", defaultMessage: "Checking this device…" },
  requesting: defineMessage<{ title: string; hidden: MessageTag }>({
    id: "wallet.request.requesting",
    defaultMessage: "Requesting...<hidden> {title}</hidden>",
    description: "A busy button. <hidden> is read only by screen readers; {title} is the credential's name.",
  }),
  request: defineMessage<{ title: string; hidden: MessageTag }>({
    id: "wallet.request.request",
    defaultMessage: "Request<hidden> {title}</hidden>",
    description: "A button. <hidden> is read only by screen readers; {title} is the credential's name.",
  }),
  replaceTitle: defineMessage<{ name: string }>({
    id: "wallet.replace.title",
    defaultMessage: "You already have a {name} credential",
    description: "{name} is the credential type's long name, e.g. 'Right to Work'.",
  }),
  replaceDescription: defineMessage<{ authority: string; date: string }>({
    id: "wallet.replace.description",
    defaultMessage: "Issued by {authority} on {date}.",
  }),
  replaceIntro: defineMessage<{ authority: string }>({
    id: "wallet.replace.intro",
    defaultMessage: "Adding it again asks the {authority} for a new copy, bound to this device. If you go ahead:",
    description: "{authority} is the issuing authority's name, e.g. 'Home Office'.",
  }),
  replaceRevoked: {
    id: "wallet.replace.revoked",
    defaultMessage: "the copy you have now is revoked, on this device or any other;",
  },
  replaceLinks: {
    id: "wallet.replace.links",
    defaultMessage: "every share link made from it shows it as no longer valid.",
  },
  replacing: { id: "wallet.replace.replacing", defaultMessage: "Replacing..." },
  replace: defineMessage<{ name: string }>({ id: "wallet.replace.confirm", defaultMessage: "Replace my {name}" }),
  requestOther: { id: "wallet.replace.requestOther", defaultMessage: "Request a different credential" },
  cancel: { id: "wallet.dialog.cancel", defaultMessage: "Cancel" },
  shareTitle: { id: "wallet.sharePicker.title", defaultMessage: "Share via QR Code" },
  shareDescription: {
    id: "wallet.sharePicker.description",
    defaultMessage:
      "Choose a credential, then what it shows. Its QR code is checked by the person you show it to, once, within 15 minutes.",
  },
  shareExpires: defineMessage<{ authority: string; date: string }>({
    id: "wallet.sharePicker.expires",
    defaultMessage: "{authority} · expires {date}",
  }),
  nothingToShare: { id: "wallet.sharePicker.none", defaultMessage: "You have no active credentials to share yet." },
  requestOne: { id: "wallet.sharePicker.request", defaultMessage: "Request a credential" },
  detailsTitle: { id: "wallet.details.title", defaultMessage: "Credential Details" },
  detailsDescription: defineMessage<{ name: string; authority: string }>({
    id: "wallet.details.description",
    defaultMessage: "{name} · {authority}",
    description: "Under the dialog's title: the credential's long name, then its authority.",
  }),
  verifications: {
    id: "wallet.details.verifications",
    defaultMessage: "Verifications",
    description: "Label before how many times the credential has been checked.",
  },
  heldOn: { id: "wallet.details.heldOn", defaultMessage: "Held on", description: "Label before where it is kept." },
  copies: {
    id: "wallet.details.copies",
    defaultMessage: "Copies on this device",
    description: "Label before how many copies of the credential this device holds (issue 22).",
  },
  copiesValue: defineMessage<{ count: number }>({
    id: "wallet.details.copiesValue",
    defaultMessage: "{count, plural, one {# copy} other {# copies}}, a different one shown to each verifier",
    description:
      "How many copies of the credential this device holds (always 2 or more): each copy is bound to its own key, and each verifier is shown a copy no other verifier saw, so verifiers cannot link the person.",
  }),
  credentialId: { id: "wallet.details.credentialId", defaultMessage: "Credential ID" },
  thisDevice: { id: "wallet.details.thisDevice", defaultMessage: "This device" },
  anotherDevice: { id: "wallet.details.anotherDevice", defaultMessage: "Another device" },
  onPaper: {
    id: "wallet.details.paper",
    defaultMessage: "Paper, printed at an assisted-digital counter (no device)",
  },
  checkingHeld: { id: "wallet.details.checking", defaultMessage: "Checking…" },
  aboutYou: { id: "wallet.details.aboutYou", defaultMessage: "What it says about you" },
  disclosable: {
    id: "wallet.details.disclosable",
    defaultMessage: "Every item is selectively disclosable: a check sees only what you choose to share.",
  },
  share: { id: "wallet.details.share", defaultMessage: "Share Credential" },
});

/**
 * The held, active copy of each type (newest first in `credentials`). A type is held once in a
 * wallet: re-issue replaces the old copy. A paper copy printed at a counter is not in a wallet and
 * issuing to a device leaves it as it is, so the device copy is preferred; a type held only on
 * paper maps to its paper copy.
 */
export function activeByType(credentials: WalletCard[]): Map<string, WalletCard> {
  const held = new Map<string, WalletCard>();
  for (const c of credentials) {
    if (c.status !== "active") continue;
    const kept = held.get(c.type);
    if (!kept || (kept.delivery === "paper" && c.delivery !== "paper")) held.set(c.type, c);
  }
  return held;
}

/** The copy of `type` that issuing it to this device would replace (and revoke): never a paper one. */
export function replaceableCopy(held: ReadonlyMap<string, WalletCard>, type: string): WalletCard | undefined {
  const copy = held.get(type);
  return copy?.delivery === "paper" ? undefined : copy;
}

export function RequestDialog({
  open,
  onClose,
  held,
  deviceKey,
  pendingType,
  onRequest,
}: {
  open: boolean;
  onClose: () => void;
  /** The held, active copy of each type (activeByType). */
  held: ReadonlyMap<string, WalletCard>;
  deviceKey: DeviceKeyState;
  pendingType: string | null;
  onRequest: (type: CredentialTypeCode) => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage(messages.requestTitle)}
      description={intl.formatMessage(messages.requestDescription)}
      testId="request-dialog"
    >
      <ul className="grid max-h-[60vh] gap-3 overflow-y-auto">
        {CREDENTIAL_TYPE_CODES.map((code) => {
          const type = CREDENTIAL_TYPES[code];
          const accent = accentFor(type.colour);
          const copy = held.get(code);
          const binding = copy ? bindingOf(copy, deviceKey) : null;
          const pending = pendingType === code;
          return (
            // Two rows: what the credential is, then where it stands and what can be done. The
            // words never share a row with the buttons, so a narrow dialog cannot squeeze them.
            <li
              key={code}
              className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 rounded-sm border border-govuk-border p-3 dark:border-slate-700"
              data-testid={`request-type-${code}`}
            >
              <span className={`rounded-sm p-2 ${accent.tile}`}>
                <TypeIcon icon={type.icon} className="h-5 w-5" />
              </span>
              <div>
                <p className="font-bold leading-tight" data-testid="request-type-title">
                  {type.title}
                </p>
                <p className="text-sm text-govuk-grey dark:text-slate-400">
                  <FormattedMessage
                    {...messages.typeLine}
                    values={{ subtitle: type.subtitle, authority: AUTHORITIES[type.issuerId].name }}
                  />
                </p>
              </div>
              <div className="col-start-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
                {copy && binding === "this-device" ? (
                  <span className={`text-sm font-semibold ${TONE_CLASSES.ok.text}`}>
                    <FormattedMessage {...messages.alreadyHeld} />
                  </span>
                ) : copy && binding === "other-device" ? (
                  <>
                    <p className={`min-w-0 flex-1 basis-48 text-sm ${TONE_CLASSES.warn.text}`}>
                      <FormattedMessage {...messages.otherDevice} />
                    </p>
                    <Button
                      variant="secondary"
                      className="px-3 py-1 text-sm"
                      disabled={pendingType !== null}
                      onClick={() => onRequest(code)}
                    >
                      <FormattedMessage
                        {...(pending ? cardMessages.reissuing : cardMessages.reissue)}
                        values={{ title: type.title, hidden: screenReaderOnly }}
                      />
                    </Button>
                  </>
                ) : copy && binding === "paper" ? (
                  <>
                    <p className="min-w-0 flex-1 basis-48 text-sm text-govuk-grey dark:text-slate-400">
                      <FormattedMessage {...messages.paper} />
                    </p>
                    <Button
                      className="px-3 py-1 text-sm"
                      disabled={pendingType !== null}
                      onClick={() => onRequest(code)}
                    >
                      <FormattedMessage
                        {...(pending ? messages.adding : messages.addHere)}
                        values={{ title: type.title, hidden: screenReaderOnly }}
                      />
                    </Button>
                  </>
                ) : copy ? (
                  <span className="text-sm text-govuk-grey dark:text-slate-400" role="status">
                    <FormattedMessage {...messages.checking} />
                  </span>
                ) : (
                  <Button className="px-3 py-1 text-sm" disabled={pendingType !== null} onClick={() => onRequest(code)}>
                    <FormattedMessage
                      {...(pending ? messages.requesting : messages.request)}
                      values={{ title: type.title, hidden: screenReaderOnly }}
                    />
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}

/**
 * Asked before Add New Credential replaces a credential the person already holds: re-issuing a
 * type revokes the copy they have (on this device or another) and with it every share link made
 * from it, so they decide knowingly. They can also request a type they do not hold instead.
 */
export function ReplaceCredentialDialog({
  held,
  open,
  pending,
  onClose,
  onReplace,
  onRequestOther,
}: {
  held: WalletCard | null;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onReplace: () => void;
  onRequestOther: () => void;
}) {
  const intl = useIntl();
  const f = useFormats();
  const name = held?.display.longName ?? "";
  const authority = held?.display.authorityName ?? "";
  return (
    <Dialog
      open={open && held !== null}
      onClose={onClose}
      title={intl.formatMessage(messages.replaceTitle, { name })}
      description={
        held ? intl.formatMessage(messages.replaceDescription, { authority, date: f.date(held.issuedAt) }) : undefined
      }
      testId="replace-credential-dialog"
    >
      <div className="grid gap-4">
        <p>
          <FormattedMessage {...messages.replaceIntro} values={{ authority }} />
        </p>
        <ul className="list-disc space-y-1 ps-6">
          <li>
            <FormattedMessage {...messages.replaceRevoked} />
          </li>
          <li>
            <FormattedMessage {...messages.replaceLinks} />
          </li>
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button variant="destructive" disabled={pending} onClick={onReplace} data-testid="button-confirm-replace">
            {pending ? (
              <FormattedMessage {...messages.replacing} />
            ) : (
              <FormattedMessage {...messages.replace} values={{ name }} />
            )}
          </Button>
          <Button variant="outline" disabled={pending} onClick={onRequestOther}>
            <FormattedMessage {...messages.requestOther} />
          </Button>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            <FormattedMessage {...messages.cancel} />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

export function SharePickerDialog({
  open,
  onClose,
  credentials,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  credentials: WalletCard[];
  onPick: (credential: WalletCard) => void;
}) {
  // A paper credential's QR code is the printed one: the wallet cannot make another.
  const shareable = credentials.filter((c) => c.status === "active" && c.delivery !== "paper");
  const intl = useIntl();
  const f = useFormats();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage(messages.shareTitle)}
      description={intl.formatMessage(messages.shareDescription)}
      testId="share-picker-dialog"
    >
      {shareable.length ? (
        <ul className="grid max-h-[60vh] gap-2 overflow-y-auto">
          {shareable.map((credential) => {
            const accent = accentFor(credential.display.colour);
            return (
              <li key={credential.id}>
                <button
                  type="button"
                  onClick={() => onPick(credential)}
                  className="flex w-full items-center gap-3 rounded-sm border border-govuk-border p-3 text-start hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  <span className={`shrink-0 rounded-sm p-2 ${accent.tile}`}>
                    <TypeIcon icon={credential.display.icon} className="h-5 w-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-bold">{credential.display.title}</span>
                    <span className="block text-sm text-govuk-grey dark:text-slate-400">
                      {credential.expiresAt ? (
                        <FormattedMessage
                          {...messages.shareExpires}
                          values={{ authority: credential.display.authority, date: f.date(credential.expiresAt) }}
                        />
                      ) : (
                        credential.display.authority
                      )}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <div>
          <p>
            <FormattedMessage {...messages.nothingToShare} />
          </p>
          <Link
            to={{ search: "?action=request" }}
            replace
            preventScrollReset
            className={buttonClasses("primary", "mt-4")}
          >
            <FormattedMessage {...messages.requestOne} />
          </Link>
        </div>
      )}
    </Dialog>
  );
}

const HELD_ON: Record<Binding, MessageDescriptor> = {
  "this-device": messages.thisDevice,
  "other-device": messages.anotherDevice,
  paper: messages.onPaper,
  unknown: messages.checkingHeld,
};

export function CredentialDetailsDialog({
  credential,
  deviceKey,
  onClose,
  onShare,
}: {
  credential: WalletCard | null;
  deviceKey: DeviceKeyState;
  onClose: () => void;
  onShare: (credential: WalletCard) => void;
}) {
  const binding = credential ? bindingOf(credential, deviceKey) : "unknown";
  const copies = credential ? copiesOnThisDevice(credential, deviceKey) : 0;
  const intl = useIntl();
  const f = useFormats();
  const label = "text-govuk-grey dark:text-slate-400";
  return (
    <Dialog
      open={credential !== null}
      onClose={onClose}
      title={intl.formatMessage(messages.detailsTitle)}
      description={
        credential
          ? intl.formatMessage(messages.detailsDescription, {
              name: credential.display.longName,
              authority: credential.display.authorityName,
            })
          : undefined
      }
      testId="credential-details-dialog"
    >
      {credential ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap gap-2">
            <CredentialStatusBadge status={credential.status} />
            {credential.display.expiringSoon ? <ExpiresSoonBadge /> : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className={label}>
              <FormattedMessage {...cardMessages.issued} />
            </dt>
            <dd>{f.dateTime(credential.issuedAt)}</dd>
            <dt className={label}>
              <FormattedMessage {...cardMessages.expires} />
            </dt>
            <dd>
              {credential.expiresAt ? f.date(credential.expiresAt) : <FormattedMessage {...cardMessages.noExpiry} />}
            </dd>
            {credential.revokedAt ? (
              <>
                <dt className={label}>
                  <FormattedMessage {...cardMessages.revoked} />
                </dt>
                <dd>{f.dateTime(credential.revokedAt)}</dd>
              </>
            ) : null}
            <dt className={label}>
              <FormattedMessage {...messages.verifications} />
            </dt>
            <dd>{f.number(credential.verificationCount)}</dd>
            <dt className={label}>
              <FormattedMessage {...messages.heldOn} />
            </dt>
            <dd>
              <FormattedMessage {...HELD_ON[binding]} />
            </dd>
            {copies > 1 ? (
              <>
                <dt className={label}>
                  <FormattedMessage {...messages.copies} />
                </dt>
                <dd>
                  <FormattedMessage {...messages.copiesValue} values={{ count: copies }} />
                </dd>
              </>
            ) : null}
            <dt className={label}>
              <FormattedMessage {...messages.credentialId} />
            </dt>
            <dd className="break-all font-mono text-xs" dir="ltr">
              {credential.id}
            </dd>
          </dl>
          {credential.attributes.length ? (
            <div>
              <h3 className="font-bold">
                <FormattedMessage {...messages.aboutYou} />
              </h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-sm bg-slate-50 p-3 text-sm dark:bg-slate-800">
                {credential.attributes.map((a) => (
                  <div key={a.name} className="contents">
                    <dt className="text-govuk-grey dark:text-slate-400">{a.label}</dt>
                    <dd className="break-words font-semibold" dir={valueDirection(a.value)}>
                      {a.value}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-xs text-govuk-grey dark:text-slate-400">
                <FormattedMessage {...messages.disclosable} />
              </p>
            </div>
          ) : null}
          {credential.status === "active" ? (
            <Button onClick={() => onShare(credential)} className="w-full sm:w-auto">
              <FormattedMessage {...messages.share} />
            </Button>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
