/**
 * What each kind of check asks for (issue 9): the credential types that can answer it, the
 * attributes a verifier may request (each a claim path in the credential), the default, and the
 * assurance level the answering credential was issued at. Pure data: the portal's form, the
 * verifier worker's validation, the DCQL query and the citizen's consent screen all read it.
 */
import { CREDENTIAL_TYPE_CODES, CREDENTIAL_TYPES, type CredentialTypeCode } from "#core/issuers/registry.ts";

export type CheckType = "rtw" | "rtr" | "dbs" | "age" | "driving_licence" | "professional_certificate";

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
] as const satisfies readonly CheckType[];

export interface CheckAttribute {
  /** The value a request names in `requestedAttributes`. */
  id: string;
  /** Plain English, as the verifier's form and the citizen's consent screen show it. */
  label: string;
  /** Where the claim is in the credential (a DCQL claims path). */
  path: readonly string[];
}

export interface CheckDefinition {
  code: CheckType;
  /** The portal's option text (spec 000 §5). */
  name: string;
  /** Credential types that can answer this check. */
  credentialTypes: readonly CredentialTypeCode[];
  attributes: readonly CheckAttribute[];
  /** Asked for when a request names no attributes. */
  defaultAttributes: readonly string[];
  /** GPG45 confidence the issuing authority's checks reach: shown on the receipt. */
  assuranceLevel: "GPG45 Medium" | "GPG45 High";
}

/** Age thresholds issuers attest as `age_equal_or_over` (SD-JWT VC draft, section 3.2.2.2 example claims). */
const AGE_THRESHOLDS = [18, 21] as const;

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
    assuranceLevel: "GPG45 Medium",
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
    assuranceLevel: "GPG45 Medium",
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
  },
};

/** The checks a credential type answers in full (every check but age, which reads one claim of many types). */
const TYPE_CHECKS = CHECK_TYPES.filter((check) => check !== "age");

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
