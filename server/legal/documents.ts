import type { Locale } from "#core/i18n/locales.ts";
import type { LegalDocument } from "#core/pitch/legal-content.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { privacyPolicy } from "./privacy-policy.ts";
import { termsOfService } from "./terms-of-service.ts";

/**
 * A legal page's full text for a page in `locale` (issue 21). The full texts are written in English
 * and Welsh; the privacy policy is offered in every language with its summary translated (the
 * page's own messages), and its full text, formatted here rather than carried as the page's
 * messages, is the English one on a page in any other language. The page marks it `lang="en"`.
 */
export function legalDocument(kind: "privacy-policy" | "terms-of-service", locale: Locale): LegalDocument {
  const written = locale === "cy" ? "cy" : "en";
  const intl = serverIntl(written);
  return kind === "privacy-policy" ? privacyPolicy(intl, written) : termsOfService(intl, written);
}
