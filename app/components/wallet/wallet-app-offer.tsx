/**
 * "Add to another wallet app" (issue 22; ADR 045): the person chooses one of the credential types
 * the authorities hold a current record of for them, and the page asks for an OpenID4VCI offer of
 * it (POST /api/wallet/offers). The offer's link is shown as a QR code for a wallet app on another
 * device and as a link for one on this device; its six-digit transaction code is shown apart from
 * the QR code, so a photograph of the QR code alone redeems nothing. An offer works once and lasts
 * minutes: once it has expired the dialog says so and offers to make a new one.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, useIntl } from "react-intl";
import { ApiError, apiRequest, handleMutationError, isUnauthorizedError } from "#app/client/api-client.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { TransactionCode } from "#app/components/ui/transaction-code.tsx";
import { useNow } from "#app/components/ui/use-now.ts";
import { authorityText } from "#core/issuers/authority-messages.ts";
import { CREDENTIAL_TYPES, type CredentialTypeCode } from "#core/issuers/registry.ts";
import { credentialTypeText } from "#core/issuers/type-messages.ts";
import type { OfferableType } from "#server/credentials/wallet-page.ts";
import type { CreatedOffer } from "#server/issuance/offers.ts";
import { accentFor, TypeIcon } from "./credential-visuals.tsx";

const messages = defineMessages({
  title: { id: "wallet.offer.title", defaultMessage: "Add to another wallet app" },
  pickerDescription: {
    id: "wallet.offer.pickerDescription",
    defaultMessage:
      "Choose a credential. Your wallet app receives its own copy from the authority; the credentials in this wallet stay as they are.",
  },
  none: {
    id: "wallet.offer.none",
    defaultMessage:
      "No authority holds a current record for you yet, so there is nothing to add to a wallet app. An assisted-digital session can add one.",
  },
  pending: defineMessage<{ authority: string }>({
    id: "wallet.offer.pending",
    defaultMessage:
      "The {authority} is still completing its check: your wallet app receives the credential once the check is done.",
    description: "{authority} is the issuing authority's name, e.g. 'Disclosure and Barring Service'.",
  }),
  description: defineMessage<{ name: string }>({
    id: "wallet.offer.description",
    defaultMessage: "{name}: scan the QR code with your wallet app, or open the offer on this device.",
    description: "{name} is the credential type's long name, e.g. 'Right to Work'.",
  }),
  qrLabel: defineMessage<{ name: string }>({
    id: "wallet.offer.qrLabel",
    defaultMessage: "QR code of an offer of your {name} credential for a wallet app",
    description: "The QR code's text for screen readers. {name} is the credential type's long name.",
  }),
  sameDevice: { id: "wallet.offer.sameDevice", defaultMessage: "Open in a wallet app on this device" },
  codeHeading: {
    id: "wallet.offer.codeHeading",
    defaultMessage: "Transaction code",
    description: "Above the six digits the person types into their wallet app.",
  },
  codeAdvice: {
    id: "wallet.offer.codeAdvice",
    defaultMessage:
      "Type this code into your wallet app when it asks for it. Never tell it to anyone who calls or messages you, even if they say they are from us.",
  },
  worksOnce: defineMessage<{ time: string }>({
    id: "wallet.offer.worksOnce",
    defaultMessage: "This offer works once, until {time}.",
    description: "{time} is a time of day on the UK clock, e.g. 14:05.",
  }),
  making: { id: "wallet.offer.making", defaultMessage: "Making an offer…" },
  expired: {
    id: "wallet.offer.expired",
    defaultMessage: "This offer has expired. Make a new one to add the credential to your wallet app.",
  },
  makeNew: { id: "wallet.offer.makeNew", defaultMessage: "Make a new offer" },
  failed: { id: "wallet.offer.failed", defaultMessage: "The offer could not be made." },
  tryAgain: { id: "wallet.offer.tryAgain", defaultMessage: "Try again" },
  done: { id: "wallet.offer.done", defaultMessage: "Done" },
  copiesLink: {
    id: "wallet.offer.copiesLink",
    defaultMessage: "Your credentials in other wallet apps",
    description: "A link to the page that lists where the copies went and revokes them",
  },
});

/** The Quick Action that opens the picker, and both dialogs' title: one message, one name for the flow. */
export const walletAppOfferTitle = messages.title;

/** The link to /wallet/apps, from the wallet's Quick Actions and from an offer. */
export const walletAppsLinkText = messages.copiesLink;

/** POST /api/wallet/offers's answer (app/routes/api.wallet.offers.ts), as the page reads it. */
type Offer = Pick<CreatedOffer, "link" | "txCode"> & { expiresAt: string };

type OfferState =
  | { phase: "making" }
  /** `expiresAt`: when the offer ends, on this device's clock (epoch milliseconds). */
  | { phase: "ready"; offer: Offer; expiresAt: number }
  | { phase: "failed"; message: string };

/** The types the person may add to a wallet app, each opening its offer (the `?action=offer` dialog). */
export function WalletAppPickerDialog({
  open,
  offerable,
  onClose,
  onPick,
}: {
  open: boolean;
  offerable: OfferableType[];
  onClose: () => void;
  onPick: (offerable: OfferableType) => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage(messages.title)}
      description={offerable.length ? intl.formatMessage(messages.pickerDescription) : undefined}
      testId="wallet-offer-picker"
    >
      {offerable.length ? (
        <ul className="grid max-h-[60vh] gap-2 overflow-y-auto">
          {offerable.map((item) => {
            const type = CREDENTIAL_TYPES[item.type];
            const words = credentialTypeText(intl, item.type);
            const authority = authorityText(intl, type.issuerId);
            return (
              <li key={item.type}>
                <button
                  type="button"
                  onClick={() => onPick(item)}
                  className="flex w-full items-center gap-3 rounded-sm border border-govuk-border p-3 text-start hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  <span className={`shrink-0 rounded-sm p-2 ${accentFor(type.colour).tile}`}>
                    <TypeIcon icon={type.icon} className="h-5 w-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-bold">{words.title}</span>
                    <span className="block text-sm text-govuk-grey dark:text-slate-400">{authority}</span>
                    {item.pending ? (
                      <span className={`mt-1 block text-sm ${TONE_CLASSES.warn.text}`}>
                        <FormattedMessage {...messages.pending} values={{ authority }} />
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>
          <FormattedMessage {...messages.none} />
        </p>
      )}
    </Dialog>
  );
}

/** The offer of one type: its QR code, the same-device link, the transaction code, and when it expires. */
export function WalletAppOfferDialog({ offerable, onClose }: { offerable: OfferableType | null; onClose: () => void }) {
  const intl = useIntl();
  const f = useFormats();
  const { toast } = useToast();
  const [state, setState] = useState<OfferState>({ phase: "making" });
  // Only the latest request's answer is shown (the dialog may close, or ask again, while one is under way).
  const latest = useRef(0);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const makeNewRef = useRef<HTMLButtonElement>(null);
  const codeHeadingId = useId();
  const type = offerable?.type ?? null;
  const now = useNow(state.phase === "ready" ? state.expiresAt : null);
  const expired = state.phase === "ready" && now >= state.expiresAt;

  const make = useCallback(
    async (code: CredentialTypeCode) => {
      const request = ++latest.current;
      setState({ phase: "making" });
      try {
        const response = await apiRequest("POST", "/api/wallet/offers", { type: code });
        const offer = (await response.json()) as Offer;
        // Counted down on this device's clock for as long as the server gave it: a device whose
        // clock is wrong by minutes must not call a fresh offer expired (or an old one current).
        const served = Date.parse(response.headers.get("Date") ?? "");
        const lifetime = Date.parse(offer.expiresAt) - (Number.isNaN(served) ? Date.now() : served);
        if (request === latest.current) setState({ phase: "ready", offer, expiresAt: Date.now() + lifetime });
      } catch (error) {
        if (request !== latest.current) return;
        // A session that has ended signs in again, as every other call of the wallet does.
        if (isUnauthorizedError(error)) handleMutationError(error, toast, intl);
        const message = (error instanceof ApiError && error.serverMessage) || intl.formatMessage(messages.failed);
        setState({ phase: "failed", message });
      }
    },
    [intl, toast],
  );

  // One offer per opening: the page's words may be reloaded while the dialog is open (closing the
  // picker is a navigation), and a new `make` must not ask for a second offer.
  const makeLatest = useRef(make);
  makeLatest.current = make;
  useEffect(() => {
    if (type) void makeLatest.current(type);
    else {
      // Closed: an answer still on its way is dropped, and the next opening never shows this offer.
      latest.current++;
      setState({ phase: "making" });
    }
  }, [type]);

  // The control that had focus went with the state it belonged to (the button that made the offer,
  // the link of an expired one): focus moves to what replaced it, never to the page's start.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (expired || state.phase === "failed") makeNewRef.current?.focus();
    else if (state.phase === "ready") linkRef.current?.focus();
  }, [expired, state.phase]);

  if (!offerable) return null;
  const typeInfo = CREDENTIAL_TYPES[offerable.type];
  const name = credentialTypeText(intl, offerable.type).name;
  const ready = state.phase === "ready" && !expired ? state : null;

  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.description, { name })}
      testId="wallet-offer-dialog"
    >
      <div className="grid gap-4">
        {offerable.pending ? (
          <p className={`text-sm ${TONE_CLASSES.warn.text}`}>
            <FormattedMessage {...messages.pending} values={{ authority: authorityText(intl, typeInfo.issuerId) }} />
          </p>
        ) : null}
        {/* What changes (made, expired) is said here, so a screen reader hears it where it happens. */}
        <p role="status" className="font-semibold" data-testid="wallet-offer-status">
          {state.phase === "making" ? (
            <FormattedMessage {...messages.making} />
          ) : expired ? (
            <FormattedMessage {...messages.expired} />
          ) : ready ? (
            <FormattedMessage {...messages.worksOnce} values={{ time: f.time(ready.offer.expiresAt) }} />
          ) : null}
        </p>
        {state.phase === "failed" ? (
          <p role="alert" className="text-govuk-red dark:text-red-400">
            {state.message}
          </p>
        ) : null}
        {ready ? (
          <>
            <div className="grid justify-items-center gap-3">
              <QrCode value={ready.offer.link} label={intl.formatMessage(messages.qrLabel, { name })} size={240} />
              <a
                ref={linkRef}
                href={ready.offer.link}
                className={buttonClasses("secondary", "text-center")}
                data-testid="wallet-offer-link"
              >
                <FormattedMessage {...messages.sameDevice} />
              </a>
            </div>
            <section
              aria-labelledby={codeHeadingId}
              className="rounded-sm border-s-4 border-govuk-blue bg-slate-50 p-4 dark:border-govuk-blue-light dark:bg-slate-800"
            >
              <h3 id={codeHeadingId} className="font-bold">
                <FormattedMessage {...messages.codeHeading} />
              </h3>
              <TransactionCode code={ready.offer.txCode} testId="wallet-offer-tx-code" />
              <p className="text-sm">
                <FormattedMessage {...messages.codeAdvice} />
              </p>
            </section>
            {/* Once the app has received it, this is where its copies are listed (and revoked). */}
            <p className="text-sm">
              <TextLink to="/wallet/apps">
                <FormattedMessage {...messages.copiesLink} />
              </TextLink>
            </p>
          </>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {expired || state.phase === "failed" ? (
            <Button ref={makeNewRef} onClick={() => void make(offerable.type)} data-testid="button-make-new-offer">
              <FormattedMessage {...(expired ? messages.makeNew : messages.tryAgain)} />
            </Button>
          ) : null}
          <Button variant={ready ? "primary" : "secondary"} onClick={onClose}>
            <FormattedMessage {...messages.done} />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
