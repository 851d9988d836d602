/**
 * The data of /verifier/organisations (administrators): every registered organisation, the checks
 * it may make, and where its registration with the platform stands: the attestation the web
 * worker signed for it (ADR 034), current, ending soon (the daily run renews it), or missing or
 * ended (no request can be made until an administrator renews it).
 */
import { DEFAULT_LOCALE, type Locale } from "#core/i18n/locales.ts";
import { checkNameText } from "#core/verification/check-messages.ts";
import { isCheckType } from "#core/verification/checks.ts";
import type { Database } from "#db/client.ts";
import { verifierOrganisations } from "#db/schema/index.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { ATTESTATION_RENEWAL_WINDOW_MS } from "./attestation.ts";

export interface OrganisationRow {
  id: string;
  name: string;
  /** The checks it may make, by name. */
  checks: string;
  /** The websites it asks from through the Digital Credentials API (ADR 054). */
  webOrigins: string[];
  /**
   * Where its registration with the platform (its attestation) stands, and when it ends (the page
   * words it in its language): missing, expired, ending soon (renewed each day until then) or active.
   */
  registration: RegistrationState;
}

export type RegistrationState =
  | { state: "missing"; expiresAt: null }
  | { state: "expired" | "soon" | "active"; expiresAt: string };

function registrationOf(expiresAt: Date | null, attestation: string | null, now: Date): RegistrationState {
  if (!attestation || !expiresAt) return { state: "missing", expiresAt: null };
  const at = expiresAt.toISOString();
  if (expiresAt.getTime() <= now.getTime()) return { state: "expired", expiresAt: at };
  if (expiresAt.getTime() - now.getTime() < ATTESTATION_RENEWAL_WINDOW_MS) return { state: "soon", expiresAt: at };
  return { state: "active", expiresAt: at };
}

/** Every organisation, by name, as the page shows it at `now`, its checks named in `locale`. */
export async function organisationsPageData(
  db: Database,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<OrganisationRow[]> {
  const intl = serverIntl(locale);
  const rows = await db
    .select({
      id: verifierOrganisations.id,
      name: verifierOrganisations.name,
      allowedChecks: verifierOrganisations.allowedChecks,
      webOrigins: verifierOrganisations.webOrigins,
      attestation: verifierOrganisations.attestation,
      attestationExpiresAt: verifierOrganisations.attestationExpiresAt,
    })
    .from(verifierOrganisations)
    .orderBy(verifierOrganisations.name);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    checks: (row.allowedChecks as string[])
      .map((check) => (isCheckType(check) ? checkNameText(intl, check) : check))
      .join(", "),
    webOrigins: row.webOrigins ?? [],
    registration: registrationOf(row.attestationExpiresAt, row.attestation, now),
  }));
}
