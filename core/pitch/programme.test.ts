import { describe, expect, it } from "vitest";
import {
  CONTACTS,
  GOVERNMENT,
  INCIDENTS,
  MARKET,
  MVP,
  mailto,
  NATIONAL_SSO,
  PILOTS,
  SERVICE,
  VERIFICATION_TIME,
} from "./programme.ts";

/** Each figure as spec 001 writes it (§1 "Main claims", §2, §9), so no page can drift from it. */
describe("the programme's figures render as spec 001 states them", () => {
  it.each([
    ["§9 Government pitch: £2.3B annual savings", GOVERNMENT.annualSavings, 2_300_000_000, "£2.3B"],
    ["§9 Government pitch: 85% lower burden", GOVERNMENT.lowerBurdenPercent, 85, "85%"],
    ["§9 Government pitch: 95% faster processing", GOVERNMENT.fasterProcessingPercent, 95, "95%"],
    ["§9 Government pitch: £500M+ fraud prevention", GOVERNMENT.fraudPrevention, 500_000_000, "£500M+"],
    ["§9 Government pitch: 98% satisfaction", GOVERNMENT.satisfactionPercent, 98, "98%"],
    ["§9 Government pitch: 67 million citizens", GOVERNMENT.citizens, 67_000_000, "67 million"],
    ["§9 Government pitch: pilot 100,000 citizens", GOVERNMENT.pilotCitizens, 100_000, "100,000"],
    ["§9 Government pitch: scale 15 million citizens", GOVERNMENT.scaleCitizens, 15_000_000, "15 million"],
    ["§9 Government pitch: 25% of local authorities", GOVERNMENT.scaleLocalAuthoritiesPercent, 25, "25%"],
    ["§1: development cost of 1.25M pounds", MVP.cost, 1_250_000, "£1.25M"],
    ["§9: MVP build £200k", MVP.buildCost, 200_000, "£200k"],
    ["§1: delivery in 12 months", MVP.deliveryMonths, 12, "12 months"],
    ["§1: visible pilots in 6 months", MVP.pilotsVisibleMonths, 6, "6 months"],
    ["§1: versus 400M+ for a national single sign-on", NATIONAL_SSO.claimedCost, 400_000_000, "400M+"],
    ["§1: the costs page uses £305m+", NATIONAL_SSO.comparedCost, 305_000_000, "£305m+"],
    ["§1: raw data deleted after 72 hours", SERVICE.rawDataDeletionHours, 72, "72 hours"],
    ["§1: offline QR codes valid 15 minutes", SERVICE.offlineQrValidityMinutes, 15, "15 minutes"],
    ["§2 Legal: revocable within 60 seconds", SERVICE.revocationSeconds, 60, "60 seconds"],
    ["§2 Legal: sub-3-second verification", SERVICE.verificationSeconds, 3, "3 seconds"],
    ["§1: 99.9% uptime", SERVICE.uptimePercent, 99.9, "99.9%"],
    ["§9 Governance: incident detection 24 hours", INCIDENTS.detectionHours, 24, "24 hours"],
    ["§9 Governance: public notification 72 hours", INCIDENTS.publicNotificationHours, 72, "72 hours"],
    ["§9 Governance: ICO notified within 72 hours", INCIDENTS.icoNotificationHours, 72, "72 hours"],
    ["§9 Pilots: 4 pilots", PILOTS.count, 4, "4"],
    ["§9 Pilots: £1.4M+ annual savings", PILOTS.annualSavings, 1_400_000, "£1.4M+"],
    ["§9 Pilots: 5,000+ participants", PILOTS.participants, 5_000, "5,000+"],
    ["§9 Pilots: 700% ROI", PILOTS.roiPercent, 700, "700%"],
    ["§9 Pilots: NHS 500,000+ savings", PILOTS.nhsSavings, 500_000, "£500,000+"],
    ["§9 Pilots: housing 200,000+ savings", PILOTS.housingSavings, 200_000, "£200,000+"],
    ["§9 Pilots: education 300,000+ savings", PILOTS.educationSavings, 300_000, "£300,000+"],
    ["§9 Pilots: council 400,000+ savings", PILOTS.councilSavings, 400_000, "£400,000+"],
    ["§9 Business model: 2.1B identity market", MARKET.identityMarket, 2_100_000_000, "£2.1B"],
    ["§9 Business model: 7.37M DBS checks a year", MARKET.dbsChecksPerYear, 7_370_000, "7.37M"],
    ["§9 Business model: 4.9M rental properties", MARKET.rentalProperties, 4_900_000, "4.9M"],
    ["§9 Business model: 130,488 NHS new starters", MARKET.nhsNewStartersPerYear, 130_488, "130,488"],
    ["§1: verification in about 5 minutes", VERIFICATION_TIME.withCredential, 5, "5 minutes"],
    ["§1: instead of about 3 hours", VERIFICATION_TIME.today, 3, "3 hours"],
  ])("%s", (_claim, figure, value, display) => {
    expect(figure.value).toBe(value);
    expect(figure.display).toBe(display);
  });

  it("keeps the pages' other spellings of the same figure (spec 001 §1, §2, §9)", () => {
    expect(MVP.buildCost.stat).toBe("£200K"); // the home page's stat "200K MVP investment"
    expect(NATIONAL_SSO.claimedCost.inPounds).toBe("£400M+");
    expect(GOVERNMENT.citizens.inTitle).toBe("67 Million");
    expect(MARKET.fiveYearRevenue.display).toBe("£9.6M-£27M");
    expect([MARKET.fiveYearRevenue.low.value, MARKET.fiveYearRevenue.high.value]).toEqual([9_600_000, 27_000_000]);
    expect(MARKET.investorReturn.display).toBe("10x to 43x");
    expect([MARKET.investorReturn.low.value, MARKET.investorReturn.high.value]).toEqual([10, 43]);
  });
});

describe("the programme's contacts", () => {
  it("gives the ministers' contact team one address and one line, a tel: number that dials what is displayed", () => {
    expect(CONTACTS.ministers.email).toBe("ministers@identity.gov.uk");
    expect(CONTACTS.ministers.phone.display).toBe("020 7946 0418");
    expect(CONTACTS.ministers.phone.tel).toBe(
      `+44${CONTACTS.ministers.phone.display.replace(/^0/, "").replaceAll(" ", "")}`,
    );
  });

  it("builds mailto links, encoding the subject", () => {
    expect(mailto(CONTACTS.press.email)).toBe("mailto:press@identity.gov.uk");
    expect(mailto(CONTACTS.ministers.email, "Request for a ministerial briefing")).toBe(
      "mailto:ministers@identity.gov.uk?subject=Request%20for%20a%20ministerial%20briefing",
    );
  });
});
