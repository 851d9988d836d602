// The demo citizen's records at each authority (used by the seed and by tests).
import type { authorityRecords } from "#db/schema/wallet.ts";

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * What each authority holds about the demo citizen (issue 4): one record per credential type, so
 * the wallet can request every type. Validity runs from the seeding date; the professional
 * registration renews within 90 days, so the screens show a real "Expires Soon".
 */
export function demoAuthorityRecords(userId: string, now: Date): (typeof authorityRecords.$inferInsert)[] {
  const person = { given_name: "Sarah", family_name: "Thompson", birthdate: "1990-04-12" };
  const until = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const rtwUntil = until(3 * 365);
  const licenceUntil = until(8 * 365);
  const registrationUntil = until(60);
  return [
    {
      userId,
      type: "rtw",
      issuerId: "home-office",
      validUntil: rtwUntil,
      attributes: {
        ...person,
        hasRightToWork: true,
        workRestrictions: "None",
        immigrationStatus: "Indefinite leave to remain",
        expiryDate: isoDate(rtwUntil),
      },
    },
    {
      userId,
      type: "rtr",
      issuerId: "home-office",
      validUntil: rtwUntil,
      attributes: { ...person, hasRightToRent: true, rentRestrictions: "None", expiryDate: isoDate(rtwUntil) },
    },
    {
      userId,
      type: "dbs",
      issuerId: "dbs",
      validUntil: until(365),
      attributes: {
        ...person,
        certificateNumber: "001784562390",
        checkLevel: "Enhanced with barred lists",
        workforce: "Child and adult workforce",
        policeRecords: "None recorded",
        barredListChildren: "None recorded",
        barredListAdults: "None recorded",
        issueDate: isoDate(until(-30)),
      },
    },
    {
      userId,
      type: "driving_licence",
      issuerId: "dvla",
      validUntil: licenceUntil,
      attributes: {
        ...person,
        licenceNumber: "THOMP954120S99AB",
        categories: ["AM", "B", "BE"],
        penaltyPoints: 0,
        age_over_18: true,
        expiryDate: isoDate(licenceUntil),
      },
    },
    {
      userId,
      type: "professional_certificate",
      issuerId: "professional-body",
      validUntil: registrationUntil,
      attributes: {
        ...person,
        profession: "Registered Nurse (Adult)",
        registrationNumber: "PSR-18I4562E",
        registeredSince: "2014-09-01",
        expiryDate: isoDate(registrationUntil),
      },
    },
  ];
}

/**
 * A walk-in the authorities know only by an identity document (issue 10): no account yet. An
 * operator creates Margaret's account at the counter, records her passport (number below), and
 * step 4 finds these records through it. Fixed ids, so seeding twice adds nothing.
 */
const WALK_IN_DOCUMENT = {
  type: "passport",
  number: "502716843",
  name: "Margaret Ellis",
  birthdate: "1951-06-18",
} as const;

export function walkInAuthorityRecords(now: Date): (typeof authorityRecords.$inferInsert)[] {
  const person = { given_name: "Margaret", family_name: "Ellis", birthdate: WALK_IN_DOCUMENT.birthdate };
  const until = new Date(now.getTime() + 5 * 365 * DAY_MS);
  const document = {
    userId: null,
    documentType: WALK_IN_DOCUMENT.type,
    documentNumber: WALK_IN_DOCUMENT.number,
    validUntil: until,
    issuerId: "home-office",
  };
  return [
    {
      ...document,
      id: "6f1c2a4e-0b7d-4c1e-9a53-1d2e3f4a5b01",
      type: "rtw",
      attributes: {
        ...person,
        hasRightToWork: true,
        workRestrictions: "None",
        immigrationStatus: "British citizen",
        expiryDate: isoDate(until),
      },
    },
    {
      ...document,
      id: "6f1c2a4e-0b7d-4c1e-9a53-1d2e3f4a5b02",
      type: "rtr",
      attributes: { ...person, hasRightToRent: true, rentRestrictions: "None", expiryDate: isoDate(until) },
    },
    // Her enhanced DBS check (she volunteers at a day centre) is still with the police: the record
    // is pending, so a wallet app that asks for it is told to come back (deferred issuance, issue 22).
    {
      ...document,
      id: "6f1c2a4e-0b7d-4c1e-9a53-1d2e3f4a5b03",
      type: "dbs",
      issuerId: "dbs",
      status: "pending",
      validUntil: new Date(now.getTime() + 365 * DAY_MS),
      attributes: {
        ...person,
        certificateNumber: "001902214587",
        checkLevel: "Enhanced with barred lists",
        workforce: "Adult workforce",
      },
    },
  ];
}
