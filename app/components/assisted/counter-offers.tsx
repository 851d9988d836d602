/**
 * Step 4's offers to the client's own wallet app (issue 22; ADR 045): after the operator issues
 * with the delivery "their own wallet app", the console shows each offer in turn, from the answer
 * to the operator's own request (never from the session or its live feed): the QR code the
 * client's phone scans, the transaction code apart from it for the operator to read out or show,
 * and until when it works. A same-device link is pointless at a counter, so there is none.
 */
import { useState } from "react";
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from "react-intl";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { TransactionCode } from "#app/components/ui/transaction-code.tsx";
import { useNow } from "#app/components/ui/use-now.ts";
import type { CounterOffer } from "#core/assisted/api.ts";
import { credentialTypeText } from "#core/issuers/type-messages.ts";

const messagesDeclared = defineMessages({
  title: { id: "assisted.session.offer.title", defaultMessage: "Offers to the client's wallet app" },
  description: {
    id: "assisted.session.offer.description",
    defaultMessage:
      "The client scans each QR code with their own wallet app, then types the transaction code when the app asks for it.",
  },
  which: {
    id: "assisted.session.offer.which",
    defaultMessage: "Offer {index} of {total}: {name}",
    description: "{name} is the credential type's long name, e.g. 'Right to Work'.",
  },
  qrLabel: {
    id: "assisted.session.offer.qrLabel",
    defaultMessage: "QR code of an offer of the client's {name} credential for their wallet app",
    description: "The QR code's text for screen readers. {name} is the credential type's long name.",
  },
  codeHeading: {
    id: "assisted.session.offer.codeHeading",
    defaultMessage: "Transaction code",
    description: "Above the six digits the client types into their wallet app.",
  },
  codeAdvice: {
    id: "assisted.session.offer.codeAdvice",
    defaultMessage:
      "Read this code out to the client or show it to them: it is not in the QR code. Nobody else needs it.",
  },
  worksOnce: {
    id: "assisted.session.offer.worksOnce",
    defaultMessage: "This offer works once, until {time}.",
    description: "{time} is a time of day on the UK clock, e.g. 14:05.",
  },
  expired: {
    id: "assisted.session.offer.expired",
    defaultMessage:
      "This offer has expired. The client can make a new one themselves: in My Wallet, Add to another wallet app.",
  },
  next: { id: "assisted.session.offer.next", defaultMessage: "Next offer" },
  done: { id: "assisted.session.offer.done", defaultMessage: "Done" },
});
/** Widened so that formatMessage takes values. */
const messages: { readonly [K in keyof typeof messagesDeclared]: MessageDescriptor } = messagesDeclared;

/** The offers as the console received them: `receivedAt` on this device's clock (epoch milliseconds). */
export interface ReceivedOffers {
  offers: CounterOffer[];
  receivedAt: number;
}

export function CounterOffersDialog({ received, onClose }: { received: ReceivedOffers | null; onClose: () => void }) {
  const intl = useIntl();
  const f = useFormats();
  const [index, setIndex] = useState(0);
  const offer = received?.offers[index] ?? null;
  // Counted down on this device's clock for as long as the server gave: a wrong clock calls no fresh offer expired.
  const deadline = offer && received ? received.receivedAt + offer.expiresInSeconds * 1000 : null;
  const now = useNow(deadline);
  if (!received || !offer || deadline === null) return null;
  const total = received.offers.length;
  const last = index >= total - 1;
  const expired = now >= deadline;
  const name = credentialTypeText(intl, offer.type).name;
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.description)}
      testId="counter-offer-dialog"
    >
      <div className="grid gap-4">
        {/* The offer shown, and whether it still works, are said where they change. */}
        <div role="status" data-testid="counter-offer-status">
          <p className="font-bold">{intl.formatMessage(messages.which, { index: index + 1, total, name })}</p>
          <p className="font-semibold">
            {expired
              ? intl.formatMessage(messages.expired)
              : intl.formatMessage(messages.worksOnce, { time: f.time(offer.expiresAt) })}
          </p>
        </div>
        {expired ? null : (
          <>
            <div className="grid justify-items-center">
              <QrCode
                key={offer.link}
                value={offer.link}
                label={intl.formatMessage(messages.qrLabel, { name })}
                size={240}
              />
            </div>
            <section
              aria-label={intl.formatMessage(messages.codeHeading)}
              className="rounded-sm border-s-4 border-govuk-blue bg-slate-50 p-4 dark:border-govuk-blue-light dark:bg-slate-800"
            >
              <h3 className="font-bold">
                <FormattedMessage {...messages.codeHeading} />
              </h3>
              <TransactionCode code={offer.txCode} testId="counter-offer-tx-code" />
              <p className="text-sm">
                <FormattedMessage {...messages.codeAdvice} />
              </p>
            </section>
          </>
        )}
        <div className="flex flex-wrap gap-3">
          {/* One button, relabelled: focus stays on it from the first offer to Done. */}
          <Button onClick={last ? onClose : () => setIndex(index + 1)} data-testid="counter-offer-next">
            {intl.formatMessage(last ? messages.done : messages.next)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
