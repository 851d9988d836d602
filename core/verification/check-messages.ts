/**
 * The words of each check (issue 21, ADR 041): its name and the labels of the attributes it may
 * ask for, as messages. The English is core/verification/checks.ts's (the spec's words, which the
 * API's English answers and the tests keep); the consent screen, the verifier's history and
 * receipts word them in their reader's language through these.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from "@formatjs/intl";
import { type CheckOutcome, type CheckType, checkAttribute, isCheckType, type OutcomeReason } from "./checks.ts";

const names = defineMessages({
  rtw: { id: "server.verification.check.rtw.name", defaultMessage: "Right to Work", description: "A kind of check" },
  rtr: { id: "server.verification.check.rtr.name", defaultMessage: "Right to Rent", description: "A kind of check" },
  dbs: { id: "server.verification.check.dbs.name", defaultMessage: "DBS Check", description: "A kind of check" },
  age: {
    id: "server.verification.check.age.name",
    defaultMessage: "Age Verification",
    description: "A kind of check: that a person is at least a given age",
  },
  driving_licence: {
    id: "server.verification.check.drivingLicence.name",
    defaultMessage: "Driving Licence",
    description: "A kind of check",
  },
  professional_certificate: {
    id: "server.verification.check.professionalCertificate.name",
    defaultMessage: "Professional Certificate",
    description: "A kind of check",
  },
  identity: {
    id: "server.verification.check.identity.name",
    defaultMessage: "Identity",
    description: "A kind of check: who a person is (their names and date of birth)",
  },
  unknown: {
    id: "server.verification.check.unknown.name",
    defaultMessage: "Credential check",
    description: "The name of a check whose kind is not known",
  },
});

const attributes = defineMessages({
  given_name: { id: "server.verification.check.attribute.givenName", defaultMessage: "Given name" },
  family_name: { id: "server.verification.check.attribute.familyName", defaultMessage: "Family name" },
  birth_date: { id: "server.verification.check.attribute.birthDate", defaultMessage: "Date of birth" },
  hasRightToWork: {
    id: "server.verification.check.attribute.hasRightToWork",
    defaultMessage: "Has the right to work in the UK",
  },
  workRestrictions: {
    id: "server.verification.check.attribute.workRestrictions",
    defaultMessage: "Any conditions on that work",
  },
  hasRightToRent: {
    id: "server.verification.check.attribute.hasRightToRent",
    defaultMessage: "Has the right to rent in England",
  },
  rentRestrictions: {
    id: "server.verification.check.attribute.rentRestrictions",
    defaultMessage: "Any conditions on renting",
  },
  permissionExpires: {
    id: "server.verification.check.attribute.permissionExpires",
    defaultMessage: "When the permission expires",
  },
  checkLevel: { id: "server.verification.check.attribute.checkLevel", defaultMessage: "Level of the check" },
  workforce: { id: "server.verification.check.attribute.workforce", defaultMessage: "Workforce checked against" },
  policeRecords: {
    id: "server.verification.check.attribute.policeRecords",
    defaultMessage: "What police records show",
  },
  barredListChildren: {
    id: "server.verification.check.attribute.barredListChildren",
    defaultMessage: "Children's barred list result",
  },
  barredListAdults: {
    id: "server.verification.check.attribute.barredListAdults",
    defaultMessage: "Adults' barred list result",
  },
  certificateNumber: {
    id: "server.verification.check.attribute.certificateNumber",
    defaultMessage: "Certificate number",
  },
  issueDate: { id: "server.verification.check.attribute.issueDate", defaultMessage: "When the certificate was issued" },
  ageOver: {
    id: "server.verification.check.attribute.ageOver",
    defaultMessage: "Aged {age} or over",
    description: "{age} is a number of years, e.g. 18",
  },
  categories: { id: "server.verification.check.attribute.categories", defaultMessage: "Vehicles they may drive" },
  licenceExpires: {
    id: "server.verification.check.attribute.licenceExpires",
    defaultMessage: "When the licence expires",
  },
  licenceNumber: { id: "server.verification.check.attribute.licenceNumber", defaultMessage: "Licence number" },
  profession: { id: "server.verification.check.attribute.profession", defaultMessage: "Profession" },
  registrationNumber: {
    id: "server.verification.check.attribute.registrationNumber",
    defaultMessage: "Registration number",
  },
  registrationRenews: {
    id: "server.verification.check.attribute.registrationRenews",
    defaultMessage: "When the registration renews",
  },
});

/** An attribute's label, where the same attribute id reads differently in two checks ("expiryDate"). */
function attributeWords(check: CheckType, id: string): { words: MessageDescriptor; values?: Record<string, string> } {
  const age = /^age_over_(\d+)$/.exec(id);
  if (age) return { words: attributes.ageOver, values: { age: age[1]! } };
  if (id === "expiryDate")
    return {
      words:
        check === "driving_licence"
          ? attributes.licenceExpires
          : check === "professional_certificate"
            ? attributes.registrationRenews
            : attributes.permissionExpires,
    };
  return { words: (attributes as Readonly<Record<string, MessageDescriptor>>)[id]! };
}

/** A check's name in `intl`'s language ("Credential check" for none or an unknown code, as checkName says). */
export function checkNameText(intl: Pick<IntlShape, "formatMessage">, code: unknown): string {
  return intl.formatMessage(isCheckType(code) ? names[code] : names.unknown);
}

/** The label of attribute `id` of `check` in `intl`'s language, or undefined when the check has no such attribute. */
export function checkAttributeText(
  intl: Pick<IntlShape, "formatMessage">,
  check: CheckType,
  id: string,
): string | undefined {
  if (!checkAttribute(check, id)) return undefined;
  const { words, values } = attributeWords(check, id);
  return intl.formatMessage(words, values);
}

/**
 * The ids of the verifier screens' messages for each reason a check fails
 * (app/components/verifier/verification-display.tsx declares them; their English is OUTCOME_REASONS).
 */
const OUTCOME_IDS = {
  RIGHT_TO_WORK_NOT_SHOWN: "verifier.outcome.rightToWorkNotShown",
  NO_RIGHT_TO_WORK: "verifier.outcome.noRightToWork",
  WORK_PERMISSION_EXPIRED: "verifier.outcome.workPermissionExpired",
  RIGHT_TO_RENT_NOT_SHOWN: "verifier.outcome.rightToRentNotShown",
  NO_RIGHT_TO_RENT: "verifier.outcome.noRightToRent",
  RENT_PERMISSION_EXPIRED: "verifier.outcome.rentPermissionExpired",
  AGE_NOT_SHOWN: "verifier.outcome.ageNotShown",
  UNDER_18: "verifier.outcome.under18",
  UNDER_21: "verifier.outcome.under21",
  DBS_RESULT_NOT_SHOWN: "verifier.outcome.dbsResultNotShown",
  BARRED_FROM_WORK_WITH_CHILDREN: "verifier.outcome.barredChildren",
  BARRED_FROM_WORK_WITH_ADULTS: "verifier.outcome.barredAdults",
  POLICE_RECORDS_SHOWN: "verifier.outcome.policeRecordsShown",
  LICENCE_EXPIRED: "verifier.outcome.licenceExpired",
  NO_VEHICLE_CATEGORIES: "verifier.outcome.noVehicleCategories",
  REGISTRATION_LAPSED: "verifier.outcome.registrationLapsed",
  EXPIRY_DATE_UNREADABLE: "verifier.outcome.expiryDateUnreadable",
  IDENTITY_NOT_SHOWN: "verifier.outcome.identityNotShown",
} as const satisfies Record<OutcomeReason, string>;

/** A check's outcome with its reason in `intl`'s language (a failed one of unknown reason: "The check failed"). */
export function outcomeIn(intl: IntlShape, outcome: CheckOutcome): CheckOutcome {
  if (outcome.status === "passed") return outcome;
  const id = outcome.reason ? OUTCOME_IDS[outcome.reason] : "verifier.display.checkFailedGeneral";
  return { ...outcome, message: intl.formatMessage({ id }) };
}
