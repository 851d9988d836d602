/**
 * What each kind of check asks for (issue 9): the credential types that can answer it, the
 * attributes a verifier may request (each a claim path in the credential), the default, and the
 * assurance level the answering credential was issued at. Pure data: the portal's form, the
 * verifier worker's validation, the DCQL query and the citizen's consent screen all read it.
 */
import { base64urlEncode } from "#core/credentials/encoding.ts";
import { ukDate } from "#core/format/uk-time.ts";
import { CREDENTIAL_TYPE_CODES, CREDENTIAL_TYPES, type CredentialTypeCode } from "#core/issuers/registry.ts";

export type CheckType = "rtw" | "rtr" | "dbs" | "age" | "driving_licence" | "professional_certificate" | "identity";

/** The spec's checks (spec 000 §5 "Credential type options", in its order): the portal always offers these. */
export const SPEC_CHECK_TYPES = ["rtw", "rtr", "dbs", "age"] as const satisfies readonly CheckType[];

/** The spec's four checks first, then the checks issue 20 added (offered where an organisation is registered for them). */
export const CHECK_TYPES = [
  "rtw",
  "rtr",
  "dbs",
  "age",
  "driving_licence",
  "professional_certificate",
  "identity",
] as const satisfies readonly CheckType[];

export interface CheckAttribute {
  /** The value a request names in `requestedAttributes`. */
  id: string;
  /** Plain English, as the verifier's form and the citizen's consent screen show it. */
  label: string;
  /** Where the claim is in the credential (a DCQL claims path). */
  path: readonly string[];
}

/**
 * An mdoc (ISO/IEC 18013-5) document that can answer a check (issue 23, ADR 050): its doctype, the
 * namespace its elements are in, and the element that stands for each attribute it can show. A
 * request is offered to the document only when every attribute it asks for has an element here.
 */
export interface MdocSource {
  /** The DCQL credential query's id for this document (the vp_token's key). */
  queryId: string;
  docType: string;
  namespace: string;
  /** Attribute id (as CheckAttribute.id) → data element identifier. */
  elements: Readonly<Record<string, string>>;
}

/**
 * An SD-JWT VC from an issuer outside this platform that can answer a check (issue 23, ADR 052):
 * trusted through the trust list's `sd_jwt_vc_issuer_certificate` roots for the check, never by
 * its `iss` alone. A request is offered to it only when every attribute asked has a claim here.
 */
export interface OutsideSdJwtSource {
  /** The DCQL credential query's id for this credential (the vp_token's key). */
  queryId: string;
  vct: string;
  /** Attribute id (as CheckAttribute.id) → the claim's path in the credential. */
  claims: Readonly<Record<string, readonly string[]>>;
}

/**
 * The EU PID as an SD-JWT VC (PID Rulebook, SD-JWT VC encoding): `birthdate` and
 * `age_equal_or_over` as SD-JWT VC names them, so its paths are the ones our credentials use and
 * the check's one rule judges its values.
 */
const pidSdJwt = (claims: Record<string, readonly string[]>): OutsideSdJwtSource => ({
  queryId: "pid_sd_jwt",
  vct: "urn:eudi:pid:1",
  claims,
});

/** The mobile driving licence (ISO/IEC 18013-5 section 7.2.1). */
const MDL_DOCTYPE = "org.iso.18013.5.1.mDL";
const MDL_NAMESPACE = "org.iso.18013.5.1";
/** The EU PID in mdoc form (EUDI ARF, PID Rulebook: its doctype and namespace are the same string). */
const PID_DOCTYPE = "eu.europa.ec.eudi.pid.1";

const mdl = (elements: Record<string, string>): MdocSource => ({
  queryId: "mdl",
  docType: MDL_DOCTYPE,
  namespace: MDL_NAMESPACE,
  elements,
});
const pid = (elements: Record<string, string>): MdocSource => ({
  queryId: "pid",
  docType: PID_DOCTYPE,
  namespace: PID_DOCTYPE,
  elements,
});

/** Names and date of birth, as the mDL (section 7.2.1) and the PID (PID Rulebook) both name them. */
const IDENTITY_ELEMENTS = { given_name: "given_name", family_name: "family_name", birth_date: "birth_date" };

/** Both documents carry age_over_NN (mDL section 7.2.5; PID Rulebook) for the thresholds we ask. */
const AGE_ELEMENTS = { age_over_18: "age_over_18", age_over_21: "age_over_21" };

export interface CheckDefinition {
  code: CheckType;
  /** The portal's option text (spec 000 §5). */
  name: string;
  /** Credential types that can answer this check. */
  credentialTypes: readonly CredentialTypeCode[];
  attributes: readonly CheckAttribute[];
  /** Asked for when a request names no attributes. */
  defaultAttributes: readonly string[];
  /** mdoc documents that can answer it too (issue 23), beside the SD-JWT VC types; none for our own checks. */
  mdoc?: readonly MdocSource[];
  /** SD-JWT VCs of issuers outside the platform that can answer it (issue 23, ADR 052). */
  outsideSdJwt?: readonly OutsideSdJwtSource[];
  /** GPG45 confidence the issuing authority's checks reach: shown on the receipt. */
  assuranceLevel: "GPG45 Medium" | "GPG45 High";
  /** What passing the check means, in words (GET /api/verifications/checks, the API documentation). */
  passes: string;
  /**
   * The check's rule (issue 20, ADR 033): why a genuine credential fails it, from the attributes the
   * verifier saw (by attribute id) on the UK day `today` (YYYY-MM-DD); undefined when it passes.
   */
  fails: (seen: Readonly<Record<string, unknown>>, today: string) => OutcomeReason | undefined;
}

/**
 * Why a genuine credential fails its check, as a stable code and in words (issue 20, ADR 033).
 * The words are what the portal, the toast, the receipt, the history and the CSV show.
 */
export const OUTCOME_REASONS = {
  RIGHT_TO_WORK_NOT_SHOWN: "Right to work not shown",
  NO_RIGHT_TO_WORK: "No right to work in the UK",
  WORK_PERMISSION_EXPIRED: "Permission to work has expired",
  RIGHT_TO_RENT_NOT_SHOWN: "Right to rent not shown",
  NO_RIGHT_TO_RENT: "No right to rent in England",
  RENT_PERMISSION_EXPIRED: "Permission to rent has expired",
  AGE_NOT_SHOWN: "Age not shown",
  UNDER_18: "Under 18",
  UNDER_21: "Under 21",
  DBS_RESULT_NOT_SHOWN: "DBS result not shown",
  BARRED_FROM_WORK_WITH_CHILDREN: "On the children's barred list",
  BARRED_FROM_WORK_WITH_ADULTS: "On the adults' barred list",
  POLICE_RECORDS_SHOWN: "Police records show information",
  LICENCE_EXPIRED: "Driving licence has expired",
  NO_VEHICLE_CATEGORIES: "Not entitled to drive any vehicle",
  REGISTRATION_LAPSED: "Professional registration has lapsed",
  EXPIRY_DATE_UNREADABLE: "Expiry date could not be read",
  IDENTITY_NOT_SHOWN: "Name and date of birth not shown",
} as const;

export type OutcomeReason = keyof typeof OUTCOME_REASONS;
export const OUTCOME_REASON_CODES = Object.keys(OUTCOME_REASONS) as [OutcomeReason, ...OutcomeReason[]];

export const OUTCOME_STATUSES = ["passed", "failed"] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

/**
 * Whether the check passed, beside `valid` (which says only that the credential is genuine):
 * `reason` and `message` (the reason in words) are set when it failed, null when it passed.
 */
export interface CheckOutcome {
  status: OutcomeStatus;
  reason: OutcomeReason | null;
  message: string | null;
}

function isOutcomeReason(value: unknown): value is OutcomeReason {
  return typeof value === "string" && Object.hasOwn(OUTCOME_REASONS, value);
}

/** Age thresholds issuers attest as `age_equal_or_over` (SD-JWT VC draft, section 3.2.2.2 example claims). */
const AGE_THRESHOLDS = [18, 21] as const;
const UNDER: Record<(typeof AGE_THRESHOLDS)[number], OutcomeReason> = { 18: "UNDER_18", 21: "UNDER_21" };

/** What a DBS certificate says where a search found nothing (police records, each barred list). */
export const DBS_NONE_RECORDED = "None recorded";

/**
 * Whether a date attribute the verifier saw has passed on `today` (both YYYY-MM-DD, so they compare
 * as text): a permission, licence or registration runs to the end of its expiry date. A date that
 * is not YYYY-MM-DD cannot be judged in date, so it fails (EXPIRY_DATE_UNREADABLE); one not shown
 * leaves it to the credential's own expiry, which verification has already checked.
 */
function expiryFails(value: unknown, today: string, expired: OutcomeReason): OutcomeReason | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return "EXPIRY_DATE_UNREADABLE";
  return value < today ? expired : undefined;
}

/** A permission check (right to work, right to rent): the permission shown and true, and not past its expiry. */
function permissionFails(
  seen: Readonly<Record<string, unknown>>,
  today: string,
  attribute: string,
  reasons: { notShown: OutcomeReason; refused: OutcomeReason; expired: OutcomeReason },
): OutcomeReason | undefined {
  const permission = seen[attribute];
  if (permission === undefined) return reasons.notShown;
  if (permission !== true) return reasons.refused;
  return expiryFails(seen.expiryDate, today, reasons.expired);
}

const NAME: readonly CheckAttribute[] = [
  { id: "given_name", label: "Given name", path: ["given_name"] },
  { id: "family_name", label: "Family name", path: ["family_name"] },
];

/** Types whose credentials carry a date of birth, and so an age claim. */
const AGE_CREDENTIAL_TYPES: readonly CredentialTypeCode[] = CREDENTIAL_TYPE_CODES.filter((code) =>
  CREDENTIAL_TYPES[code].claims.some((claim) => claim.name === "birthdate"),
);

export const CHECKS: Readonly<Record<CheckType, CheckDefinition>> = {
  rtw: {
    code: "rtw",
    name: "Right to Work",
    credentialTypes: ["rtw"],
    attributes: [
      { id: "hasRightToWork", label: "Has the right to work in the UK", path: ["hasRightToWork"] },
      { id: "workRestrictions", label: "Any conditions on that work", path: ["workRestrictions"] },
      { id: "expiryDate", label: "When the permission expires", path: ["expiryDate"] },
      ...NAME,
    ],
    defaultAttributes: ["hasRightToWork"],
    assuranceLevel: "GPG45 Medium",
    passes: "The credential shows the right to work in the UK, and the permission has not expired.",
    fails: (seen, today) =>
      permissionFails(seen, today, "hasRightToWork", {
        notShown: "RIGHT_TO_WORK_NOT_SHOWN",
        refused: "NO_RIGHT_TO_WORK",
        expired: "WORK_PERMISSION_EXPIRED",
      }),
  },
  rtr: {
    code: "rtr",
    name: "Right to Rent",
    credentialTypes: ["rtr"],
    attributes: [
      { id: "hasRightToRent", label: "Has the right to rent in England", path: ["hasRightToRent"] },
      { id: "rentRestrictions", label: "Any conditions on renting", path: ["rentRestrictions"] },
      { id: "expiryDate", label: "When the permission expires", path: ["expiryDate"] },
      ...NAME,
    ],
    defaultAttributes: ["hasRightToRent"],
    assuranceLevel: "GPG45 Medium",
    passes: "The credential shows the right to rent in England, and the permission has not expired.",
    fails: (seen, today) =>
      permissionFails(seen, today, "hasRightToRent", {
        notShown: "RIGHT_TO_RENT_NOT_SHOWN",
        refused: "NO_RIGHT_TO_RENT",
        expired: "RENT_PERMISSION_EXPIRED",
      }),
  },
  dbs: {
    code: "dbs",
    name: "DBS Check",
    credentialTypes: ["dbs"],
    attributes: [
      { id: "checkLevel", label: "Level of the check", path: ["checkLevel"] },
      { id: "workforce", label: "Workforce checked against", path: ["workforce"] },
      { id: "policeRecords", label: "What police records show", path: ["policeRecords"] },
      { id: "barredListChildren", label: "Children's barred list result", path: ["barredListChildren"] },
      { id: "barredListAdults", label: "Adults' barred list result", path: ["barredListAdults"] },
      { id: "certificateNumber", label: "Certificate number", path: ["certificateNumber"] },
      { id: "issueDate", label: "When the certificate was issued", path: ["issueDate"] },
      ...NAME,
    ],
    defaultAttributes: ["checkLevel", "policeRecords", "barredListChildren", "barredListAdults"],
    assuranceLevel: "GPG45 High",
    passes: `At least one result is shown (police records, a barred list), and each one shown reads "${DBS_NONE_RECORDED}".`,
    // A barred person may not work in regulated activity with that group (Safeguarding Vulnerable
    // Groups Act 2006): named first. Police records that show anything are for the employer to
    // weigh, but are not a clear certificate, so the check does not pass on its own.
    fails: (seen) => {
      const shown = (id: string) => seen[id] !== undefined;
      if (!["policeRecords", "barredListChildren", "barredListAdults"].some(shown)) return "DBS_RESULT_NOT_SHOWN";
      const recorded = (id: string) => shown(id) && seen[id] !== DBS_NONE_RECORDED;
      if (recorded("barredListChildren")) return "BARRED_FROM_WORK_WITH_CHILDREN";
      if (recorded("barredListAdults")) return "BARRED_FROM_WORK_WITH_ADULTS";
      if (recorded("policeRecords")) return "POLICE_RECORDS_SHOWN";
      return undefined;
    },
  },
  age: {
    code: "age",
    name: "Age Verification",
    credentialTypes: AGE_CREDENTIAL_TYPES,
    attributes: AGE_THRESHOLDS.map((age) => ({
      id: `age_over_${age}`,
      label: `Aged ${age} or over`,
      path: ["age_equal_or_over", String(age)],
    })),
    defaultAttributes: ["age_over_18"],
    mdoc: [mdl(AGE_ELEMENTS), pid(AGE_ELEMENTS)],
    outsideSdJwt: [pidSdJwt({ age_over_18: ["age_equal_or_over", "18"], age_over_21: ["age_equal_or_over", "21"] })],
    assuranceLevel: "GPG45 Medium",
    passes: "Every age threshold shown (asked for by the request, or chosen by the citizen) is met.",
    // Every threshold shown is one asked (a request's answer shows exactly what it asked for), so
    // each must be met; the lowest one missed is the reason.
    fails: (seen) => {
      const shown = AGE_THRESHOLDS.filter((age) => seen[`age_over_${age}`] !== undefined);
      if (!shown.length) return "AGE_NOT_SHOWN";
      const missed = shown.find((age) => seen[`age_over_${age}`] !== true);
      return missed === undefined ? undefined : UNDER[missed];
    },
  },
  // Issue 20: a driving licence or a professional certificate is a check of its own, so that an
  // organisation sees one only when it is registered for it (no credential answers "no check").
  // What a request may ask for is what the paper credential of the type prints too
  // (PAPER_DISCLOSURES): no date of birth, no penalty points.
  driving_licence: {
    code: "driving_licence",
    name: "Driving Licence",
    credentialTypes: ["driving_licence"],
    attributes: [
      { id: "categories", label: "Vehicles they may drive", path: ["categories"] },
      { id: "expiryDate", label: "When the licence expires", path: ["expiryDate"] },
      { id: "licenceNumber", label: "Licence number", path: ["licenceNumber"] },
      ...NAME,
    ],
    defaultAttributes: ["categories", "expiryDate"],
    // The mDL's own elements (ISO/IEC 18013-5 section 7.2.1): driving_privileges is read as its
    // vehicle category codes (mdocAttributeValue), so the same rule judges both formats.
    mdoc: [
      mdl({
        categories: "driving_privileges",
        expiryDate: "expiry_date",
        licenceNumber: "document_number",
        given_name: "given_name",
        family_name: "family_name",
      }),
    ],
    assuranceLevel: "GPG45 Medium",
    passes:
      "The licence has not expired (its expiry date, where shown, and the credential's own), and any categories shown are not empty.",
    fails: (seen, today) => {
      const expired = expiryFails(seen.expiryDate, today, "LICENCE_EXPIRED");
      if (expired) return expired;
      const { categories } = seen;
      if (categories !== undefined && !(Array.isArray(categories) && categories.length > 0))
        return "NO_VEHICLE_CATEGORIES";
      return undefined;
    },
  },
  professional_certificate: {
    code: "professional_certificate",
    name: "Professional Certificate",
    credentialTypes: ["professional_certificate"],
    attributes: [
      { id: "profession", label: "Profession", path: ["profession"] },
      { id: "registrationNumber", label: "Registration number", path: ["registrationNumber"] },
      { id: "expiryDate", label: "When the registration renews", path: ["expiryDate"] },
      ...NAME,
    ],
    defaultAttributes: ["profession", "expiryDate"],
    assuranceLevel: "GPG45 Medium",
    passes: "The registration has not lapsed (its renewal date, where shown, and the credential's own expiry).",
    fails: (seen, today) => expiryFails(seen.expiryDate, today, "REGISTRATION_LAPSED"),
  },
  // Issue 23: who the person is, from a government-issued identity document in a wallet: the mDL or
  // the EU PID as mdoc, or any credential of ours (each carries the name and date of birth the
  // issuing authority proved, GPG45). Offered where an organisation is registered for it.
  identity: {
    code: "identity",
    name: "Identity",
    credentialTypes: AGE_CREDENTIAL_TYPES,
    attributes: [...NAME, { id: "birth_date", label: "Date of birth", path: ["birthdate"] }],
    defaultAttributes: ["given_name", "family_name", "birth_date"],
    mdoc: [mdl(IDENTITY_ELEMENTS), pid(IDENTITY_ELEMENTS)],
    outsideSdJwt: [pidSdJwt({ given_name: ["given_name"], family_name: ["family_name"], birth_date: ["birthdate"] })],
    assuranceLevel: "GPG45 Medium",
    passes: "Every attribute shown (the names, the date of birth) has a value.",
    // Whatever a request asks for must be disclosed (DCQL), so only an empty value can fail here.
    fails: (seen) => {
      const shown = ["given_name", "family_name", "birth_date"].filter((id) => seen[id] !== undefined);
      return !shown.length || shown.some((id) => typeof seen[id] !== "string" || seen[id] === "")
        ? "IDENTITY_NOT_SHOWN"
        : undefined;
    },
  },
};

/**
 * The checks a credential type answers in full: every check but age and identity, which read a few
 * claims of many types.
 */
const TYPE_CHECKS = CHECK_TYPES.filter((check) => check !== "age" && check !== "identity");

export function isCheckType(value: unknown): value is CheckType {
  return typeof value === "string" && (CHECK_TYPES as readonly string[]).includes(value);
}

/** A check's name as screens and receipts say it; "Credential check" for none or an unknown code. */
export function checkName(code: unknown): string {
  return isCheckType(code) ? CHECKS[code].name : "Credential check";
}

export function checkAttribute(check: CheckType, id: string): CheckAttribute | undefined {
  return CHECKS[check].attributes.find((attribute) => attribute.id === id);
}

/** The attribute a disclosed claim path stands for in a check ("age_equal_or_over.18" → age_over_18). */
export function attributeForPath(check: CheckType, dottedPath: string): CheckAttribute | undefined {
  return CHECKS[check].attributes.find((attribute) => attribute.path.join(".") === dottedPath);
}

/** The check a credential type answers by default (for offline QR codes, which carry no request). */
export function checkForCredentialType(type: string): CheckType | undefined {
  return TYPE_CHECKS.find((check) => CHECKS[check].credentialTypes.includes(type as CredentialTypeCode));
}

/** Every check a presentation of `type` can make, whatever it discloses: what checkForPresentation may answer. */
export function possibleChecks(type: string): CheckType[] {
  const own = checkForCredentialType(type);
  const age = CHECKS.age.credentialTypes.includes(type as CredentialTypeCode);
  return [...(own ? [own] : []), ...(age ? (["age"] as const) : [])];
}

/**
 * The check an offline presentation makes, which no request names: an age check when it
 * discloses only age thresholds, else the check its credential type answers.
 */
export function checkForPresentation(type: string, disclosedPaths: readonly string[]): CheckType | undefined {
  const ages = CHECKS.age.attributes.map((attribute) => attribute.path.join("."));
  if (
    disclosedPaths.length > 0 &&
    disclosedPaths.every((path) => ages.includes(path)) &&
    CHECKS.age.credentialTypes.includes(type as CredentialTypeCode)
  )
    return "age";
  return checkForCredentialType(type);
}

/** `age_equal_or_over` for a date of birth (YYYY-MM-DD) on a given day: each threshold true or false. */
export function ageEqualOrOver(birthdate: string, on: Date): Record<string, boolean> | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = on.getUTCFullYear() - year;
  if (on.getUTCMonth() + 1 < month || (on.getUTCMonth() + 1 === month && on.getUTCDate() < day)) age -= 1;
  return Object.fromEntries(AGE_THRESHOLDS.map((threshold) => [String(threshold), age >= threshold]));
}

/**
 * The outcome of `check` for a genuine credential whose attributes the verifier saw (by attribute
 * id, as `presentedAttributes` names them), judged on the UK day of `at` (ADR 033).
 */
export function checkOutcome(check: CheckType, seen: Readonly<Record<string, unknown>>, at: Date): CheckOutcome {
  const reason = CHECKS[check].fails(seen, ukDate(at));
  return reason ? failedOutcome(reason) : { status: "passed", reason: null, message: null };
}

function failedOutcome(reason: OutcomeReason): CheckOutcome {
  return { status: "failed", reason, message: OUTCOME_REASONS[reason] };
}

/**
 * An outcome as a record keeps it (its status and reason code), with the reason in words; null
 * when none was kept (a credential that was not valid, or a record made before outcomes were).
 * A reason this build does not know still fails, with general words.
 */
export function storedOutcome(status: string | null, reason: string | null): CheckOutcome | null {
  if (status === "passed") return { status: "passed", reason: null, message: null };
  if (status !== "failed") return null;
  return isOutcomeReason(reason)
    ? failedOutcome(reason)
    : { status: "failed", reason: null, message: "The check failed" };
}

/**
 * The mdoc documents that can answer a request of `check` for `attributes`: those with an element
 * for every attribute asked (a PID has no driving privileges, so it never answers a licence check).
 */
export function mdocSources(check: CheckType, attributes: readonly string[]): MdocSource[] {
  return (CHECKS[check].mdoc ?? []).filter((source) => attributes.every((id) => Object.hasOwn(source.elements, id)));
}

/** The outside SD-JWT VCs that can answer a request of `check` for `attributes` (as mdocSources). */
export function outsideSdJwtSources(check: CheckType, attributes: readonly string[]): OutsideSdJwtSource[] {
  return (CHECKS[check].outsideSdJwt ?? []).filter((source) =>
    attributes.every((id) => Object.hasOwn(source.claims, id)),
  );
}

/**
 * A disclosed element's value as the check's attribute reads it, so one rule judges both formats:
 * a full-date (tag 1004) or tdate as its ISO text, driving_privileges as its vehicle category codes,
 * bytes as base64url (a portrait is never asked, but a wallet may add one).
 */
export function mdocAttributeValue(element: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return base64urlEncode(value);
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (typeof record.fullDate === "string") return record.fullDate;
    if (typeof record.dateTime === "string") return record.dateTime;
  }
  if (element === "driving_privileges" && Array.isArray(value))
    return value.map((privilege) =>
      privilege && typeof privilege === "object"
        ? (privilege as Record<string, unknown>).vehicle_category_code
        : undefined,
    );
  return value;
}
