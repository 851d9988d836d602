/**
 * The issuing authorities and the credential types they issue (ADR 011).
 * Pure data and small functions: the web worker (issuance, screens), the status worker
 * (metadata) and the browser (names on cards) all read it.
 *
 * Identifiers are URLs under one base (see issuerUrls):
 *   iss                   {base}/issuers/{id}
 *   issuer metadata       {base}/.well-known/jwt-vc-issuer/issuers/{id}   (SD-JWT VC section 4)
 *   vct (type metadata)   {base}/vct/{slug}                               (SD-JWT VC section 6)
 *   status list           {base}/status/lists/{listId}
 */

import { TYPE_MESSAGES } from "./type-messages.ts";

export type IssuerId = "home-office" | "dbs" | "dvla" | "professional-body";

export interface Authority {
  id: IssuerId;
  /** Full name, as on certificates and the /credentials screen. */
  name: string;
  /** The short authority name shown on wallet cards (spec 000 §3). */
  shortName: string;
}

export const AUTHORITIES: Readonly<Record<IssuerId, Authority>> = {
  "home-office": { id: "home-office", name: "Home Office", shortName: "Home Office" },
  dbs: { id: "dbs", name: "Disclosure and Barring Service", shortName: "DBS" },
  dvla: { id: "dvla", name: "Driver and Vehicle Licensing Agency", shortName: "DVLA" },
  "professional-body": {
    id: "professional-body",
    name: "Professional Standards Registry",
    shortName: "Professional Standards Registry",
  },
};

export const ISSUER_IDS = Object.keys(AUTHORITIES) as IssuerId[];

export type CredentialTypeCode = "rtw" | "rtr" | "dbs" | "driving_licence" | "professional_certificate";

export interface ClaimDefinition {
  name: string;
  label: string;
}

export interface CredentialType {
  code: CredentialTypeCode;
  /** Path segment of the vct URL. */
  slug: string;
  /** Wallet card title and subtitle (spec 000 §3 "Wallet credential"). */
  title: string;
  subtitle: string;
  /** The /credentials screen's name (spec 000 §3 "Citizen sample credential"). */
  longName: string;
  description: string;
  issuerId: IssuerId;
  /** Every personal claim, in display order; all selectively disclosable. */
  claims: readonly ClaimDefinition[];
  /** Card accent (tailwind colour family) and icon name (app/components/ui/icons.tsx). */
  colour: "blue" | "green" | "purple" | "orange" | "teal";
  icon: "briefcase" | "home" | "shield" | "car" | "award";
}

/**
 * A type's English names, description and claims, from its messages (core/issuers/type-messages.ts:
 * the words are written once, there, and translated in the catalogs). Claims in display order.
 */
function words(code: CredentialTypeCode, claimOrder: readonly string[]) {
  const m = TYPE_MESSAGES[code];
  const claims = m.claims as Record<string, { defaultMessage: string }>;
  return {
    title: m.title.defaultMessage,
    subtitle: m.subtitle.defaultMessage,
    longName: m.name.defaultMessage,
    description: m.description.defaultMessage,
    claims: [...NAME_CLAIMS, ...claimOrder].map((name) => ({ name, label: claims[name]!.defaultMessage })),
  };
}

const NAME_CLAIMS = ["given_name", "family_name", "birthdate"] as const;

export const CREDENTIAL_TYPES: Readonly<Record<CredentialTypeCode, CredentialType>> = {
  rtw: {
    code: "rtw",
    slug: "right-to-work",
    ...words("rtw", ["hasRightToWork", "workRestrictions", "immigrationStatus", "expiryDate"]),
    issuerId: "home-office",
    colour: "blue",
    icon: "briefcase",
  },
  rtr: {
    code: "rtr",
    slug: "right-to-rent",
    ...words("rtr", ["hasRightToRent", "rentRestrictions", "expiryDate"]),
    issuerId: "home-office",
    colour: "green",
    icon: "home",
  },
  dbs: {
    code: "dbs",
    slug: "dbs-enhanced",
    ...words("dbs", [
      "certificateNumber",
      "checkLevel",
      "workforce",
      "policeRecords",
      "barredListChildren",
      "barredListAdults",
      "issueDate",
    ]),
    issuerId: "dbs",
    colour: "purple",
    icon: "shield",
  },
  driving_licence: {
    code: "driving_licence",
    slug: "driving-licence",
    ...words("driving_licence", ["licenceNumber", "categories", "penaltyPoints", "age_over_18", "expiryDate"]),
    issuerId: "dvla",
    colour: "orange",
    icon: "car",
  },
  professional_certificate: {
    code: "professional_certificate",
    slug: "professional-certificate",
    ...words("professional_certificate", ["profession", "registrationNumber", "registeredSince", "expiryDate"]),
    issuerId: "professional-body",
    colour: "teal",
    icon: "award",
  },
};

export const CREDENTIAL_TYPE_CODES = Object.keys(CREDENTIAL_TYPES) as CredentialTypeCode[];

/**
 * What a printed paper credential of each type discloses (server/credentials/paper.ts): the name,
 * which the checker matches against the holder's photo ID since nothing binds the paper to its
 * holder, and what a check of the type reads (for rtw and rtr every attribute of that check in
 * core/verification/checks.ts). Nothing else: no date of birth, immigration status or penalty
 * points. Claim paths as the wallet discloses them; a path the record lacks is left out.
 *
 * A type without an entry is never printed (printableOnPaper): an enhanced DBS check rests on
 * identity at GPG45 High, which a credential bound to no device (a bearer sheet) cannot carry.
 */
export const PAPER_DISCLOSURES: Readonly<Partial<Record<CredentialTypeCode, readonly string[]>>> = {
  rtw: ["given_name", "family_name", "hasRightToWork", "workRestrictions", "expiryDate"],
  rtr: ["given_name", "family_name", "hasRightToRent", "rentRestrictions", "expiryDate"],
  driving_licence: ["given_name", "family_name", "licenceNumber", "categories", "expiryDate"],
  professional_certificate: ["given_name", "family_name", "profession", "registrationNumber", "expiryDate"],
};

/** Whether credentials of `type` are ever issued on paper: the one answer, PAPER_DISCLOSURES having an entry for it. */
export function printableOnPaper(type: string): boolean {
  return isCredentialTypeCode(type) && PAPER_DISCLOSURES[type] !== undefined;
}

export function isCredentialTypeCode(value: unknown): value is CredentialTypeCode {
  return typeof value === "string" && Object.hasOwn(CREDENTIAL_TYPES, value);
}

export function isIssuerId(value: unknown): value is IssuerId {
  return typeof value === "string" && Object.hasOwn(AUTHORITIES, value);
}

/** The type whose vct path ends in `slug`, if any. */
export function credentialTypeBySlug(slug: string): CredentialType | undefined {
  return Object.values(CREDENTIAL_TYPES).find((t) => t.slug === slug);
}

/** The wallet card's title/subtitle; unknown types get the spec's generic pair. */
export function walletTypeNames(type: string): { title: string; subtitle: string } {
  return isCredentialTypeCode(type) ? CREDENTIAL_TYPES[type] : { title: "Credential", subtitle: "Digital Identity" };
}

/**
 * Authority name from an issuer identifier (spec 000 §3): our own issuers by their path, then the
 * spec's rule for any other text: home-office or the digital-identity government host means the
 * Home Office, the DBS government host DBS, dvla DVLA, anything else "Government Authority".
 */
export function authorityName(issuer: string): string {
  const id = authorityOf(issuer);
  return id ? AUTHORITIES[id].shortName : "Government Authority";
}

/** The authority an issuer identifier names, by authorityName's rule; null for "Government Authority". */
export function authorityOf(issuer: string): IssuerId | null {
  const own = /\/issuers\/([a-z-]+)$/.exec(issuer)?.[1];
  if (own && isIssuerId(own)) return own;
  const text = issuer.toLowerCase();
  if (text.includes("home-office") || text.includes("digital-identity.service.gov.uk")) return "home-office";
  if (text.includes("dbs.gov.uk") || text.includes("gov.uk/dbs")) return "dbs";
  if (text.includes("dvla")) return "dvla";
  return null;
}

/** The base all identifiers hang from: https, no trailing slash. */
export function normaliseBase(base: string): string {
  return base.replace(/\/+$/, "");
}

/**
 * How many copies of a credential the web wallet asks for at each issuance (issue 22, ADR 045): each
 * bound to its own key and on its own status index, so it can show a fresh copy to each verifier.
 * The issue API refuses more proofs than this.
 */
export const WEB_WALLET_COPIES = 3;

export function issuerUrl(base: string, id: IssuerId): string {
  return `${normaliseBase(base)}/issuers/${id}`;
}

/**
 * The identifier an authority's status lists are issued under (their `iss`): a status issuer of its
 * own, whose metadata lists only the status-list key, so a key that signs lists is never one that
 * signs credentials (ADR 028).
 */
export function statusIssuerUrl(base: string, id: IssuerId): string {
  return `${normaliseBase(base)}/status/issuers/${id}`;
}

/** SD-JWT VC section 4: the metadata lives at the issuer URL with /.well-known/jwt-vc-issuer inserted after the host. */
export function issuerMetadataUrl(base: string, id: IssuerId): string {
  const url = new URL(issuerUrl(base, id));
  return `${url.origin}/.well-known/jwt-vc-issuer${url.pathname}`;
}

export function vctUrl(base: string, type: CredentialTypeCode): string {
  return `${normaliseBase(base)}/vct/${CREDENTIAL_TYPES[type].slug}`;
}

export function statusListUrl(base: string, listId: string): string {
  return `${normaliseBase(base)}/status/lists/${listId}`;
}

/** The same list signed for HAIP's credentials (ES256 with x5c, ADR 047): where they point. */
export const certifiedStatusListUri = (uri: string) => `${uri}/x509`;

/**
 * The https base of every identifier we mint (docs/decisions/010): PUBLIC_BASE_URL when
 * configured (production), else the https form of the host that was asked. Locally the
 * product is served over plain http on loopback while identifiers keep the https scheme that
 * every URL a token names must have (ADR 011); the paths are the same.
 */
export function publicBaseUrl(configured: string | undefined, requestUrl: string): string {
  if (configured) return normaliseBase(configured);
  return `https://${new URL(requestUrl).host}`;
}

/**
 * Where browsers and wallets reach the product (request_uri, response_uri, wallet links):
 * PUBLIC_BASE_URL when configured (without a trailing slash), else the origin that was asked,
 * scheme included (plain http on loopback locally).
 */
export function publicOrigin(configured: string | undefined, requestUrl: string): string {
  return configured ? normaliseBase(configured) : new URL(requestUrl).origin;
}
