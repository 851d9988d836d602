/**
 * The citizen wallet (spec 000 §2 "Wallet page"; issue 4), at /wallet and /citizen-wallet.
 * Left: the profile card with indicators that tell the truth, and Quick Actions. Right: My
 * Credentials (filter, grid/list, the empty state) and Recent Activity from the wallet's own log.
 * `?action=request`, `?action=share` and `?action=offer` (add to another wallet app, issue 22) open
 * those flows; closing them removes the parameter.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ShouldRevalidateFunction, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { defineMessage, defineMessages, FormattedMessage, type IntlShape, useIntl } from "react-intl";
import { track } from "#app/client/tracker.client.ts";
import { avatarSrc } from "#app/components/avatar.ts";
import { ShareDialog } from "#app/components/credentials/share-dialog.tsx";
import { useFormats } from "#app/components/i18n/language.tsx";
import { routeMeta } from "#app/components/meta.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { useRootData } from "#app/root.tsx";
import type { loader as walletLoader } from "#app/routes/wallet.tsx";
import { displayName } from "#core/accounts/users.ts";
import { elapsed } from "#core/format/format.ts";
import type { Formats } from "#core/format/locale.ts";
import { CREDENTIAL_TYPE_CODES, CREDENTIAL_TYPES, type CredentialTypeCode } from "#core/issuers/registry.ts";
import type { WalletActivity } from "#server/credentials/activity.ts";
import type { OfferableType, WalletCard } from "#server/credentials/wallet-page.ts";
import { type CardLayout, CredentialCard } from "./credential-card.tsx";
import { statusMessages } from "./credential-visuals.tsx";
import { bindingOf, type DeviceKeyState, keyUnavailableMessages, useDeviceKey } from "./device-key.ts";
import { requestCredential, showIssuanceError, showIssuanceSuccess } from "./issuance.client.ts";
import { OfflineQrDialog } from "./offline-qr-dialog.tsx";
import {
  WalletAppOfferDialog,
  WalletAppPickerDialog,
  walletAppOfferTitle,
  walletAppsLinkText,
} from "./wallet-app-offer.tsx";
import {
  activeByType,
  CredentialDetailsDialog,
  ReplaceCredentialDialog,
  RequestDialog,
  replaceableCopy,
  SharePickerDialog,
} from "./wallet-dialogs.tsx";

/** Recent Activity shows this many until the log is expanded. */
const ACTIVITY_PREVIEW = 5;
/** Spec 000 §2: the wallet's Add New Credential issues a right-to-work credential. */
const DEFAULT_TYPE: CredentialTypeCode = "rtw";

const messages = defineMessages({
  metaTitle: {
    id: "wallet.page.metaTitle",
    defaultMessage: "Citizen Wallet | UK Digital Identity",
    description: "The browser tab's title. Keep 'UK Digital Identity' (the service's name) as the glossary says.",
  },
  metaDescription: {
    id: "wallet.page.metaDescription",
    defaultMessage: "Your verifiable credentials, bound to this device, and the record of what happened to them.",
  },
  title: { id: "wallet.page.title", defaultMessage: "Citizen Wallet", description: "The wallet page's main heading." },
  lead: {
    id: "wallet.page.lead",
    defaultMessage: "Your credentials, bound to this device and shared only when you choose.",
  },
  verified: {
    id: "wallet.page.verified",
    defaultMessage: "Verified Identity",
    description: "A badge on the profile card.",
  },
  notVerified: { id: "wallet.page.notVerified", defaultMessage: "Identity not yet verified" },
  verifyHint: {
    id: "wallet.page.verifyHint",
    defaultMessage: "Add a credential from an authority to verify your identity.",
  },
  indicators: { id: "wallet.page.indicators", defaultMessage: "Security indicators" },
  yes: { id: "wallet.page.indicator.yes", defaultMessage: "Yes", description: "An indicator's value: it is in place." },
  notSetUp: { id: "wallet.page.indicator.notSetUp", defaultMessage: "Not set up" },
  deviceSecure: { id: "wallet.page.indicator.deviceSecure", defaultMessage: "Device Secure" },
  deviceReady: { id: "wallet.page.indicator.deviceReady", defaultMessage: "This device holds your wallet key" },
  deviceNoKey: { id: "wallet.page.indicator.deviceNoKey", defaultMessage: "No key yet" },
  deviceNoKeyDetail: {
    id: "wallet.page.indicator.deviceNoKeyDetail",
    defaultMessage: "Adding a credential creates this device's wallet key",
  },
  deviceUnavailable: { id: "wallet.page.indicator.deviceUnavailable", defaultMessage: "Unavailable" },
  deviceChecking: { id: "wallet.page.indicator.deviceChecking", defaultMessage: "Checking…" },
  deviceCheckingDetail: {
    id: "wallet.page.indicator.deviceCheckingDetail",
    defaultMessage: "Looking for this device's wallet key",
  },
  passkey: { id: "wallet.page.indicator.passkey", defaultMessage: "Passkey Enabled" },
  passkeyDetail: defineMessage<{ count: number }>({
    id: "wallet.page.indicator.passkeyDetail",
    defaultMessage:
      "{count, plural, one {You can sign in with your passkey} other {You can sign in with any of your # passkeys}}",
  }),
  passkeyMissing: {
    id: "wallet.page.indicator.passkeyMissing",
    defaultMessage: "Add a passkey in your profile's Security Settings",
  },
  biometric: { id: "wallet.page.indicator.biometric", defaultMessage: "Biometric Auth" },
  biometricOn: { id: "wallet.page.indicator.biometricOn", defaultMessage: "With passkey" },
  biometricOnDetail: {
    id: "wallet.page.indicator.biometricOnDetail",
    defaultMessage: "Signing in with a passkey asks for your fingerprint, face or screen lock",
  },
  biometricOffDetail: { id: "wallet.page.indicator.biometricOffDetail", defaultMessage: "Comes with a passkey" },
  quickActions: { id: "wallet.page.quickActions", defaultMessage: "Quick Actions" },
  adding: { id: "wallet.page.adding", defaultMessage: "Adding Credential..." },
  addNew: { id: "wallet.page.addNew", defaultMessage: "Add New Credential" },
  shareQr: { id: "wallet.page.shareQr", defaultMessage: "Share via QR Code" },
  viewActivity: { id: "wallet.page.viewActivity", defaultMessage: "View Activity Log" },
  allStatuses: { id: "wallet.page.filter.allStatuses", defaultMessage: "All statuses" },
  myCredentials: { id: "wallet.page.myCredentials", defaultMessage: "My Credentials" },
  filter: {
    id: "wallet.page.filter.button",
    defaultMessage: "Filter",
    description: "A button that opens the filters.",
  },
  filterCount: defineMessage<{ count: number }>({
    id: "wallet.page.filter.buttonCount",
    defaultMessage: "Filter ({count})",
    description: "The filter button when {count} filters are on.",
  }),
  layout: { id: "wallet.page.layout", defaultMessage: "Layout", description: "Grid or list view of the cards." },
  status: { id: "wallet.page.filter.status", defaultMessage: "Status" },
  type: { id: "wallet.page.filter.type", defaultMessage: "Credential type" },
  allTypes: { id: "wallet.page.filter.allTypes", defaultMessage: "All types" },
  clearFilters: { id: "wallet.page.filter.clear", defaultMessage: "Clear filters" },
  showing: defineMessage<{ shown: number; credentials: string }>({
    id: "wallet.page.count.filtered",
    defaultMessage: "Showing {shown} of {credentials}",
    description: "{credentials} is the counted total, e.g. '5 credentials' (wallet.page.count.all).",
  }),
  count: defineMessage<{ count: number }>({
    id: "wallet.page.count.all",
    defaultMessage: "{count, plural, one {# credential} other {# credentials}}",
  }),
  noMatch: { id: "wallet.page.filter.noMatch", defaultMessage: "No credentials match these filters." },
  emptyTitle: { id: "wallet.page.empty.title", defaultMessage: "No Credentials Yet" },
  emptyBody: {
    id: "wallet.page.empty.body",
    defaultMessage:
      "Ask an authority for a credential. It is issued from the records the authority holds about you and kept on this device.",
  },
  addFirst: { id: "wallet.page.empty.addFirst", defaultMessage: "Add Your First Credential" },
  gridView: { id: "wallet.page.layout.grid", defaultMessage: "Grid view" },
  listView: { id: "wallet.page.layout.list", defaultMessage: "List view" },
  activity: { id: "wallet.page.activity.title", defaultMessage: "Recent Activity" },
  showLess: { id: "wallet.page.activity.showLess", defaultMessage: "Show less" },
  showAll: defineMessage<{ count: number }>({
    id: "wallet.page.activity.showAll",
    defaultMessage: "Show all ({count})",
  }),
  noActivity: {
    id: "wallet.page.activity.empty",
    defaultMessage: "No activity yet. Adding, sharing or revoking a credential will appear here.",
  },
  agoNow: { id: "wallet.page.activity.agoNow", defaultMessage: "just now", description: "When something happened." },
  agoMinutes: defineMessage<{ count: number }>({
    id: "wallet.page.activity.agoMinutes",
    defaultMessage: "{count, plural, one {# minute ago} other {# minutes ago}}",
  }),
  agoHours: defineMessage<{ count: number }>({
    id: "wallet.page.activity.agoHours",
    defaultMessage: "{count, plural, one {# hour ago} other {# hours ago}}",
  }),
  agoDays: defineMessage<{ count: number }>({
    id: "wallet.page.activity.agoDays",
    defaultMessage: "{count, plural, one {yesterday} other {# days ago}}",
  }),
});

export const walletMeta: MetaFunction = ({ matches }) =>
  routeMeta(matches, { title: messages.metaTitle, description: messages.metaDescription });

/** "5 minutes ago", "yesterday", then the date: the runtime's words where it has them, else the catalog's. */
function ago(intl: IntlShape, f: Formats, at: string, now: string): string {
  if (f.relativeTime) return f.relativeTime(at, now);
  const step = elapsed(at, now);
  switch (step.unit) {
    case "now":
      return intl.formatMessage(messages.agoNow);
    case "minute":
      return intl.formatMessage(messages.agoMinutes, { count: step.count });
    case "hour":
      return intl.formatMessage(messages.agoHours, { count: step.count });
    case "day":
      return intl.formatMessage(messages.agoDays, { count: step.count });
    case "date":
      return f.date(at);
  }
}

/**
 * Opening a dialog only adds `?action`: nothing to reload. Closing one reloads as usual, since it
 * may follow an issuance (whose own revalidation the closing navigation interrupts).
 */
export const walletShouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    nextUrl.searchParams.has("action") &&
    !currentUrl.searchParams.has("action")
  ) {
    const before = new URLSearchParams(currentUrl.search);
    const after = new URLSearchParams(nextUrl.search);
    after.delete("action");
    if (before.toString() === after.toString()) return false;
  }
  return defaultShouldRevalidate;
};

export function WalletPage() {
  const data = useLoaderData<typeof walletLoader>();
  const credentials = data.credentials as WalletCard[];
  const user = useRootData()?.user;
  const { toast } = useToast();
  const intl = useIntl();
  const revalidator = useRevalidator();
  const [searchParams, setSearchParams] = useSearchParams();
  const { deviceKey, keysCreated, recheck } = useDeviceKey();
  const [pendingType, setPendingType] = useState<string | null>(null);
  const pending = useRef(false);
  const [shareTarget, setShareTarget] = useState<WalletCard | null>(null);
  const [offlineTarget, setOfflineTarget] = useState<WalletCard | null>(null);
  const [offerTarget, setOfferTarget] = useState<OfferableType | null>(null);
  const [viewing, setViewing] = useState<WalletCard | null>(null);
  const [activityExpanded, setActivityExpanded] = useState(false);
  const activityHeading = useRef<HTMLHeadingElement>(null);
  const [scrollToActivity, setScrollToActivity] = useState(0);

  const action = searchParams.get("action");

  const setAction = useCallback(
    (next: "request" | "share" | "offer" | null) => {
      // The dialog's own close event also lands here after the parameter has gone: no second navigation.
      if (next === null && !new URLSearchParams(window.location.search).has("action")) return;
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next) params.set("action", next);
          else params.delete("action");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const held = useMemo(() => activeByType(credentials), [credentials]);
  /** Asking before Add New Credential replaces a held copy (ReplaceCredentialDialog). */
  const [confirmingReplace, setConfirmingReplace] = useState(false);

  /** Issues `type` to this device; true when it worked. One issuance at a time. */
  const issue = useCallback(
    async (type: CredentialTypeCode): Promise<boolean> => {
      if (pending.current) return false;
      pending.current = true;
      setPendingType(type);
      // A type is held once in a wallet: issuing it again replaces the active copy (never a paper one), and the toast says so.
      const replacing = replaceableCopy(held, type);
      try {
        const { keys } = await requestCredential(type, data.issuerBase);
        keysCreated(keys);
        showIssuanceSuccess(toast, intl, replacing ? { longName: replacing.display.longName } : undefined);
        revalidator.revalidate();
        return true;
      } catch (error) {
        showIssuanceError(error, toast, intl);
        recheck();
        return false;
      } finally {
        pending.current = false;
        setPendingType(null);
      }
    },
    [data.issuerBase, held, keysCreated, recheck, toast, revalidator, intl],
  );

  /** Quick Actions' Add New Credential: the wallet's default type, after asking if it is already held. */
  const addNew = useCallback(() => {
    if (replaceableCopy(held, DEFAULT_TYPE)) setConfirmingReplace(true);
    else void issue(DEFAULT_TYPE);
  }, [held, issue]);

  const replaceConfirmed = useCallback(async () => {
    if (await issue(DEFAULT_TYPE)) setConfirmingReplace(false);
  }, [issue]);

  const requestFromDialog = useCallback(
    async (type: CredentialTypeCode) => {
      if (await issue(type)) setAction(null);
    },
    [issue, setAction],
  );

  const openDetails = useCallback((credential: WalletCard) => {
    setViewing(credential);
    void track({
      eventCategory: "credential",
      eventAction: "view",
      eventLabel: credential.type,
      metadata: { credentialType: credential.type, credentialId: credential.id },
    });
  }, []);

  const openShare = useCallback(
    (credential: WalletCard) => {
      setViewing(null);
      setShareTarget(credential);
      setAction(null);
    },
    [setAction],
  );

  const showActivityLog = useCallback(() => {
    setActivityExpanded(true);
    setScrollToActivity((n) => n + 1);
  }, []);

  // After the expanded log has rendered: bring it into view and move focus to its heading.
  useEffect(() => {
    if (!scrollToActivity) return;
    const heading = activityHeading.current;
    heading?.scrollIntoView({ behavior: "smooth", block: "start" });
    heading?.focus({ preventScroll: true });
  }, [scrollToActivity]);

  const verified = credentials.some((c) => c.status === "active");
  const fullName = user ? displayName(user) : "";

  return (
    <SignedInPage title={intl.formatMessage(messages.title)} lead={intl.formatMessage(messages.lead)}>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="grid gap-6">
          <ProfileCard
            name={fullName}
            avatar={user ? avatarSrc(user) : null}
            verified={verified}
            deviceKey={deviceKey}
            passkeys={data.passkeys}
          />
          <QuickActions
            adding={pendingType === DEFAULT_TYPE}
            busy={pendingType !== null}
            onAdd={addNew}
            onShare={() => setAction("share")}
            onOffer={() => setAction("offer")}
            onActivity={showActivityLog}
          />
        </div>

        <div className="grid min-w-0 gap-6">
          <CredentialsSection
            credentials={credentials}
            deviceKey={deviceKey}
            pendingType={pendingType}
            onAddFirst={() => void issue(DEFAULT_TYPE)}
            onView={openDetails}
            onShare={openShare}
            onReissue={(type) => void issue(type)}
          />
          <ActivitySection
            activity={data.activity as WalletActivity[]}
            now={data.now}
            expanded={activityExpanded}
            onToggle={() => setActivityExpanded((e) => !e)}
            headingRef={activityHeading}
          />
        </div>
      </div>

      <ReplaceCredentialDialog
        held={replaceableCopy(held, DEFAULT_TYPE) ?? null}
        open={confirmingReplace}
        pending={pendingType === DEFAULT_TYPE}
        onClose={() => setConfirmingReplace(false)}
        onReplace={() => void replaceConfirmed()}
        onRequestOther={() => {
          setConfirmingReplace(false);
          setAction("request");
        }}
      />
      <RequestDialog
        open={action === "request"}
        onClose={() => setAction(null)}
        held={held}
        deviceKey={deviceKey}
        pendingType={pendingType}
        onRequest={(type) => void requestFromDialog(type)}
      />
      <SharePickerDialog
        open={action === "share" && offlineTarget === null}
        onClose={() => setAction(null)}
        credentials={credentials}
        onPick={(credential) => {
          setOfflineTarget(credential);
          setAction(null);
        }}
      />
      <OfflineQrDialog
        credential={offlineTarget}
        base={data.issuerBase}
        deviceKey={deviceKey}
        onClose={() => setOfflineTarget(null)}
      />
      <WalletAppPickerDialog
        open={action === "offer" && offerTarget === null}
        offerable={data.offerable}
        onClose={() => setAction(null)}
        onPick={(offerable) => {
          setOfferTarget(offerable);
          setAction(null);
        }}
      />
      <WalletAppOfferDialog offerable={offerTarget} onClose={() => setOfferTarget(null)} />
      <CredentialDetailsDialog
        credential={viewing}
        deviceKey={deviceKey}
        onClose={() => setViewing(null)}
        onShare={openShare}
      />
      <ShareDialog credential={shareTarget} open={shareTarget !== null} onClose={() => setShareTarget(null)} />
    </SignedInPage>
  );
}

function ProfileCard({
  name,
  avatar,
  verified,
  deviceKey,
  passkeys,
}: {
  name: string;
  avatar: string | null;
  verified: boolean;
  deviceKey: DeviceKeyState;
  /** How many passkeys the account has (webauthn_credentials). */
  passkeys: number;
}) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const deviceSecure = t(messages.deviceSecure);
  const device: Indicator =
    deviceKey.status === "ready"
      ? { key: "device-secure", label: deviceSecure, value: t(messages.yes), detail: t(messages.deviceReady), on: true }
      : deviceKey.status === "none"
        ? {
            key: "device-secure",
            label: deviceSecure,
            value: t(messages.deviceNoKey),
            detail: t(messages.deviceNoKeyDetail),
            on: false,
          }
        : deviceKey.status === "unavailable"
          ? {
              key: "device-secure",
              label: deviceSecure,
              value: t(messages.deviceUnavailable),
              detail: intl.formatMessage(keyUnavailableMessages[deviceKey.reason]),
              on: false,
            }
          : {
              key: "device-secure",
              label: deviceSecure,
              value: t(messages.deviceChecking),
              detail: t(messages.deviceCheckingDetail),
              on: null,
            };
  const indicators: Indicator[] = [
    passkeys > 0
      ? {
          key: "passkey-enabled",
          label: t(messages.passkey),
          value: t(messages.yes),
          detail: t(messages.passkeyDetail, { count: passkeys }),
          on: true,
        }
      : {
          key: "passkey-enabled",
          label: t(messages.passkey),
          value: t(messages.notSetUp),
          detail: t(messages.passkeyMissing),
          on: false,
        },
    // Every passkey here was made, and is used, with user verification required (ADR 021).
    passkeys > 0
      ? {
          key: "biometric-auth",
          label: t(messages.biometric),
          value: t(messages.biometricOn),
          detail: t(messages.biometricOnDetail),
          on: true,
        }
      : {
          key: "biometric-auth",
          label: t(messages.biometric),
          value: t(messages.notSetUp),
          detail: t(messages.biometricOffDetail),
          on: false,
        },
    device,
  ];
  return (
    <Card as="section" aria-labelledby="profile-heading" className="p-5" data-testid="wallet-profile">
      <div className="flex items-center gap-4">
        {avatar ? (
          <img
            src={avatar}
            alt=""
            width={56}
            height={56}
            className="h-14 w-14 rounded-full bg-slate-200 object-cover dark:bg-slate-700"
          />
        ) : null}
        <div className="min-w-0">
          <h2 id="profile-heading" className="break-words text-xl font-bold" dir="auto">
            {name}
          </h2>
          {verified ? (
            <p className="mt-1 inline-flex items-center gap-1 rounded-sm bg-green-100 px-2 py-0.5 text-sm font-semibold text-govuk-green dark:bg-green-950 dark:text-green-300">
              <Icon name="shield" className="h-4 w-4" />
              <FormattedMessage {...messages.verified} />
            </p>
          ) : (
            <p className="mt-1 inline-flex items-center gap-1 rounded-sm bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              <FormattedMessage {...messages.notVerified} />
            </p>
          )}
        </div>
      </div>
      {verified ? null : (
        <p className="mt-3 text-sm text-govuk-grey dark:text-slate-400">
          <FormattedMessage {...messages.verifyHint} />
        </p>
      )}
      <ul
        className="mt-4 divide-y divide-govuk-border border-t border-govuk-border dark:divide-slate-700 dark:border-slate-700"
        aria-label={t(messages.indicators)}
      >
        {indicators.map((indicator) => (
          <IndicatorRow key={indicator.key} indicator={indicator} />
        ))}
      </ul>
    </Card>
  );
}

interface Indicator {
  /** Names the row for tests and styles, whatever the language. */
  key: "passkey-enabled" | "biometric-auth" | "device-secure";
  label: string;
  value: string;
  detail: string;
  /** true: in place; false: not; null: not known yet. */
  on: boolean | null;
}

function IndicatorRow({ indicator }: { indicator: Indicator }) {
  const tone =
    indicator.on === true
      ? "text-govuk-green dark:text-green-400"
      : indicator.on === false
        ? "text-slate-600 dark:text-slate-300"
        : "text-govuk-grey dark:text-slate-400";
  return (
    <li className="py-3" data-testid={`indicator-${indicator.key}`}>
      <div className="flex items-center justify-between gap-3">
        <span className="font-semibold">{indicator.label}</span>
        <span className={`inline-flex items-center gap-1 text-sm font-semibold ${tone}`}>
          {indicator.on === true ? (
            <Icon name="check" className="h-4 w-4" />
          ) : indicator.on === false ? (
            <Icon name="cross" className="h-4 w-4" />
          ) : null}
          {indicator.value}
        </span>
      </div>
      <p className="mt-0.5 text-sm text-govuk-grey dark:text-slate-400">{indicator.detail}</p>
    </li>
  );
}

function QuickActions({
  adding,
  busy,
  onAdd,
  onShare,
  onOffer,
  onActivity,
}: {
  adding: boolean;
  busy: boolean;
  onAdd: () => void;
  onShare: () => void;
  onOffer: () => void;
  onActivity: () => void;
}) {
  const intl = useIntl();
  const actions: { label: string; icon: IconName; onClick: () => void; disabled?: boolean; testId: string }[] = [
    {
      label: intl.formatMessage(adding ? messages.adding : messages.addNew),
      icon: "plus",
      onClick: onAdd,
      disabled: busy,
      testId: "button-add-credential",
    },
    { label: intl.formatMessage(messages.shareQr), icon: "share", onClick: onShare, testId: "button-share-qr" },
    {
      label: intl.formatMessage(walletAppOfferTitle),
      icon: "phone",
      onClick: onOffer,
      testId: "button-other-wallet-app",
    },
    {
      label: intl.formatMessage(messages.viewActivity),
      icon: "clock",
      onClick: onActivity,
      testId: "button-view-activity",
    },
  ];
  return (
    <Card as="section" aria-labelledby="quick-actions-heading" className="p-5">
      <h2 id="quick-actions-heading" className="text-xl font-bold">
        <FormattedMessage {...messages.quickActions} />
      </h2>
      <ul className="mt-4 grid gap-2">
        {actions.map((a, i) => (
          <li key={a.testId}>
            <Button
              variant={i === 0 ? "primary" : "outline"}
              className="w-full justify-start"
              onClick={a.onClick}
              disabled={a.disabled}
              data-testid={a.testId}
            >
              <Icon name={a.icon} className="h-5 w-5" />
              {a.label}
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <TextLink to="/wallet/apps" data-testid="link-wallet-apps">
          <FormattedMessage {...walletAppsLinkText} />
        </TextLink>
      </p>
    </Card>
  );
}

type StatusFilter = "all" | "active" | "expiring" | "pending" | "revoked" | "expired";

const STATUS_FILTERS = [
  { value: "all", label: messages.allStatuses },
  { value: "active", label: statusMessages.active },
  { value: "expiring", label: statusMessages.expiresSoon },
  { value: "pending", label: statusMessages.pending },
  { value: "revoked", label: statusMessages.revoked },
  { value: "expired", label: statusMessages.expired },
] as const satisfies readonly { value: StatusFilter; label: unknown }[];

function matchesStatus(credential: WalletCard, filter: StatusFilter): boolean {
  if (filter === "all") return true;
  if (filter === "expiring") return credential.display.expiringSoon;
  return credential.status === filter;
}

function CredentialsSection({
  credentials,
  deviceKey,
  pendingType,
  onAddFirst,
  onView,
  onShare,
  onReissue,
}: {
  credentials: WalletCard[];
  deviceKey: DeviceKeyState;
  pendingType: string | null;
  onAddFirst: () => void;
  onView: (credential: WalletCard) => void;
  onShare: (credential: WalletCard) => void;
  onReissue: (type: CredentialTypeCode) => void;
}) {
  const [layout, setLayout] = useState<CardLayout>("grid");
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [status, setStatus] = useState<StatusFilter>("all");
  const [type, setType] = useState("all");
  const filterPanelId = useId();
  const intl = useIntl();

  // Every type the registry knows, and any other type the list holds (shown by its generic name).
  const typeOptions = useMemo(() => {
    const known = CREDENTIAL_TYPE_CODES.map((code) => ({ value: code as string, label: CREDENTIAL_TYPES[code].title }));
    const others = [...new Set(credentials.map((c) => c.type))]
      .filter((t) => !known.some((k) => k.value === t))
      .map((t) => ({ value: t, label: t }));
    return [...known, ...others];
  }, [credentials]);

  const shown = credentials.filter((c) => matchesStatus(c, status) && (type === "all" || c.type === type));
  const activeFilters = (status === "all" ? 0 : 1) + (type === "all" ? 0 : 1);

  return (
    <Card as="section" aria-labelledby="credentials-heading" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="credentials-heading" className="text-2xl font-bold">
          <FormattedMessage {...messages.myCredentials} />
        </h2>
        {credentials.length ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="outline"
              className="px-3 py-1.5 text-sm"
              aria-expanded={filtersOpen}
              aria-controls={filterPanelId}
              onClick={() => setFiltersOpen((open) => !open)}
              data-testid="button-filter-credentials"
            >
              <Icon name="filter" className="h-4 w-4" />
              {activeFilters ? (
                <FormattedMessage {...messages.filterCount} values={{ count: activeFilters }} />
              ) : (
                <FormattedMessage {...messages.filter} />
              )}
            </Button>
            <fieldset
              aria-label={intl.formatMessage(messages.layout)}
              className="inline-flex rounded-sm border border-slate-400 dark:border-slate-500"
            >
              <LayoutButton current={layout} value="grid" onSelect={setLayout} />
              <LayoutButton current={layout} value="list" onSelect={setLayout} />
            </fieldset>
          </div>
        ) : null}
      </div>

      {credentials.length && filtersOpen ? (
        <div
          id={filterPanelId}
          className="mt-4 grid gap-4 rounded-sm bg-slate-50 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:bg-slate-800"
        >
          <SelectField
            compact
            label={intl.formatMessage(messages.status)}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            options={STATUS_FILTERS.map(({ value, label }) => ({ value, label: intl.formatMessage(label) }))}
          />
          <SelectField
            compact
            label={intl.formatMessage(messages.type)}
            value={type}
            onChange={(event) => setType(event.target.value)}
            options={[{ value: "all", label: intl.formatMessage(messages.allTypes) }, ...typeOptions]}
          />
          <Button
            variant="secondary"
            className="px-3 py-2 text-sm"
            disabled={!activeFilters}
            onClick={() => {
              setStatus("all");
              setType("all");
            }}
          >
            <FormattedMessage {...messages.clearFilters} />
          </Button>
        </div>
      ) : null}

      {credentials.length ? (
        <>
          <p className="mt-3 text-sm text-govuk-grey dark:text-slate-400" role="status" data-testid="credentials-count">
            {activeFilters
              ? intl.formatMessage(messages.showing, {
                  shown: shown.length,
                  credentials: intl.formatMessage(messages.count, { count: credentials.length }),
                })
              : intl.formatMessage(messages.count, { count: credentials.length })}
          </p>
          {shown.length ? (
            <ul
              className={`mt-4 grid gap-4 ${layout === "grid" ? "sm:grid-cols-2" : "grid-cols-1"}`}
              data-testid="credential-list"
              data-layout={layout}
            >
              {shown.map((credential) => (
                <li key={credential.id}>
                  <CredentialCard
                    credential={credential}
                    binding={bindingOf(credential, deviceKey)}
                    layout={layout}
                    busy={pendingType !== null}
                    reissuing={pendingType === credential.type}
                    onView={() => onView(credential)}
                    onShare={() => onShare(credential)}
                    onReissue={() => onReissue(credential.type as CredentialTypeCode)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 rounded-sm border border-dashed border-govuk-border p-6 text-center dark:border-slate-600">
              <FormattedMessage {...messages.noMatch} />
            </p>
          )}
        </>
      ) : (
        <div className="mt-6 flex flex-col items-center rounded-sm border border-dashed border-govuk-border px-4 py-10 text-center dark:border-slate-600">
          <span className="rounded-full bg-govuk-blue/10 p-3 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
            <Icon name="wallet" className="h-8 w-8" />
          </span>
          <h3 className="mt-4 text-xl font-bold">
            <FormattedMessage {...messages.emptyTitle} />
          </h3>
          <p className="mt-2 max-w-md text-govuk-grey dark:text-slate-400">
            <FormattedMessage {...messages.emptyBody} />
          </p>
          <Button
            className="mt-5"
            onClick={onAddFirst}
            disabled={pendingType !== null}
            data-testid="button-add-first-credential"
          >
            <FormattedMessage {...(pendingType === DEFAULT_TYPE ? messages.adding : messages.addFirst)} />
          </Button>
        </div>
      )}
    </Card>
  );
}

function LayoutButton({
  current,
  value,
  onSelect,
}: {
  current: CardLayout;
  value: CardLayout;
  onSelect: (layout: CardLayout) => void;
}) {
  const pressed = current === value;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onSelect(value)}
      className={
        "inline-flex items-center gap-1.5 px-3 py-1.5 text-sm font-semibold first:rounded-s-sm last:rounded-e-sm " +
        (pressed
          ? "bg-govuk-black text-white dark:bg-slate-100 dark:text-slate-900"
          : "bg-white text-govuk-black hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800")
      }
    >
      <Icon name={value} className="h-4 w-4" />
      <FormattedMessage {...(value === "grid" ? messages.gridView : messages.listView)} />
    </button>
  );
}

function ActivitySection({
  activity,
  now,
  expanded,
  onToggle,
  headingRef,
}: {
  activity: WalletActivity[];
  now: string;
  expanded: boolean;
  onToggle: () => void;
  headingRef: RefObject<HTMLHeadingElement>;
}) {
  const listId = useId();
  const shown = expanded ? activity : activity.slice(0, ACTIVITY_PREVIEW);
  const intl = useIntl();
  const f = useFormats();
  return (
    <Card as="section" id="recent-activity" aria-labelledby="activity-heading" className="scroll-mt-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
          <FormattedMessage {...messages.activity} />
        </h2>
        {activity.length > ACTIVITY_PREVIEW ? (
          <Button
            variant="outline"
            className="px-3 py-1 text-sm"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={onToggle}
          >
            {expanded ? (
              <FormattedMessage {...messages.showLess} />
            ) : (
              <FormattedMessage {...messages.showAll} values={{ count: activity.length }} />
            )}
          </Button>
        ) : null}
      </div>
      {activity.length ? (
        <ol
          id={listId}
          className="mt-4 grid gap-0 divide-y divide-govuk-border dark:divide-slate-700"
          data-testid="activity-list"
        >
          {shown.map((item) => (
            <li key={item.id} className="flex gap-3 py-3" data-testid="activity-item" data-kind={item.kind}>
              <span
                className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${TONE_CLASSES[item.tone].dot}`}
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold">{item.title}</p>
                  <time
                    dateTime={item.at}
                    title={f.dateTime(item.at)}
                    className="text-sm text-govuk-grey dark:text-slate-400"
                  >
                    {ago(intl, f, item.at, now)}
                  </time>
                </div>
                <p className="text-sm text-govuk-grey dark:text-slate-400">{item.description}</p>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-govuk-grey dark:text-slate-400" data-testid="activity-empty">
          <FormattedMessage {...messages.noActivity} />
        </p>
      )}
    </Card>
  );
}
