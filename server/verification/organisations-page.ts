/**
 * The data of /verifier/organisations (administrators): every registered organisation, the checks
 * it may make, and where its registration with the platform stands: the attestation the web
 * worker signed for it (ADR 034), current, ending soon (the daily run renews it), or missing or
 * ended (no request can be made until an administrator renews it).
 */
import { formatDate } from "#core/format/format.ts";
import type { Tone } from "#core/format/tone.ts";
import { CHECKS, type CheckType } from "#core/verification/checks.ts";
import type { Database } from "#db/client.ts";
import { verifierOrganisations } from "#db/schema/index.ts";
import { ATTESTATION_RENEWAL_WINDOW_MS } from "./attestation.ts";

export interface OrganisationRow {
  id: string;
  name: string;
  /** The checks it may make, by name. */
  checks: string;
  /** Where its registration with the platform (its attestation) stands, in words. */
  registration: { label: string; tone: Tone; note: string };
}

function registrationOf(
  expiresAt: Date | null,
  attestation: string | null,
  now: Date,
): OrganisationRow["registration"] {
  if (!attestation || !expiresAt)
    return { label: "Needs renewal", tone: "bad", note: "It cannot ask for checks until you renew it" };
  if (expiresAt.getTime() <= now.getTime())
    return {
      label: "Expired",
      tone: "bad",
      note: `Ended ${formatDate(expiresAt)}: it cannot ask for checks until you renew it`,
    };
  if (expiresAt.getTime() - now.getTime() < ATTESTATION_RENEWAL_WINDOW_MS)
    return {
      label: "Expires soon",
      tone: "warn",
      note: `Valid until ${formatDate(expiresAt)}; renewed automatically each day until then`,
    };
  return { label: "Active", tone: "ok", note: `Valid until ${formatDate(expiresAt)}` };
}

/** Every organisation, by name, as the page shows it at `now`. */
export async function organisationsPageData(db: Database, now = new Date()): Promise<OrganisationRow[]> {
  const rows = await db
    .select({
      id: verifierOrganisations.id,
      name: verifierOrganisations.name,
      allowedChecks: verifierOrganisations.allowedChecks,
      attestation: verifierOrganisations.attestation,
      attestationExpiresAt: verifierOrganisations.attestationExpiresAt,
    })
    .from(verifierOrganisations)
    .orderBy(verifierOrganisations.name);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    checks: (row.allowedChecks as CheckType[]).map((check) => CHECKS[check]?.name ?? check).join(", "),
    registration: registrationOf(row.attestationExpiresAt, row.attestation, now),
  }));
}
