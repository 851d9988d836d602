/**
 * The words of each credential type (issue 21, ADR 035): its names, its description and its claims'
 * labels, as messages (area "credential"). The English is the registry's (core/issuers/registry.ts
 * reads it from here, so it is written once); the screens ask for them in the page's language
 * through `credentialTypeText`, the status worker's type metadata through type-metadata.ts.
 */
import { defineMessages, type IntlShape, type MessageDescriptor } from "@formatjs/intl";
import type { CredentialTypeCode } from "./registry.ts";

/** Given name, family name and date of birth: every type carries them. */
const NAME_CLAIM_MESSAGES = defineMessages({
  given_name: { id: "credential.claim.givenName", defaultMessage: "Given name" },
  family_name: { id: "credential.claim.familyName", defaultMessage: "Family name" },
  birthdate: { id: "credential.claim.birthdate", defaultMessage: "Date of birth" },
});

const rtw = defineMessages({
  title: { id: "credential.rtw.title", defaultMessage: "Right to Work", description: "Wallet card title" },
  subtitle: {
    id: "credential.rtw.subtitle",
    defaultMessage: "Employment Authorization",
    description: "Wallet card subtitle",
  },
  name: { id: "credential.rtw.name", defaultMessage: "Right to Work", description: "The credential type's full name" },
  description: {
    id: "credential.rtw.description",
    defaultMessage: "Confirms the holder's right to work in the United Kingdom and any conditions on it.",
  },
  hasRightToWork: {
    id: "credential.rtw.claim.hasRightToWork",
    defaultMessage: "Right to work",
    description: "Claim label: yes or no",
  },
  workRestrictions: { id: "credential.rtw.claim.workRestrictions", defaultMessage: "Work restrictions" },
  immigrationStatus: { id: "credential.rtw.claim.immigrationStatus", defaultMessage: "Immigration status" },
  expiryDate: {
    id: "credential.rtw.claim.expiryDate",
    defaultMessage: "Permission expires",
    description: "Claim label: a date",
  },
});

const rtr = defineMessages({
  title: { id: "credential.rtr.title", defaultMessage: "Right to Rent", description: "Wallet card title" },
  subtitle: {
    id: "credential.rtr.subtitle",
    defaultMessage: "Housing Authorization",
    description: "Wallet card subtitle",
  },
  name: { id: "credential.rtr.name", defaultMessage: "Right to Rent", description: "The credential type's full name" },
  description: {
    id: "credential.rtr.description",
    defaultMessage: "Confirms the holder's right to rent residential property in England.",
  },
  hasRightToRent: {
    id: "credential.rtr.claim.hasRightToRent",
    defaultMessage: "Right to rent",
    description: "Claim label: yes or no",
  },
  rentRestrictions: { id: "credential.rtr.claim.rentRestrictions", defaultMessage: "Rent restrictions" },
  expiryDate: {
    id: "credential.rtr.claim.expiryDate",
    defaultMessage: "Permission expires",
    description: "Claim label: a date",
  },
});

const dbs = defineMessages({
  title: { id: "credential.dbs.title", defaultMessage: "DBS Enhanced", description: "Wallet card title" },
  subtitle: {
    id: "credential.dbs.subtitle",
    defaultMessage: "Criminal Record Check",
    description: "Wallet card subtitle",
  },
  name: {
    id: "credential.dbs.name",
    defaultMessage: "DBS Enhanced Check",
    description: "The credential type's full name",
  },
  description: {
    id: "credential.dbs.description",
    defaultMessage: "The outcome of an enhanced criminal record check with barred list checks.",
  },
  certificateNumber: { id: "credential.dbs.claim.certificateNumber", defaultMessage: "Certificate number" },
  checkLevel: { id: "credential.dbs.claim.checkLevel", defaultMessage: "Check level" },
  workforce: {
    id: "credential.dbs.claim.workforce",
    defaultMessage: "Workforce",
    description: "Claim label: the workforce the check is for (child, adult)",
  },
  policeRecords: { id: "credential.dbs.claim.policeRecords", defaultMessage: "Police records" },
  barredListChildren: { id: "credential.dbs.claim.barredListChildren", defaultMessage: "Children's barred list" },
  barredListAdults: { id: "credential.dbs.claim.barredListAdults", defaultMessage: "Adults' barred list" },
  issueDate: {
    id: "credential.dbs.claim.issueDate",
    defaultMessage: "Certificate issued",
    description: "Claim label: a date",
  },
});

const drivingLicence = defineMessages({
  title: { id: "credential.drivingLicence.title", defaultMessage: "Driving License", description: "Wallet card title" },
  subtitle: {
    id: "credential.drivingLicence.subtitle",
    defaultMessage: "Driving Entitlement",
    description: "Wallet card subtitle",
  },
  name: {
    id: "credential.drivingLicence.name",
    defaultMessage: "Driving License",
    description: "The credential type's full name",
  },
  description: {
    id: "credential.drivingLicence.description",
    defaultMessage: "The holder's driving entitlement as recorded by the DVLA.",
  },
  licenceNumber: { id: "credential.drivingLicence.claim.licenceNumber", defaultMessage: "Licence number" },
  categories: {
    id: "credential.drivingLicence.claim.categories",
    defaultMessage: "Categories",
    description: "Claim label: the vehicle categories a person may drive",
  },
  penaltyPoints: { id: "credential.drivingLicence.claim.penaltyPoints", defaultMessage: "Penalty points" },
  age_over_18: {
    id: "credential.drivingLicence.claim.ageOver18",
    defaultMessage: "Over 18",
    description: "Claim label: yes or no",
  },
  expiryDate: {
    id: "credential.drivingLicence.claim.expiryDate",
    defaultMessage: "Licence expires",
    description: "Claim label: a date",
  },
});

const professionalCertificate = defineMessages({
  title: {
    id: "credential.professionalCertificate.title",
    defaultMessage: "Professional Certificate",
    description: "Wallet card title",
  },
  subtitle: {
    id: "credential.professionalCertificate.subtitle",
    defaultMessage: "Professional Registration",
    description: "Wallet card subtitle",
  },
  name: {
    id: "credential.professionalCertificate.name",
    defaultMessage: "Professional Certificate",
    description: "The credential type's full name",
  },
  description: {
    id: "credential.professionalCertificate.description",
    defaultMessage: "The holder's current registration with a professional body.",
  },
  profession: { id: "credential.professionalCertificate.claim.profession", defaultMessage: "Profession" },
  registrationNumber: {
    id: "credential.professionalCertificate.claim.registrationNumber",
    defaultMessage: "Registration number",
  },
  registeredSince: {
    id: "credential.professionalCertificate.claim.registeredSince",
    defaultMessage: "Registered since",
    description: "Claim label: a date",
  },
  expiryDate: {
    id: "credential.professionalCertificate.claim.expiryDate",
    defaultMessage: "Registration renews",
    description: "Claim label: a date",
  },
});

/**
 * The mobile driving licence's data elements as an mdoc carries them (ISO/IEC 18013-5 section 7.2.1;
 * issue 23, ADR 053), in the order a wallet should list them, each with its label: the SD-JWT VC
 * claim's where the two mean the same, its own where the mDL says more.
 */
export const MDL_CLAIM_MESSAGES = {
  family_name: NAME_CLAIM_MESSAGES.family_name,
  given_name: NAME_CLAIM_MESSAGES.given_name,
  birth_date: NAME_CLAIM_MESSAGES.birthdate,
  ...defineMessages({
    issue_date: {
      id: "credential.mdl.claim.issueDate",
      defaultMessage: "Licence issued",
      description: "Claim label of a mobile driving licence: the date it was issued",
    },
  }),
  expiry_date: drivingLicence.expiryDate,
  ...defineMessages({
    issuing_country: {
      id: "credential.mdl.claim.issuingCountry",
      defaultMessage: "Issuing country",
      description: "Claim label of a mobile driving licence: the country that issued it",
    },
    issuing_authority: {
      id: "credential.mdl.claim.issuingAuthority",
      defaultMessage: "Issuing authority",
      description: "Claim label of a mobile driving licence: the body that issued it (the DVLA)",
    },
  }),
  document_number: drivingLicence.licenceNumber,
  driving_privileges: drivingLicence.categories,
  ...defineMessages({
    un_distinguishing_sign: {
      id: "credential.mdl.claim.distinguishingSign",
      defaultMessage: "International vehicle sign",
      description: "Claim label of a mobile driving licence: the country's sign on vehicles abroad (UK)",
    },
  }),
  age_over_18: drivingLicence.age_over_18,
  ...defineMessages({
    age_over_21: {
      id: "credential.mdl.claim.ageOver21",
      defaultMessage: "Over 21",
      description: "Claim label: yes or no",
    },
  }),
} as const;

/** A type of no known code: the spec's generic pair (spec 000 §3). */
const unknown = defineMessages({
  title: {
    id: "credential.unknown.title",
    defaultMessage: "Credential",
    description: "Wallet card title of a credential of a type we do not know",
  },
  subtitle: {
    id: "credential.unknown.subtitle",
    defaultMessage: "Digital Identity",
    description: "Wallet card subtitle of a credential of a type we do not know",
  },
});

type Names = "title" | "subtitle" | "name" | "description";
type Split<M> = { [K in Names]: M extends Record<K, infer D> ? D : never } & {
  claims: Omit<M, Names> & typeof NAME_CLAIM_MESSAGES;
};

function split<M extends Record<Names, MessageDescriptor>>(messages: M): Split<M> {
  const { title, subtitle, name, description, ...own } = messages;
  return { title, subtitle, name, description, claims: { ...NAME_CLAIM_MESSAGES, ...own } } as Split<M>;
}

/** Each type's messages: its names, description and a label per claim (by the claim's name in the credential). */
export const TYPE_MESSAGES = {
  rtw: split(rtw),
  rtr: split(rtr),
  dbs: split(dbs),
  driving_licence: split(drivingLicence),
  professional_certificate: split(professionalCertificate),
} as const satisfies Record<CredentialTypeCode, unknown>;

/** A type's words in one language. */
export interface CredentialTypeText {
  /** The wallet card's title and subtitle. */
  title: string;
  subtitle: string;
  /** The type's full name (the /credentials screen, shares, the verify page). */
  name: string;
  /** Empty for a type we do not know. */
  description: string;
  /** A claim's label; a claim the type does not define is shown by its own name. */
  claimLabel(claim: string): string;
}

/**
 * A type's words through `intl` (react-intl's `useIntl()` on a page, `serverIntl(locale)` on the
 * server: app/components/credentials/type-text.ts wraps it for components).
 */
export function credentialTypeText(intl: Pick<IntlShape, "formatMessage">, type: string): CredentialTypeText {
  const messages: Split<Record<Names, MessageDescriptor>> | undefined = Object.hasOwn(TYPE_MESSAGES, type)
    ? (TYPE_MESSAGES[type as CredentialTypeCode] as unknown as Split<Record<Names, MessageDescriptor>>)
    : undefined;
  const format = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor as never);
  if (!messages) {
    const title = format(unknown.title);
    return { title, subtitle: format(unknown.subtitle), name: title, description: "", claimLabel: (claim) => claim };
  }
  const claims = messages.claims as Record<string, MessageDescriptor>;
  return {
    title: format(messages.title),
    subtitle: format(messages.subtitle),
    name: format(messages.name),
    description: format(messages.description),
    claimLabel: (claim) => (Object.hasOwn(claims, claim) ? format(claims[claim]!) : claim),
  };
}
