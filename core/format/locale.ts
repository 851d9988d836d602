import { LOCALE_INFO, type Locale } from "../i18n/locales.ts";
import { type Elapsed, elapsed, relativeTime as englishRelativeTime } from "./format.ts";
import { UK_TIME_ZONE, ukWallClock } from "./uk-time.ts";

/**
 * Dates, times, numbers and money in each of the product's languages, always on UK clocks
 * (issue 21; docs/decisions/038-formatting-per-locale.md). Pure: the server renders in workerd and
 * the browser hydrates with the same text.
 *
 * Welsh and Panjabi are built here from our own month and weekday tables: workerd and Chromium
 * carry no Welsh date data (`Intl.DateTimeFormat("cy")` silently answers in American English) and
 * only a stub for Panjabi ("2026 M11 28"). The other ten languages go through `Intl`, with the
 * digits fixed by `numberingSystem` so that an ICU update cannot change them. Identifiers, codes,
 * phone numbers and QR payloads never pass through here: they are printed as they are.
 */
export interface Formats {
  readonly locale: Locale;
  /** "12 Apr 2026": day, short month, year (spec 000 §3), UK time. */
  date(value: string | Date): string;
  /** "12 April 2026": the month in full, for letters and certificates. */
  dateLong(value: string | Date): string;
  /** "12 Apr 2026, 10:30", UK time, 24-hour clock. */
  dateTime(value: string | Date): string;
  /** "24 Nov 2026, 20:05:07": when a log line or an event happened. */
  dateTimeSeconds(value: string | Date): string;
  /** "12 Apr 1990": a date-only value ("1990-04-12") is a calendar date, read in UTC so no zone moves the day. */
  calendarDate(value: string | Date): string;
  /** "14:05", UK time, 24-hour clock. */
  time(value: string | Date): string;
  /** "Saturday" or "Sat": the day of the week in UK time. */
  weekday(value: string | Date, width: "long" | "short"): string;
  /** "1,234,567.5" (up to three decimals). */
  number(value: number): string;
  /** 12.5 → "12.5%": a percentage (already multiplied by 100) with one decimal; "No data" is the caller's message. */
  percent(value: number): string;
  /** 45000 → "£45,000", 12.5 → "£12.50": pounds, with pence only when there are some. */
  money(pounds: number): string;
  /**
   * "5 minutes ago", "yesterday", then the date, where the runtime has the words (`Intl.RelativeTimeFormat`).
   * `null` for Welsh and Panjabi, which workerd and Chromium lack: those say `elapsed(...)` through a
   * message in the language's catalog.
   */
  readonly relativeTime: ((value: string | Date, now: string | Date) => string) | null;
}

/**
 * The digits each language prints (ADR 038): Bengali in Bengali digits, CLDR's default; every other
 * language in ASCII digits (Arabic's CLDR default moved to them in ICU 7x, so it is fixed here).
 */
const NUMBERING_SYSTEM: Readonly<Record<Locale, "latn" | "beng">> = {
  en: "latn",
  cy: "latn",
  pl: "latn",
  ro: "latn",
  pa: "latn",
  ur: "latn",
  pt: "latn",
  es: "latn",
  ar: "latn",
  bn: "beng",
  gu: "latn",
  it: "latn",
};

/** Our own names (CLDR 48's `cy` and `pa`, format context; ADR 038 lists the sources). */
interface CalendarNames {
  monthsLong: readonly string[];
  monthsShort: readonly string[];
  /** Sunday first, as `Date.prototype.getUTCDay` counts. */
  weekdaysLong: readonly string[];
  weekdaysShort: readonly string[];
}

const WELSH: CalendarNames = {
  monthsLong: [
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
  ],
  monthsShort: ["Ion", "Chwef", "Maw", "Ebr", "Mai", "Meh", "Gorff", "Awst", "Medi", "Hyd", "Tach", "Rhag"],
  weekdaysLong: ["Dydd Sul", "Dydd Llun", "Dydd Mawrth", "Dydd Mercher", "Dydd Iau", "Dydd Gwener", "Dydd Sadwrn"],
  weekdaysShort: ["Sul", "Llun", "Maw", "Mer", "Iau", "Gwe", "Sad"],
};

const PANJABI: CalendarNames = {
  monthsLong: ["ਜਨਵਰੀ", "ਫ਼ਰਵਰੀ", "ਮਾਰਚ", "ਅਪ੍ਰੈਲ", "ਮਈ", "ਜੂਨ", "ਜੁਲਾਈ", "ਅਗਸਤ", "ਸਤੰਬਰ", "ਅਕਤੂਬਰ", "ਨਵੰਬਰ", "ਦਸੰਬਰ"],
  monthsShort: ["ਜਨ", "ਫ਼ਰ", "ਮਾਰਚ", "ਅਪ੍ਰੈ", "ਮਈ", "ਜੂਨ", "ਜੁਲਾ", "ਅਗ", "ਸਤੰ", "ਅਕਤੂ", "ਨਵੰ", "ਦਸੰ"],
  weekdaysLong: ["ਐਤਵਾਰ", "ਸੋਮਵਾਰ", "ਮੰਗਲਵਾਰ", "ਬੁੱਧਵਾਰ", "ਵੀਰਵਾਰ", "ਸ਼ੁੱਕਰਵਾਰ", "ਸ਼ਨੀਵਾਰ"],
  weekdaysShort: ["ਐਤ", "ਸੋਮ", "ਮੰਗਲ", "ਬੁੱਧ", "ਵੀਰ", "ਸ਼ੁੱਕਰ", "ਸ਼ਨੀ"],
};

const OWN_NAMES: Partial<Record<Locale, CalendarNames>> = { cy: WELSH, pa: PANJABI };

/**
 * Whose number data formats a language's numbers. Welsh's symbols are British English's (CLDR `cy`:
 * "1,234.5", "£"); Panjabi's are Indian English's ("12,34,567.5", "£12,34,567.50"), which Chromium
 * and workerd carry while their `pa` numbers are the root locale's ("£ 1,234,567.50").
 */
const NUMBER_TAG: Partial<Record<Locale, string>> = { cy: "en-GB", pa: "en-IN" };

const pad = (n: number) => String(n).padStart(2, "0");

/** A clock reading, from London's wall clock or, for calendar dates, from UTC. */
interface Reading {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const inUtc = (instant: Date): Reading => ({
  year: instant.getUTCFullYear(),
  month: instant.getUTCMonth() + 1,
  day: instant.getUTCDate(),
  hour: instant.getUTCHours(),
  minute: instant.getUTCMinutes(),
  second: instant.getUTCSeconds(),
});

const weekdayOf = ({ year, month, day }: Reading) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** Welsh and Panjabi: CLDR's "d MMM y, HH:mm" for both, built from our tables and ASCII digits. */
function tableFormats(locale: Locale, names: CalendarNames) {
  const uk = (value: string | Date) => ukWallClock(new Date(value));
  const date = (r: Reading) => `${r.day} ${names.monthsShort[r.month - 1]} ${r.year}`;
  const time = (r: Reading) => `${pad(r.hour)}:${pad(r.minute)}`;
  return {
    date: (value: string | Date) => date(uk(value)),
    dateLong: (value: string | Date) => {
      const r = uk(value);
      return `${r.day} ${names.monthsLong[r.month - 1]} ${r.year}`;
    },
    dateTime: (value: string | Date) => {
      const r = uk(value);
      return `${date(r)}, ${time(r)}`;
    },
    dateTimeSeconds: (value: string | Date) => {
      const r = uk(value);
      return `${date(r)}, ${time(r)}:${pad(r.second)}`;
    },
    calendarDate: (value: string | Date) => date(inUtc(new Date(value))),
    time: (value: string | Date) => time(uk(value)),
    weekday: (value: string | Date, width: "long" | "short") =>
      (width === "long" ? names.weekdaysLong : names.weekdaysShort)[weekdayOf(uk(value))]!,
    relativeTime: null,
    ...numberFormats(locale),
  };
}

/** The other languages: the runtime's CLDR data, on UK clocks, 24-hour, digits fixed. */
function intlFormats(locale: Locale) {
  const tag = LOCALE_INFO[locale].tag;
  const numberingSystem = NUMBERING_SYSTEM[locale];
  const dateOptions: Intl.DateTimeFormatOptions = {
    timeZone: UK_TIME_ZONE,
    numberingSystem,
    day: "numeric",
    month: "short",
    year: "numeric",
  };
  const clock: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  const DATE = new Intl.DateTimeFormat(tag, dateOptions);
  const DATE_LONG = new Intl.DateTimeFormat(tag, { ...dateOptions, month: "long" });
  const DATE_TIME = new Intl.DateTimeFormat(tag, { ...dateOptions, ...clock });
  const DATE_TIME_SECONDS = new Intl.DateTimeFormat(tag, { ...dateOptions, ...clock, second: "2-digit" });
  const CALENDAR_DATE = new Intl.DateTimeFormat(tag, { ...dateOptions, timeZone: "UTC" });
  const TIME = new Intl.DateTimeFormat(tag, { timeZone: UK_TIME_ZONE, numberingSystem, ...clock });
  const WEEKDAY = {
    long: new Intl.DateTimeFormat(tag, { timeZone: UK_TIME_ZONE, weekday: "long" }),
    short: new Intl.DateTimeFormat(tag, { timeZone: UK_TIME_ZONE, weekday: "short" }),
  };
  // TypeScript's lib has no `numberingSystem` option here, so the digits go in the tag's Unicode extension.
  const RELATIVE = new Intl.RelativeTimeFormat(`${tag}-u-nu-${numberingSystem}`, { numeric: "auto" });
  const date = (value: string | Date) => DATE.format(new Date(value));
  const inWords = (ago: Elapsed, value: string | Date) =>
    ago.unit === "now"
      ? RELATIVE.format(0, "second")
      : ago.unit === "date"
        ? date(value)
        : RELATIVE.format(-ago.count, ago.unit);
  return {
    date,
    dateLong: (value: string | Date) => DATE_LONG.format(new Date(value)),
    dateTime: (value: string | Date) => DATE_TIME.format(new Date(value)),
    dateTimeSeconds: (value: string | Date) => DATE_TIME_SECONDS.format(new Date(value)),
    calendarDate: (value: string | Date) => CALENDAR_DATE.format(new Date(value)),
    time: (value: string | Date) => TIME.format(new Date(value)),
    weekday: (value: string | Date, width: "long" | "short") => WEEKDAY[width].format(new Date(value)),
    // English keeps its own words ("just now"), which the product has always printed.
    relativeTime:
      locale === "en"
        ? englishRelativeTime
        : (value: string | Date, now: string | Date) => inWords(elapsed(value, now), value),
    ...numberFormats(locale),
  };
}

function numberFormats(locale: Locale) {
  const tag = NUMBER_TAG[locale] ?? LOCALE_INFO[locale].tag;
  const numberingSystem = NUMBERING_SYSTEM[locale];
  const NUMBER = new Intl.NumberFormat(tag, { numberingSystem });
  const PERCENT = new Intl.NumberFormat(tag, {
    numberingSystem,
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  // The narrow symbol: "£" rather than the "GBP" of pl, ro and es (Arabic has no narrow form and keeps "UK£").
  const MONEY = new Intl.NumberFormat(tag, {
    numberingSystem,
    style: "currency",
    currency: "GBP",
    currencyDisplay: "narrowSymbol",
    trailingZeroDisplay: "stripIfInteger",
  });
  return {
    number: (value: number) => NUMBER.format(value),
    percent: (value: number) => PERCENT.format(value / 100),
    money: (pounds: number) => MONEY.format(pounds),
  };
}

const made = new Map<Locale, Formats>();

/** The formats of `locale`, made once per locale and reused. */
export function formats(locale: Locale): Formats {
  let found = made.get(locale);
  if (!found) {
    const names = OWN_NAMES[locale];
    found = { locale, ...(names ? tableFormats(locale, names) : intlFormats(locale)) };
    made.set(locale, found);
  }
  return found;
}

/**
 * The tag react-intl and the server's formatter are given: the language's tag with its digits
 * fixed (`ar-u-nu-latn`), so `{count, number}` and a plural's `#` print the digits these formats do.
 */
export function intlTag(locale: Locale): string {
  return `${LOCALE_INFO[locale].tag}-u-nu-${NUMBERING_SYSTEM[locale]}`;
}
