/**
 * The citizen wallet (spec 000 §2 "Wallet page"; issue 4), at /wallet and /citizen-wallet.
 * Left: the profile card with indicators that tell the truth, and Quick Actions. Right: My
 * Credentials (filter, grid/list, the empty state) and Recent Activity from the wallet's own log.
 * `?action=request` and `?action=share` open those flows; closing them removes the parameter.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { type ShouldRevalidateFunction, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { track } from "#app/client/tracker.client.ts";
import { avatarSrc } from "#app/components/avatar.ts";
import { ShareDialog } from "#app/components/credentials/share-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SignedInPage } from "#app/components/ui/signed-in-page.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { TONE_CLASSES } from "#app/components/ui/tone.ts";
import { useRootData } from "#app/root.tsx";
import type { loader as walletLoader } from "#app/routes/wallet.tsx";
import { displayName } from "#core/accounts/schemas.ts";
import { formatDateTime, relativeTime } from "#core/format/format.ts";
import { CREDENTIAL_TYPE_CODES, CREDENTIAL_TYPES, type CredentialTypeCode } from "#core/issuers/registry.ts";
import type { WalletActivity } from "#server/credentials/activity.ts";
import type { WalletCard } from "#server/credentials/wallet-page.ts";
import { type CardLayout, CredentialCard } from "./credential-card.tsx";
import { STATUS_LABELS } from "./credential-visuals.tsx";
import { bindingOf, type DeviceKeyState, useDeviceKey } from "./device-key.ts";
import { requestCredential, showIssuanceError, showIssuanceSuccess } from "./issuance.client.ts";
import { OfflineQrDialog } from "./offline-qr-dialog.tsx";
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

export const walletMeta: MetaFunction = () => [
  { title: "Citizen Wallet | UK Digital Identity" },
  {
    name: "description",
    content: "Your verifiable credentials, bound to this device, and the record of what happened to them.",
  },
];

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
  const revalidator = useRevalidator();
  const [searchParams, setSearchParams] = useSearchParams();
  const { deviceKey, keyCreated, recheck } = useDeviceKey();
  const [pendingType, setPendingType] = useState<string | null>(null);
  const pending = useRef(false);
  const [shareTarget, setShareTarget] = useState<WalletCard | null>(null);
  const [offlineTarget, setOfflineTarget] = useState<WalletCard | null>(null);
  const [viewing, setViewing] = useState<WalletCard | null>(null);
  const [activityExpanded, setActivityExpanded] = useState(false);
  const activityHeading = useRef<HTMLHeadingElement>(null);
  const [scrollToActivity, setScrollToActivity] = useState(0);

  const action = searchParams.get("action");

  const setAction = useCallback(
    (next: "request" | "share" | null) => {
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
        const { key } = await requestCredential(type, data.issuerBase);
        keyCreated(key);
        showIssuanceSuccess(toast, replacing ? { longName: replacing.display.longName } : undefined);
        revalidator.revalidate();
        return true;
      } catch (error) {
        showIssuanceError(error, toast);
        recheck();
        return false;
      } finally {
        pending.current = false;
        setPendingType(null);
      }
    },
    [data.issuerBase, held, keyCreated, recheck, toast, revalidator],
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
    <SignedInPage title="Citizen Wallet" lead="Your credentials, bound to this device and shared only when you choose.">
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
  const device: Indicator =
    deviceKey.status === "ready"
      ? { label: "Device Secure", value: "Yes", detail: "This device holds your wallet key", on: true }
      : deviceKey.status === "none"
        ? {
            label: "Device Secure",
            value: "No key yet",
            detail: "Adding a credential creates this device's wallet key",
            on: false,
          }
        : deviceKey.status === "unavailable"
          ? { label: "Device Secure", value: "Unavailable", detail: deviceKey.message, on: false }
          : { label: "Device Secure", value: "Checking…", detail: "Looking for this device's wallet key", on: null };
  const indicators: Indicator[] = [
    passkeys > 0
      ? {
          label: "Passkey Enabled",
          value: "Yes",
          detail:
            passkeys === 1
              ? "You can sign in with your passkey"
              : `You can sign in with any of your ${passkeys} passkeys`,
          on: true,
        }
      : {
          label: "Passkey Enabled",
          value: "Not set up",
          detail: "Add a passkey in your profile's Security Settings",
          on: false,
        },
    // Every passkey here was made, and is used, with user verification required (ADR 021).
    passkeys > 0
      ? {
          label: "Biometric Auth",
          value: "With passkey",
          detail: "Signing in with a passkey asks for your fingerprint, face or screen lock",
          on: true,
        }
      : { label: "Biometric Auth", value: "Not set up", detail: "Comes with a passkey", on: false },
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
              Verified Identity
            </p>
          ) : (
            <p className="mt-1 inline-flex items-center gap-1 rounded-sm bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              Identity not yet verified
            </p>
          )}
        </div>
      </div>
      {verified ? null : (
        <p className="mt-3 text-sm text-govuk-grey dark:text-slate-400">
          Add a credential from an authority to verify your identity.
        </p>
      )}
      <ul
        className="mt-4 divide-y divide-govuk-border border-t border-govuk-border dark:divide-slate-700 dark:border-slate-700"
        aria-label="Security indicators"
      >
        {indicators.map((indicator) => (
          <IndicatorRow key={indicator.label} indicator={indicator} />
        ))}
      </ul>
    </Card>
  );
}

interface Indicator {
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
    <li className="py-3" data-testid={`indicator-${indicator.label.toLowerCase().replace(/\s+/g, "-")}`}>
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
  onActivity,
}: {
  adding: boolean;
  busy: boolean;
  onAdd: () => void;
  onShare: () => void;
  onActivity: () => void;
}) {
  const actions: { label: string; icon: IconName; onClick: () => void; disabled?: boolean; testId: string }[] = [
    {
      label: adding ? "Adding Credential..." : "Add New Credential",
      icon: "plus",
      onClick: onAdd,
      disabled: busy,
      testId: "button-add-credential",
    },
    { label: "Share via QR Code", icon: "share", onClick: onShare, testId: "button-share-qr" },
    { label: "View Activity Log", icon: "clock", onClick: onActivity, testId: "button-view-activity" },
  ];
  return (
    <Card as="section" aria-labelledby="quick-actions-heading" className="p-5">
      <h2 id="quick-actions-heading" className="text-xl font-bold">
        Quick Actions
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
    </Card>
  );
}

type StatusFilter = "all" | "active" | "expiring" | "pending" | "revoked" | "expired";

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All statuses" },
  { value: "active", label: STATUS_LABELS.active! },
  { value: "expiring", label: "Expires Soon" },
  { value: "pending", label: STATUS_LABELS.pending! },
  { value: "revoked", label: STATUS_LABELS.revoked! },
  { value: "expired", label: STATUS_LABELS.expired! },
];

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
          My Credentials
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
              Filter{activeFilters ? ` (${activeFilters})` : ""}
            </Button>
            <fieldset
              aria-label="Layout"
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
            label="Status"
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            options={STATUS_FILTERS}
          />
          <SelectField
            compact
            label="Credential type"
            value={type}
            onChange={(event) => setType(event.target.value)}
            options={[{ value: "all", label: "All types" }, ...typeOptions]}
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
            Clear filters
          </Button>
        </div>
      ) : null}

      {credentials.length ? (
        <>
          <p className="mt-3 text-sm text-govuk-grey dark:text-slate-400" role="status" data-testid="credentials-count">
            {activeFilters
              ? `Showing ${shown.length} of ${credentials.length} credentials`
              : `${credentials.length} ${credentials.length === 1 ? "credential" : "credentials"}`}
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
              No credentials match these filters.
            </p>
          )}
        </>
      ) : (
        <div className="mt-6 flex flex-col items-center rounded-sm border border-dashed border-govuk-border px-4 py-10 text-center dark:border-slate-600">
          <span className="rounded-full bg-govuk-blue/10 p-3 text-govuk-blue dark:bg-govuk-blue-light/15 dark:text-govuk-blue-light">
            <Icon name="wallet" className="h-8 w-8" />
          </span>
          <h3 className="mt-4 text-xl font-bold">No Credentials Yet</h3>
          <p className="mt-2 max-w-md text-govuk-grey dark:text-slate-400">
            Ask an authority for a credential. It is issued from the records the authority holds about you and kept on
            this device.
          </p>
          <Button
            className="mt-5"
            onClick={onAddFirst}
            disabled={pendingType !== null}
            data-testid="button-add-first-credential"
          >
            {pendingType === DEFAULT_TYPE ? "Adding Credential..." : "Add Your First Credential"}
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
      {value === "grid" ? "Grid view" : "List view"}
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
  return (
    <Card as="section" id="recent-activity" aria-labelledby="activity-heading" className="scroll-mt-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
          Recent Activity
        </h2>
        {activity.length > ACTIVITY_PREVIEW ? (
          <Button
            variant="outline"
            className="px-3 py-1 text-sm"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={onToggle}
          >
            {expanded ? "Show less" : `Show all (${activity.length})`}
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
                    title={formatDateTime(item.at)}
                    className="text-sm text-govuk-grey dark:text-slate-400"
                  >
                    {relativeTime(item.at, now)}
                  </time>
                </div>
                <p className="text-sm text-govuk-grey dark:text-slate-400">{item.description}</p>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-govuk-grey dark:text-slate-400" data-testid="activity-empty">
          No activity yet. Adding, sharing or revoking a credential will appear here.
        </p>
      )}
    </Card>
  );
}
