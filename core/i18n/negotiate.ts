import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales.ts";

/**
 * The language a first visit gets from its `Accept-Language` header (RFC 9110 §12.5.4): the
 * offered language with the highest weight, matching on the primary subtag ("cy-GB" is "cy",
 * "pa-Guru-IN" is "pa"), English when nothing offered is asked for. A weight of 0 refuses.
 * Shahmukhi Panjabi ("pa-Arab", "pa-PK") is not our Gurmukhi: it does not match.
 */
export function negotiateLocale(header: string | null, offered: readonly Locale[] = LOCALES): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(",")
    .slice(0, 32)
    .map((part, order) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: range.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter(({ range, weight }) => range && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { range } of ranges) {
    const [primary, ...rest] = range.split("-");
    if (primary === "pa" && rest.some((subtag) => subtag === "arab" || subtag === "pk")) continue;
    if (isLocale(primary) && offered.includes(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
