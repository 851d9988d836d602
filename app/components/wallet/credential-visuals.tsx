/**
 * How a credential looks: its type's icon and accent colour (core/issuers/registry.ts names them),
 * and the status badges of spec 000 §4: active, pending, revoked and expired each with its own
 * badge, expired in the destructive style, any other value shown as it is, and "Expires Soon"
 * (spec 000 §4, §9: active with 90 days or fewer left).
 */
import { defineMessages, FormattedMessage, type MessageDescriptor } from "react-intl";
import { Icon, type IconName } from "#app/components/ui/icons.tsx";
import { StatusBadge } from "#app/components/ui/status-badge.tsx";
import type { Tone } from "#core/format/tone.ts";
import type { CredentialType } from "#core/issuers/registry.ts";

const TYPE_ICONS: Record<CredentialType["icon"], IconName> = {
  briefcase: "briefcase",
  home: "home",
  shield: "shieldCheck",
  car: "car",
  award: "award",
};

export function TypeIcon({ icon, className = "h-6 w-6" }: { icon: string; className?: string }) {
  return <Icon name={TYPE_ICONS[icon as CredentialType["icon"]] ?? "shieldCheck"} className={className} />;
}

/** Whole class names (Tailwind finds only literal ones): the card's top border and the icon tile. */
const ACCENTS: Record<CredentialType["colour"], { border: string; tile: string }> = {
  blue: {
    border: "border-t-govuk-blue dark:border-t-govuk-blue-light",
    tile: "bg-blue-100 text-govuk-blue dark:bg-blue-950 dark:text-blue-300",
  },
  green: {
    border: "border-t-govuk-green dark:border-t-green-500",
    tile: "bg-green-100 text-govuk-green dark:bg-green-950 dark:text-green-300",
  },
  purple: {
    border: "border-t-purple-700 dark:border-t-purple-400",
    tile: "bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-300",
  },
  orange: {
    border: "border-t-orange-600 dark:border-t-orange-400",
    tile: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300",
  },
  teal: {
    border: "border-t-teal-600 dark:border-t-teal-400",
    tile: "bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-300",
  },
};

export function accentFor(colour: string) {
  return ACCENTS[colour as CredentialType["colour"]] ?? ACCENTS.blue;
}

export const statusMessages = defineMessages({
  active: { id: "wallet.status.active", defaultMessage: "Active", description: "A credential's status badge." },
  pending: { id: "wallet.status.pending", defaultMessage: "Pending", description: "A credential's status badge." },
  revoked: { id: "wallet.status.revoked", defaultMessage: "Revoked", description: "A credential's status badge." },
  expired: { id: "wallet.status.expired", defaultMessage: "Expired", description: "A credential's status badge." },
  expiresSoon: {
    id: "wallet.status.expiresSoon",
    defaultMessage: "Expires Soon",
    description: "A badge: the credential expires within 90 days.",
  },
});

/** Spec 000 §4: active, pending, revoked and expired each with its own badge; expired in the destructive style. */
const STATUS_BADGES: Record<string, { label: MessageDescriptor; tone: Tone; solid?: boolean }> = {
  active: { label: statusMessages.active, tone: "ok" },
  pending: { label: statusMessages.pending, tone: "info" },
  revoked: { label: statusMessages.revoked, tone: "neutral", solid: true },
  expired: { label: statusMessages.expired, tone: "bad", solid: true },
};

/** A credential's status; any status without a badge of its own is shown as it is. */
export function CredentialStatusBadge({ status }: { status: string }) {
  const known = STATUS_BADGES[status];
  return (
    <StatusBadge
      tone={known?.tone ?? "neutral"}
      solid={known?.solid}
      data-testid="credential-status"
      data-status={status}
    >
      {known ? <FormattedMessage {...known.label} /> : status}
    </StatusBadge>
  );
}

export function ExpiresSoonBadge() {
  return (
    <StatusBadge tone="warn">
      <FormattedMessage {...statusMessages.expiresSoon} />
    </StatusBadge>
  );
}
