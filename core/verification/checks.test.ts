import { describe, expect, it } from "vitest";
import {
  CHECK_TYPES,
  CHECKS,
  type CheckType,
  checkForCredentialType,
  checkOutcome,
  DBS_NONE_RECORDED,
  OUTCOME_REASON_CODES,
  OUTCOME_REASONS,
  possibleChecks,
  storedOutcome,
} from "./checks.ts";

/**
 * Each check's rule (issue 20, ADR 033): what a genuine credential must show to pass, and the
 * reason, as a code and in words, when it does not. Judged on the UK day of the check.
 */

/** 14:00 UTC on 28 November 2026: 28 November in the UK too. */
const NOW = new Date("2026-11-28T14:00:00Z");
const PASSED = { status: "passed", reason: null, message: null };
const failed = (reason: keyof typeof OUTCOME_REASONS) => ({
  status: "failed",
  reason,
  message: OUTCOME_REASONS[reason],
});
const outcome = (check: CheckType, seen: Record<string, unknown>, at = NOW) => checkOutcome(check, seen, at);

describe("Right to Work", () => {
  it("passes when the credential shows the right to work and a permission still in date (the expiry day itself included)", () => {
    expect(outcome("rtw", { hasRightToWork: true })).toEqual(PASSED);
    expect(outcome("rtw", { hasRightToWork: true, workRestrictions: "20 hours a week in term time" })).toEqual(PASSED);
    expect(outcome("rtw", { hasRightToWork: true, expiryDate: "2026-11-28" })).toEqual(PASSED);
    expect(outcome("rtw", { hasRightToWork: true, expiryDate: "2029-01-01" })).toEqual(PASSED);
  });

  it('fails "No right to work in the UK" when the credential says the person may not work', () => {
    expect(outcome("rtw", { hasRightToWork: false, expiryDate: "2029-01-01" })).toEqual(failed("NO_RIGHT_TO_WORK"));
    expect(OUTCOME_REASONS.NO_RIGHT_TO_WORK).toBe("No right to work in the UK");
    // Anything but true is not a right to work.
    expect(outcome("rtw", { hasRightToWork: "yes" })).toEqual(failed("NO_RIGHT_TO_WORK"));
  });

  it('fails "Permission to work has expired" the day after the expiry date', () => {
    expect(outcome("rtw", { hasRightToWork: true, expiryDate: "2026-11-27" })).toEqual(
      failed("WORK_PERMISSION_EXPIRED"),
    );
  });

  it("fails when the right to work is not shown (the holder chose to show something else), or the expiry date cannot be read", () => {
    expect(outcome("rtw", { workRestrictions: "None" })).toEqual(failed("RIGHT_TO_WORK_NOT_SHOWN"));
    expect(outcome("rtw", {})).toEqual(failed("RIGHT_TO_WORK_NOT_SHOWN"));
    expect(outcome("rtw", { hasRightToWork: true, expiryDate: "28/11/2026" })).toEqual(
      failed("EXPIRY_DATE_UNREADABLE"),
    );
  });

  it("counts the day in the UK: at 23:30 UTC on 27 June it is already 28 June in London (summer time)", () => {
    // 00:30 BST on 28 June: a permission that ended on 27 June has expired in the UK.
    expect(
      outcome("rtw", { hasRightToWork: true, expiryDate: "2026-06-27" }, new Date("2026-06-27T23:30:00Z")),
    ).toEqual(failed("WORK_PERMISSION_EXPIRED"));
    expect(
      outcome("rtw", { hasRightToWork: true, expiryDate: "2026-06-27" }, new Date("2026-06-27T22:30:00Z")),
    ).toEqual(PASSED);
  });
});

describe("Right to Rent", () => {
  it("passes with the right to rent in date, and fails without it, expired or not shown", () => {
    expect(outcome("rtr", { hasRightToRent: true, expiryDate: "2027-05-01" })).toEqual(PASSED);
    expect(outcome("rtr", { hasRightToRent: false })).toEqual(failed("NO_RIGHT_TO_RENT"));
    expect(OUTCOME_REASONS.NO_RIGHT_TO_RENT).toBe("No right to rent in England");
    expect(outcome("rtr", { hasRightToRent: true, expiryDate: "2026-11-01" })).toEqual(
      failed("RENT_PERMISSION_EXPIRED"),
    );
    expect(outcome("rtr", { rentRestrictions: "None" })).toEqual(failed("RIGHT_TO_RENT_NOT_SHOWN"));
  });
});

describe("Age Verification", () => {
  it("passes when every threshold shown is met", () => {
    expect(outcome("age", { age_over_18: true })).toEqual(PASSED);
    expect(outcome("age", { age_over_18: true, age_over_21: true })).toEqual(PASSED);
    expect(outcome("age", { age_over_21: true })).toEqual(PASSED);
  });

  it('fails "Under 18" when age_over_18 is false, and names the lowest threshold missed', () => {
    expect(outcome("age", { age_over_18: false })).toEqual(failed("UNDER_18"));
    expect(OUTCOME_REASONS.UNDER_18).toBe("Under 18");
    expect(outcome("age", { age_over_18: true, age_over_21: false })).toEqual(failed("UNDER_21"));
    expect(outcome("age", { age_over_18: false, age_over_21: false })).toEqual(failed("UNDER_18"));
  });

  it("fails when no age is shown", () => {
    expect(outcome("age", {})).toEqual(failed("AGE_NOT_SHOWN"));
    expect(outcome("age", { given_name: "Sarah" })).toEqual(failed("AGE_NOT_SHOWN"));
  });
});

describe("DBS Check", () => {
  const clear = {
    checkLevel: "Enhanced with barred lists",
    policeRecords: DBS_NONE_RECORDED,
    barredListChildren: DBS_NONE_RECORDED,
    barredListAdults: DBS_NONE_RECORDED,
  };

  it(`passes when every result shown reads "${DBS_NONE_RECORDED}"`, () => {
    expect(outcome("dbs", clear)).toEqual(PASSED);
    expect(outcome("dbs", { barredListAdults: DBS_NONE_RECORDED })).toEqual(PASSED);
  });

  it("fails for a barred list entry (children's first), then for police records that show anything", () => {
    expect(outcome("dbs", { ...clear, barredListChildren: "Barred", barredListAdults: "Barred" })).toEqual(
      failed("BARRED_FROM_WORK_WITH_CHILDREN"),
    );
    expect(outcome("dbs", { ...clear, barredListAdults: "Barred", policeRecords: "Caution, 2019" })).toEqual(
      failed("BARRED_FROM_WORK_WITH_ADULTS"),
    );
    expect(outcome("dbs", { ...clear, policeRecords: "Conviction: theft, 2015" })).toEqual(
      failed("POLICE_RECORDS_SHOWN"),
    );
  });

  it("fails when no result is shown (only the level, or the certificate number)", () => {
    expect(outcome("dbs", { checkLevel: "Enhanced with barred lists", certificateNumber: "001784562390" })).toEqual(
      failed("DBS_RESULT_NOT_SHOWN"),
    );
  });
});

describe("Driving Licence", () => {
  it("passes with a licence in date and categories to drive", () => {
    expect(outcome("driving_licence", { categories: ["AM", "B"], expiryDate: "2034-01-01" })).toEqual(PASSED);
    // The credential's own expiry is the licence's: verification has checked it already.
    expect(outcome("driving_licence", { licenceNumber: "THOMP954120S99AB" })).toEqual(PASSED);
  });

  it("fails for a licence past its expiry date, or one entitling its holder to drive nothing", () => {
    expect(outcome("driving_licence", { categories: ["B"], expiryDate: "2025-03-01" })).toEqual(
      failed("LICENCE_EXPIRED"),
    );
    expect(outcome("driving_licence", { categories: [], expiryDate: "2034-01-01" })).toEqual(
      failed("NO_VEHICLE_CATEGORIES"),
    );
  });
});

describe("Professional Certificate", () => {
  it("passes while the registration is in date and fails once it has lapsed", () => {
    expect(
      outcome("professional_certificate", { profession: "Registered Nurse (Adult)", expiryDate: "2027-01-31" }),
    ).toEqual(PASSED);
    expect(
      outcome("professional_certificate", { profession: "Registered Nurse (Adult)", expiryDate: "2026-10-31" }),
    ).toEqual(failed("REGISTRATION_LAPSED"));
  });
});

describe("Identity (issue 23)", () => {
  it("passes with the names and date of birth shown, and fails when none is shown or one is empty", () => {
    expect(outcome("identity", { given_name: "Ada", family_name: "Lovelace", birth_date: "1990-05-01" })).toEqual(
      PASSED,
    );
    expect(outcome("identity", { family_name: "Lovelace" })).toEqual(PASSED);
    expect(outcome("identity", {})).toEqual(failed("IDENTITY_NOT_SHOWN"));
    expect(outcome("identity", { given_name: "Ada", family_name: "" })).toEqual(failed("IDENTITY_NOT_SHOWN"));
  });

  it("is never the check an offline presentation makes: a credential type answers its own check", () => {
    expect(checkForCredentialType("rtw")).toBe("rtw");
    expect(possibleChecks("rtw")).not.toContain("identity");
  });
});

describe("every check", () => {
  it("says in words what passing it means, and fails with a reason that has words", () => {
    for (const check of CHECK_TYPES) {
      expect(CHECKS[check].passes.length, check).toBeGreaterThan(20);
      const reason = CHECKS[check].fails({ expiryDate: "2000-01-01", categories: [] }, "2026-11-28");
      expect(reason, check).toMatch(/^[A-Z_0-9]+$/);
      expect(OUTCOME_REASONS[reason!], check).toMatch(/^[A-Z]/);
    }
    expect(new Set(Object.values(OUTCOME_REASONS)).size).toBe(OUTCOME_REASON_CODES.length);
  });
});

describe("an outcome as a record keeps it", () => {
  it("gives back the words of a failed outcome from its code, passed as passed, and nothing kept as null", () => {
    expect(storedOutcome("failed", "UNDER_18")).toEqual(failed("UNDER_18"));
    expect(storedOutcome("passed", null)).toEqual(PASSED);
    expect(storedOutcome(null, null)).toBeNull();
    // A code this build does not know still reads as failed.
    expect(storedOutcome("failed", "SOMETHING_NEW")).toEqual({
      status: "failed",
      reason: null,
      message: "The check failed",
    });
  });
});
