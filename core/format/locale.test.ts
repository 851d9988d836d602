import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "../i18n/locales.ts";
import {
  elapsed,
  formatAttributeValue,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatPercent,
  relativeTime,
} from "./format.ts";
import { formats } from "./locale.ts";

// Runs in Node and in workerd (vitest.config.ts): the same exact strings in both runtimes.

/** A Saturday afternoon in winter (UK time is UTC) and a Sunday morning in summer (BST, UTC+1). */
const GMT = "2026-11-28T14:05:09Z";
const BST = "2026-04-12T09:30:00Z";

/** date(GMT), dateTimeSeconds(GMT), dateTime(BST), dateLong(BST), time(BST), weekday(GMT), number, percent, money ×2. */
const EXPECTED: Record<Locale, readonly string[]> = {
  en: [
    "28 Nov 2026",
    "28 Nov 2026, 14:05:09",
    "12 Apr 2026, 10:30",
    "12 April 2026",
    "10:30",
    "Saturday",
    "1,234,567.5",
    "12.5%",
    "£45,000",
    "£1,234.50",
  ],
  cy: [
    "28 Tach 2026",
    "28 Tach 2026, 14:05:09",
    "12 Ebr 2026, 10:30",
    "12 Ebrill 2026",
    "10:30",
    "Dydd Sadwrn",
    "1,234,567.5",
    "12.5%",
    "£45,000",
    "£1,234.50",
  ],
  pl: [
    "28 lis 2026",
    "28 lis 2026, 14:05:09",
    "12 kwi 2026, 10:30",
    "12 kwietnia 2026",
    "10:30",
    "sobota",
    "1\u00a0234\u00a0567,5",
    "12,5%",
    "45\u00a0000\u00a0£",
    "1234,50\u00a0£",
  ],
  ro: [
    "28 nov. 2026",
    "28 nov. 2026, 14:05:09",
    "12 apr. 2026, 10:30",
    "12 aprilie 2026",
    "10:30",
    "sâmbătă",
    "1.234.567,5",
    "12,5\u00a0%",
    "45.000\u00a0£",
    "1.234,50\u00a0£",
  ],
  pa: [
    "28 ਨਵੰ 2026",
    "28 ਨਵੰ 2026, 14:05:09",
    "12 ਅਪ੍ਰੈ 2026, 10:30",
    "12 ਅਪ੍ਰੈਲ 2026",
    "10:30",
    "ਸ਼ਨੀਵਾਰ",
    "12,34,567.5",
    "12.5%",
    "£45,000",
    "£1,234.50",
  ],
  ur: [
    "28 نومبر، 2026",
    "28 نومبر، 2026، 14:05:09",
    "12 اپریل، 2026، 10:30",
    "12 اپریل، 2026",
    "10:30",
    "ہفتہ",
    "1,234,567.5",
    "12.5%",
    "£45,000",
    "£1,234.50",
  ],
  pt: [
    "28/11/2026",
    "28/11/2026, 14:05:09",
    "12/04/2026, 10:30",
    "12 de abril de 2026",
    "10:30",
    "sábado",
    "1\u00a0234\u00a0567,5",
    "12,5%",
    "45\u00a0000\u00a0£",
    "1234,50\u00a0£",
  ],
  es: [
    "28 nov 2026",
    "28 nov 2026, 14:05:09",
    "12 abr 2026, 10:30",
    "12 de abril de 2026",
    "10:30",
    "sábado",
    "1.234.567,5",
    "12,5\u00a0%",
    "45.000\u00a0£",
    "1234,50\u00a0£",
  ],
  ar: [
    "28 نوفمبر 2026",
    "28 نوفمبر 2026، 14:05:09",
    "12 أبريل 2026، 10:30",
    "12 أبريل 2026",
    "10:30",
    "السبت",
    "1,234,567.5",
    "12.5\u200e%\u200e",
    "\u200f45,000\u00a0UK£",
    "\u200f1,234.50\u00a0UK£",
  ],
  bn: [
    "২৮ নভে, ২০২৬",
    "২৮ নভে, ২০২৬, ১৪:০৫:০৯",
    "১২ এপ্রি, ২০২৬, ১০:৩০",
    "১২ এপ্রিল, ২০২৬",
    "১০:৩০",
    "শনিবার",
    "১২,৩৪,৫৬৭.৫",
    "১২.৫%",
    "৪৫,০০০£",
    "১,২৩৪.৫০£",
  ],
  gu: [
    "28 નવે, 2026",
    "28 નવે, 2026 14:05:09",
    "12 એપ્રિલ, 2026 10:30",
    "12 એપ્રિલ, 2026",
    "10:30",
    "શનિવાર",
    "12,34,567.5",
    "12.5%",
    "£45,000",
    "£1,234.50",
  ],
  it: [
    "28 nov 2026",
    "28 nov 2026, 14:05:09",
    "12 apr 2026, 10:30",
    "12 aprile 2026",
    "10:30",
    "sabato",
    "1.234.567,5",
    "12,5%",
    "45.000\u00a0£",
    "1234,50\u00a0£",
  ],
};

describe("dates, times, numbers and money in every language, on UK clocks (issue 21, ADR 038)", () => {
  it.each(LOCALES)("%s prints a winter and a summer instant, a number, a percentage and pounds exactly", (locale) => {
    const f = formats(locale);
    expect([
      f.date(GMT),
      f.dateTimeSeconds(GMT),
      f.dateTime(BST),
      f.dateLong(BST),
      f.time(BST),
      f.weekday(GMT, "long"),
      f.number(1234567.5),
      f.percent(12.5),
      f.money(45000),
      f.money(1234.5),
    ]).toEqual(EXPECTED[locale]);
  });

  it.each(LOCALES)("%s follows London's clock across both changes of 2026", (locale) => {
    const f = formats(locale);
    // 29 March: 00:59:59 GMT is followed by 02:00:00 BST.
    const spring = [f.dateTimeSeconds("2026-03-29T00:59:59Z"), f.dateTimeSeconds("2026-03-29T01:00:00Z")];
    // 25 October: 01:30 comes twice, once in BST and once in GMT.
    const autumn = [f.time("2026-10-25T00:30:00Z"), f.time("2026-10-25T01:30:00Z"), f.time("2026-10-25T02:30:00Z")];
    // 23:30 UTC on 31 March is already 1 April in London.
    const midnight = [f.date("2026-03-31T23:30:00Z"), f.date("2026-03-31T22:59:00Z")];
    const english = formats("en");
    const digits = (s: string) => (locale === "bn" ? s.replace(/[0-9]/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!) : s);
    expect(autumn).toEqual(["01:30", "01:30", "02:30"].map(digits));
    expect(spring.map((s) => s.slice(-8))).toEqual(["00:59:59", "02:00:00"].map(digits));
    expect(midnight[0]).not.toBe(midnight[1]);
    expect(midnight[0]).toBe(f.date("2026-04-01T12:00:00Z"));
    expect(english.date("2026-03-31T23:30:00Z")).toBe("1 Apr 2026");
  });

  it.each(LOCALES)("%s keeps a calendar date on its day whatever the hour of the clocks", (locale) => {
    const f = formats(locale);
    expect(f.calendarDate("1990-04-12")).toBe(f.date("1990-04-12T12:00:00Z"));
    // Read in UTC, not London: 23:30 UTC on 30 June is already 1 July on a London clock.
    expect(f.calendarDate("2026-06-30T23:30:00Z")).toBe(f.date("2026-06-30T12:00:00Z"));
    expect(f.calendarDate("2026-06-30T23:30:00Z")).not.toBe(f.date("2026-06-30T23:30:00Z"));
  });

  it("prints every month and weekday in Welsh and Panjabi from our own names", () => {
    const months = (locale: Locale, long: boolean) =>
      Array.from({ length: 12 }, (_, i) => {
        const day = `2026-${String(i + 1).padStart(2, "0")}-12T12:00:00Z`;
        return long ? formats(locale).dateLong(day) : formats(locale).date(day);
      });
    expect(months("cy", false)).toEqual(
      ["Ion", "Chwef", "Maw", "Ebr", "Mai", "Meh", "Gorff", "Awst", "Medi", "Hyd", "Tach", "Rhag"].map(
        (m) => `12 ${m} 2026`,
      ),
    );
    expect(months("cy", true)).toEqual(
      [
        "Ionawr",
        "Chwefror",
        "Mawrth",
        "Ebrill",
        "Mai",
        "Mehefin",
        "Gorffennaf",
        "Awst",
        "Medi",
        "Hydref",
        "Tachwedd",
        "Rhagfyr",
      ].map((m) => `12 ${m} 2026`),
    );
    expect(months("pa", false)).toEqual(
      ["ਜਨ", "ਫ਼ਰ", "ਮਾਰਚ", "ਅਪ੍ਰੈ", "ਮਈ", "ਜੂਨ", "ਜੁਲਾ", "ਅਗ", "ਸਤੰ", "ਅਕਤੂ", "ਨਵੰ", "ਦਸੰ"].map((m) => `12 ${m} 2026`),
    );
    expect(months("pa", true)).toEqual(
      ["ਜਨਵਰੀ", "ਫ਼ਰਵਰੀ", "ਮਾਰਚ", "ਅਪ੍ਰੈਲ", "ਮਈ", "ਜੂਨ", "ਜੁਲਾਈ", "ਅਗਸਤ", "ਸਤੰਬਰ", "ਅਕਤੂਬਰ", "ਨਵੰਬਰ", "ਦਸੰਬਰ"].map(
        (m) => `12 ${m} 2026`,
      ),
    );
    // Sunday 22 to Saturday 28 November 2026, at 23:30 UK time (still the same day in London).
    const week = (locale: Locale, width: "long" | "short") =>
      Array.from({ length: 7 }, (_, i) => formats(locale).weekday(`2026-11-${22 + i}T23:30:00Z`, width));
    expect(week("cy", "long")).toEqual([
      "Dydd Sul",
      "Dydd Llun",
      "Dydd Mawrth",
      "Dydd Mercher",
      "Dydd Iau",
      "Dydd Gwener",
      "Dydd Sadwrn",
    ]);
    expect(week("cy", "short")).toEqual(["Sul", "Llun", "Maw", "Mer", "Iau", "Gwe", "Sad"]);
    expect(week("pa", "long")).toEqual(["ਐਤਵਾਰ", "ਸੋਮਵਾਰ", "ਮੰਗਲਵਾਰ", "ਬੁੱਧਵਾਰ", "ਵੀਰਵਾਰ", "ਸ਼ੁੱਕਰਵਾਰ", "ਸ਼ਨੀਵਾਰ"]);
    expect(week("pa", "short")).toEqual(["ਐਤ", "ਸੋਮ", "ਮੰਗਲ", "ਬੁੱਧ", "ਵੀਰ", "ਸ਼ੁੱਕਰ", "ਸ਼ਨੀ"]);
    // The weekday follows London's day, not UTC's: 23:30 UTC on a summer Saturday is Sunday in London.
    expect(formats("cy").weekday("2026-04-11T23:30:00Z", "long")).toBe("Dydd Sul");
  });

  it("prints Bengali in Bengali digits and every other language in ASCII digits", () => {
    const nonAscii = /[^\P{Nd}0-9]/u;
    for (const locale of LOCALES) {
      const f = formats(locale);
      const printed = [f.dateTimeSeconds(GMT), f.number(1234567.89), f.money(12.5), f.percent(99.9)].join(" ");
      if (locale === "bn") expect(printed).not.toMatch(/[0-9]/);
      else expect(printed, locale).not.toMatch(nonAscii);
    }
  });

  it("prints English exactly as the wallet always has", () => {
    const en = formats("en");
    for (const instant of [GMT, BST, "2026-03-29T00:59:59Z", "2026-10-25T01:30:00Z", "1990-01-01T00:00:00Z"]) {
      expect(en.date(instant)).toBe(formatDate(instant));
      expect(en.dateTime(instant)).toBe(formatDateTime(instant));
      expect(en.dateTimeSeconds(instant)).toBe(formatDateTimeSeconds(instant));
    }
    for (const day of ["1990-04-12", "2026-06-30", "2000-02-29"])
      expect(en.calendarDate(day)).toBe(formatAttributeValue(day));
    for (const value of [0, 12.5, 33.333, 66.66, 100]) expect(en.percent(value)).toBe(formatPercent(value));
    expect(en.number(1234567.5)).toBe((1234567.5).toLocaleString("en-GB"));
    const now = "2026-04-12T12:00:00Z";
    for (const then of [
      "2026-04-12T11:59:30Z",
      "2026-04-12T11:15:00Z",
      "2026-04-11T11:00:00Z",
      "2026-03-01T12:00:00Z",
    ]) {
      expect(en.relativeTime?.(then, now)).toBe(relativeTime(then, now));
    }
  });
});

describe("how long ago (words from Intl where the runtime has them, else from the catalogs)", () => {
  const now = "2026-11-28T14:05:09Z";
  const times = [
    "2026-11-28T14:04:30Z",
    "2026-11-28T14:00:00Z",
    "2026-11-28T09:00:00Z",
    "2026-11-27T12:00:00Z",
    "2026-11-01T12:00:00Z",
  ];

  it("gives the steps a message says", () => {
    expect(times.map((t) => elapsed(t, now))).toEqual([
      { unit: "now" },
      { unit: "minute", count: 5 },
      { unit: "hour", count: 5 },
      { unit: "day", count: 1 },
      { unit: "date" },
    ]);
  });

  it("says it in the languages whose words workerd and Chromium carry, and leaves Welsh and Panjabi to the catalogs", () => {
    const said = (locale: Locale) => times.map((t) => formats(locale).relativeTime?.(t, now));
    expect(said("en")).toEqual(["just now", "5 minutes ago", "5 hours ago", "yesterday", "1 Nov 2026"]);
    expect(said("pl")).toEqual(["teraz", "5 minut temu", "5 godzin temu", "wczoraj", "1 lis 2026"]);
    expect(said("ar")).toEqual(["الآن", "قبل 5 دقائق", "قبل 5 ساعات", "أمس", "1 نوفمبر 2026"]);
    expect(said("bn")).toEqual(["এখন", "৫ মিনিট আগে", "৫ ঘণ্টা আগে", "গতকাল", "১ নভে, ২০২৬"]);
    expect(formats("cy").relativeTime).toBeNull();
    expect(formats("pa").relativeTime).toBeNull();
  });
});
