import { useEffect, useRef, useState } from "react";
import {
  defineMessages,
  FormattedMessage,
  type IntlShape,
  type NoMessageValues as NoValues,
  useIntl,
} from "react-intl";
import { apiRequest, handleMutationError } from "#app/client/api-client.ts";
import { copyText } from "#app/client/clipboard.ts";
import { track } from "#app/client/tracker.client.ts";
import { useFormats } from "#app/components/i18n/language.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { QrCode } from "#app/components/ui/qr-code.tsx";
import { type ToastFn, useToast } from "#app/components/ui/toast.tsx";
import { useCredentialType } from "./type-text.ts";

const messages = defineMessages<{
  copiedTitle: NoValues;
  copiedText: NoValues;
  title: NoValues;
  qrLabel: { credential: string };
  copy: NoValues;
  explain: { expiry: string };
  failed: NoValues;
  creating: NoValues;
}>({
  copiedTitle: { id: "credentials.share.copiedTitle", defaultMessage: "Link Copied" },
  copiedText: { id: "credentials.share.copiedText", defaultMessage: "Share link copied to clipboard" },
  title: { id: "credentials.share.title", defaultMessage: "Share Credential" },
  qrLabel: {
    id: "credentials.share.qrLabel",
    defaultMessage: "QR code for the verification link of your {credential} credential",
  },
  copy: { id: "credentials.share.copy", defaultMessage: "Copy Share Link" },
  explain: {
    id: "credentials.share.explain",
    defaultMessage:
      "This link lets others verify your credential without exposing your personal details. It expires in 24 hours (at {expiry}).",
  },
  failed: { id: "credentials.share.failed", defaultMessage: "This credential could not be shared." },
  creating: { id: "credentials.share.creating", defaultMessage: "Creating your share link…" },
});

/** Copies a share link with the spec's toast (000 §8 "Link Copied"), or says how to copy it by hand. */
export const copyShareLink = (link: string, toast: ToastFn, intl: IntlShape): Promise<void> =>
  copyText(link, toast, {
    title: intl.formatMessage(messages.copiedTitle),
    description: intl.formatMessage(messages.copiedText),
  });

/** What the dialog needs of a credential (a WalletCredential from the API has it). */
export interface ShareableCredential {
  id: string;
  type: string;
  display: { longName: string };
}

interface CreatedShare {
  id: string;
  expiryDate: string;
  verifyPath: string;
}

/**
 * The share dialog (spec 000 §2 /credentials): opening it creates a 24-hour share of the
 * credential (POST /api/credentials/{id}/shares) and shows the verification link as a real QR
 * code, the link itself and Copy Share Link. The link shows validity, type and issuer only.
 */
export function ShareDialog({
  credential,
  open,
  onClose,
  purpose,
}: {
  credential: ShareableCredential | null;
  open: boolean;
  onClose: () => void;
  purpose?: string;
}) {
  const intl = useIntl();
  // The refusal's toast speaks the page's language; a new formatter (the page's messages read
  // again) must not create the share again, so the effect reads it from here.
  const toastIntl = useRef(intl);
  toastIntl.current = intl;
  const f = useFormats();
  const typeName = useCredentialType(credential?.type ?? "").name;
  const { toast } = useToast();
  const [share, setShare] = useState<CreatedShare | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open || !credential) return;
    let cancelled = false;
    setShare(null);
    setFailed(false);
    apiRequest("POST", `/api/credentials/${credential.id}/shares`, purpose ? { purpose } : {})
      .then((response) => response.json() as Promise<CreatedShare>)
      .then((created) => {
        if (cancelled) return;
        setShare(created);
        void track({
          eventCategory: "credential",
          eventAction: "share",
          eventLabel: credential.type,
          metadata: { credentialType: credential.type, credentialId: credential.id },
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setFailed(true);
        handleMutationError(error, toast, toastIntl.current);
      });
    return () => {
      cancelled = true;
    };
  }, [open, credential, purpose, toast]);

  const link = share ? `${window.location.origin}${share.verifyPath}` : "";

  async function copyLink() {
    await copyShareLink(link, toast, intl);
    void track({
      eventCategory: "user_interaction",
      eventAction: "click",
      eventLabel: "copy_share_link",
      metadata: { credentialType: credential?.type ?? null, credentialId: credential?.id ?? null },
    });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage(messages.title)}
      description={credential ? typeName : undefined}
      testId="share-dialog"
    >
      {share ? (
        <div className="flex flex-col items-center gap-4">
          <QrCode
            value={link}
            label={intl.formatMessage(messages.qrLabel, { credential: credential ? typeName : "" })}
          />
          <p
            className="w-full break-all rounded-sm bg-slate-100 p-2 text-center font-mono text-sm dark:bg-slate-800"
            data-testid="share-link"
            dir="ltr"
          >
            {link}
          </p>
          <Button onClick={copyLink} data-testid="button-copy-share-link" className="w-full">
            <FormattedMessage {...messages.copy} />
          </Button>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <FormattedMessage {...messages.explain} values={{ expiry: f.dateTime(share.expiryDate) }} />
          </p>
        </div>
      ) : failed ? (
        <p className="text-sm text-govuk-red">
          <FormattedMessage {...messages.failed} />
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
          <FormattedMessage {...messages.creating} />
        </p>
      )}
    </Dialog>
  );
}
