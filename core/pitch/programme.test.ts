import { describe, expect, it } from "vitest";
import { SECTOR_COSTS, VERIFICATION_FEES } from "./business-model.ts";
import { INVESTMENT, INVESTMENT_PHASES } from "./investment.ts";
import {
  CONTACTS,
  COSTS,
  DELIVERY,
  type Figure,
  type FigureRange,
  GOVERNMENT,
  INCIDENTS,
  MARKET,
  MVP,
  mailto,
  NATIONAL_SSO,
  PILOTS,
  PODCASTS,
  REVENUE,
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
    ["§9 Claims and delivery: 100,000-user MVP target", DELIVERY.mvpUsers, 100_000, "100k"],
    ["§9 Claims and delivery: 3 employer partners", DELIVERY.employerPartners, 3, "3"],
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
    ["§9 Pilots: council 70% efficiency gain", PILOTS.councilEfficiencyPercent, 70, "70%"],
    ["§9 Pilots: NHS 21 days", PILOTS.nhsClearanceDays.before, 21, "21 days"],
    ["§9 Pilots: NHS to 3 days", PILOTS.nhsClearanceDays.after, 3, "3 days"],
    ["§9 Pilots: education 8 weeks", PILOTS.dbsConfirmationWeeks.before, 8, "8 weeks"],
    ["§9 Pilots: education to instant", PILOTS.dbsConfirmationWeeks.after, 0, "instant"],
    ["§9 Pilots: podcasts, 7 episodes", PODCASTS.episodes, 7, "7"],
    ["§9 Pilots: podcasts, 30+ minutes total", PODCASTS.totalMinutes, 30, "30+"],
    ["§9 Costs and revenue: under 1% of cost", COSTS.shareOfComparisonPercent, 1, "1%"],
    ["§9 Costs and revenue: about 84% margin", REVENUE.marginPercent, 84, "84%"],
    ["§9 Costs and revenue: per-verification (50m checks)", REVENUE.checksPerYear, 50_000_000, "50m"],
    ["§9 Business model: 2.1B identity market", MARKET.identityMarket, 2_100_000_000, "£2.1B"],
    ["§9 Business model: 7.37M DBS checks a year", MARKET.dbsChecksPerYear, 7_370_000, "7.37M"],
    ["§9 Business model: 4.9M rental properties", MARKET.rentalProperties, 4_900_000, "4.9M"],
    ["§9 Business model: 130,488 NHS new starters", MARKET.nhsNewStartersPerYear, 130_488, "130,488"],
    ["§9 Business model: 1.54M NHS staff", MARKET.nhsStaff, 1_540_000, "1.54M"],
    ["§9 Business model: 408 local authorities", MARKET.localAuthorities, 408, "408"],
    ["§9 Business model: NHS digital fee 1.00", SECTOR_COSTS.nhs.fee, 1, "£1.00"],
    ["§9 Business model: NHS total 4.00 per hire", SECTOR_COSTS.nhs.total, 4, "£4.00"],
    ["§9 Business model: NHS 95% reduction", SECTOR_COSTS.nhs.reductionPercent, 95, "95%"],
    ["§9 Business model: housing fee 0.50", SECTOR_COSTS.housing.fee, 0.5, "£0.50"],
    ["§9 Business model: housing total 2.20 per tenant", SECTOR_COSTS.housing.total, 2.2, "£2.20"],
    ["§9 Business model: housing 90% reduction", SECTOR_COSTS.housing.reductionPercent, 90, "90%"],
    ["§9 Business model: education DBS fee 44", SECTOR_COSTS.education.dbsFee, 44, "£44"],
    ["§9 Business model: education digital fee 1.50", SECTOR_COSTS.education.fee, 1.5, "£1.50"],
    ["§9 Business model: education total 50.50", SECTOR_COSTS.education.total, 50.5, "£50.50"],
    [
      "§9 Business model: education 75% admin time reduction",
      SECTOR_COSTS.education.adminTimeReductionPercent,
      75,
      "75%",
    ],
    [
      "§9 Business model: local authority licence 25K per year",
      SECTOR_COSTS.localAuthority.licencePerYear,
      25_000,
      "£25K",
    ],
    ["§9 Business model: local authority fee 0.80", SECTOR_COSTS.localAuthority.fee, 0.8, "£0.80"],
    ["§9 Business model: local authority total 3.30 per check", SECTOR_COSTS.localAuthority.total, 3.3, "£3.30"],
    ["§9 Business model: local authority 85% reduction", SECTOR_COSTS.localAuthority.reductionPercent, 85, "85%"],
    ["§9 Investor funding: 15% buffer", INVESTMENT.bufferPercent, 15, "15%"],
    ["§9 Investor funding: Phase 1 750K", INVESTMENT_PHASES[0].amount, 750_000, "£750K"],
    ["§9 Investor funding: Phase 1 buffer 117K", INVESTMENT_PHASES[0].buffer, 117_000, "£117K"],
    ["§9 Investor funding: Phase 2 500K", INVESTMENT_PHASES[1].amount, 500_000, "£500K"],
    ["§9 Investor funding: Phase 2 buffer 75K", INVESTMENT_PHASES[1].buffer, 75_000, "£75K"],
    ["§9 Investor funding: year 1 revenue 86K", INVESTMENT.yearOneCashflow.revenue, 86_000, "£86K"],
    ["§9 Investor funding: year 1 costs 856K", INVESTMENT.yearOneCashflow.costs, 856_000, "£856K"],
    ["§9 Investor funding: year 1 net -770K", INVESTMENT.yearOneCashflow.net, -770_000, "-£770K"],
    ["§9 Investor funding: cumulative -771,498", INVESTMENT.yearOneCashflow.cumulativeAtMonth12, -771_498, "-£771,498"],
    ["§9 Investor funding: NHS pilot price 1.50", INVESTMENT.nhsPilotPrice, 1.5, "£1.50"],
    ["§9 Investor funding: 25% monthly growth", INVESTMENT.monthlyGrowthPercent, 25, "25%"],
    ["§9 Investor funding: 3,333 verifications in month 7", INVESTMENT.nhsPilotVerifications.month7, 3_333, "3,333"],
    ["§9 Investor funding: 16,667 in month 12", INVESTMENT.nhsPilotVerifications.month12, 16_667, "16,667"],
    ["§9 Investor funding: break-even month 13 or later", INVESTMENT.breakEvenMonth, 13, "Month 13 or later"],
    ["§1: verification in about 5 minutes", VERIFICATION_TIME.withCredential, 5, "5 minutes"],
    ["§1: instead of about 3 hours", VERIFICATION_TIME.today, 3, "3 hours"],
  ] satisfies [string, Figure, number, string][])("%s", (_claim, figure, value, display) => {
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
    expect(MVP.deliveryMonths.adjective).toBe("12-month"); // /ministers: "the 12-month MVP"
  });

  it.each([
    ["§9 Costs and revenue: year 1 £125k-£200k", COSTS.yearOneBuild, 125_000, 200_000, "£125k-£200k"],
    ["§9 Costs and revenue: operating £10-15m/year", COSTS.operatingPerYear, 10_000_000, 15_000_000, "£10-15m"],
    ["§9 Costs and revenue: £2-£3 per citizen", COSTS.perCitizen, 2, 3, "£2-£3"],
    ["§9 Costs and revenue: central licence £25-40m", REVENUE.centralLicence, 25_000_000, 40_000_000, "£25-40m"],
    ["§9 Costs and revenue: per-verification £30-50m", REVENUE.perVerification, 30_000_000, 50_000_000, "£30-50m"],
    ["§9 Costs and revenue: enterprise add-ons £10-20m", REVENUE.enterpriseAddOns, 10_000_000, 20_000_000, "£10-20m"],
    ["§9 Costs and revenue: total £70-80m/year", REVENUE.total, 70_000_000, 80_000_000, "£70-80m"],
    ["§9 Business model: right-to-work 0.50-1.20", VERIFICATION_FEES.rightToWork, 0.5, 1.2, "£0.50-£1.20"],
    ["§9 Business model: right-to-rent 0.30-0.80", VERIFICATION_FEES.rightToRent, 0.3, 0.8, "£0.30-£0.80"],
    ["§9 Business model: enhanced DBS 1.00-2.00", VERIFICATION_FEES.enhancedDbs, 1, 2, "£1.00-£2.00"],
    ["§9 Business model: NHS against 75-150 today", SECTOR_COSTS.nhs.today, 75, 150, "£75-£150"],
    ["§9 Business model: housing against 32-65", SECTOR_COSTS.housing.today, 32, 65, "£32-£65"],
    ["§9 Business model: education against 79-109", SECTOR_COSTS.education.today, 79, 109, "£79-£109"],
    ["§9 Business model: local authority against 45-85", SECTOR_COSTS.localAuthority.today, 45, 85, "£45-£85"],
    ["§9 Investor funding: valuation multiples 6-8x", INVESTMENT.valuationMultiples, 6, 8, "6-8x"],
    ["§9 Investor funding: five-year revenue 9.6M-27M", MARKET.fiveYearRevenue, 9_600_000, 27_000_000, "£9.6M-£27M"],
  ] satisfies [string, FigureRange, number, number, string][])("%s", (_claim, range, low, high, display) => {
    expect([range.low.value, range.high.value]).toEqual([low, high]);
    expect(range.display).toBe(display);
    expect(range.display).toContain(range.low.display.replace(/[a-z]$/i, ""));
  });

  it("releases the round in two phases over 12 months that add up to the MVP's cost (§9 Investor funding)", () => {
    expect(INVESTMENT_PHASES.map((phase) => phase.months.display)).toEqual(["Months 1-6", "Months 7-12"]);
    expect(INVESTMENT_PHASES[1].months.first).toBe(INVESTMENT_PHASES[0].months.last + 1);
    expect(INVESTMENT_PHASES.reduce((total, phase) => total + phase.amount.value, 0)).toBe(MVP.cost.value);
  });

  it("has year 1's net cashflow as its revenue less its costs (§9 Investor funding)", () => {
    const { revenue, costs, net } = INVESTMENT.yearOneCashflow;
    expect(revenue.value - costs.value).toBe(net.value);
  });

  it("has each sector's total above its fee and below today's cost (§9 Business model)", () => {
    for (const sector of Object.values(SECTOR_COSTS)) {
      expect(sector.total.value).toBeGreaterThan(sector.fee.value);
      expect(sector.total.value).toBeLessThan(sector.today.low.value);
    }
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
