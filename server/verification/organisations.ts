/**
 * Verifier organisations and their API keys (issue 9). An organisation is what a citizen sees on
 * a request ("who asks"); the platform vouches for it by attesting its client identifier. A
 * verifier account acts for one organisation; an API key acts for the organisation that made it.
 * Keys are shown once, stored as a SHA-256 hash, listed by prefix and revocable.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { sha256Base64url, webCrypto } from "#core/credentials/crypto.ts";
import { base64urlEncode } from "#core/credentials/encoding.ts";
import type { CheckType } from "#core/verification/checks.ts";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { users, verifierApiKeys, verifierOrganisations } from "#db/schema/index.ts";
import { WordedServiceError } from "#server/http/worded-error.ts";
import type { ApiKeySummary, Organisation } from "./api-schemas.ts";
import { signAttestation, type TrustAnchor } from "./attestation.ts";
import { verificationErrors } from "./worded.ts";

export type { ApiKeySummary, Organisation };

/** API keys read "ukid_live_" then 32 random bytes: recognisable in a leaked-secret scan. */
const API_KEY_PREFIX = "ukid_live_";
const LISTED_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export async function findOrganisation(db: Database, id: string): Promise<Organisation | undefined> {
  const [row] = await db.select().from(verifierOrganisations).where(eq(verifierOrganisations.id, id)).limit(1);
  return row ? { id: row.id, name: row.name, allowedChecks: row.allowedChecks as CheckType[] } : undefined;
}

export async function listOrganisations(db: Database): Promise<Organisation[]> {
  const rows = await db.select().from(verifierOrganisations).orderBy(verifierOrganisations.name);
  return rows.map((row) => ({ id: row.id, name: row.name, allowedChecks: row.allowedChecks as CheckType[] }));
}

/**
 * An administrator registers an organisation (the web worker: it holds the trust anchor's key);
 * names are unique (the citizen must not be confused). Its identifier base is fixed now, and its
 * attestation signed before the row is written, so no organisation is ever stored half-registered
 * (ADR 034).
 */
export async function registerOrganisation(
  db: Database,
  input: { name: string; allowedChecks: CheckType[]; webOrigins?: string[] | undefined },
  createdBy: string | null,
  attest: { anchor: TrustAnchor; identifierBase: string; now: Date },
): Promise<Organisation & { attestationExpiresAt: string }> {
  const id = crypto.randomUUID();
  const signed = await signAttestation(
    attest.anchor,
    { id, name: input.name, identifierBase: attest.identifierBase },
    attest.now,
  );
  try {
    const [row] = await db
      .insert(verifierOrganisations)
      .values({
        ...input,
        webOrigins: [...new Set(input.webOrigins ?? [])],
        id,
        createdBy,
        identifierBase: attest.identifierBase,
        ...signed,
      })
      .returning();
    return {
      id: row!.id,
      name: row!.name,
      allowedChecks: row!.allowedChecks as CheckType[],
      attestationExpiresAt: signed.attestationExpiresAt.toISOString(),
    };
  } catch (error) {
    if (isUniqueViolation(error, "verifier_organisations.name", "verifier_organisations_name_lower_idx"))
      throw new WordedServiceError(409, verificationErrors.organisationExists, "ORGANISATION_EXISTS");
    throw error;
  }
}

/** What a request needs of its organisation: the registration, its identifier base and its stored attestation. */
export interface Registration extends Organisation {
  identifierBase: string | null;
  attestation: string | null;
  attestationExpiresAt: Date | null;
  /** The verifier certificate chain for x509_hash requests (ADR 051), leaf first. */
  x509Chain: string[] | null;
  /** The websites it asks from through the Digital Credentials API (ADR 054). */
  webOrigins: string[];
}

export async function findRegistration(db: Database, id: string): Promise<Registration | undefined> {
  const [row] = await db.select().from(verifierOrganisations).where(eq(verifierOrganisations.id, id)).limit(1);
  return row
    ? {
        id: row.id,
        name: row.name,
        allowedChecks: row.allowedChecks as CheckType[],
        identifierBase: row.identifierBase,
        attestation: row.attestation,
        attestationExpiresAt: row.attestationExpiresAt,
        x509Chain: row.x509Chain,
        webOrigins: row.webOrigins ?? [],
      }
    : undefined;
}

/**
 * An administrator sets the websites an organisation asks from (ADR 054), replacing the list;
 * what it was and is now, or undefined when there is no such organisation.
 */
export async function setWebOrigins(
  db: Database,
  id: string,
  webOrigins: readonly string[],
): Promise<{ previous: string[]; webOrigins: string[] } | undefined> {
  const [row] = await db
    .select({ webOrigins: verifierOrganisations.webOrigins })
    .from(verifierOrganisations)
    .where(eq(verifierOrganisations.id, id))
    .limit(1);
  if (!row) return undefined;
  const next = [...new Set(webOrigins)];
  await db.update(verifierOrganisations).set({ webOrigins: next }).where(eq(verifierOrganisations.id, id));
  return { previous: row.webOrigins ?? [], webOrigins: next };
}

/** Puts a verifier account in an organisation (an administrator's act). */
export async function assignMember(db: Database, userId: string, organisationId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ organisationId })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}

const summary = (row: typeof verifierApiKeys.$inferSelect): ApiKeySummary => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function createApiKey(
  db: Database,
  organisationId: string,
  name: string,
  createdBy: string | null,
): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const key = `${API_KEY_PREFIX}${base64urlEncode(crypto.getRandomValues(new Uint8Array(32)))}`;
  const [row] = await db
    .insert(verifierApiKeys)
    .values({
      organisationId,
      name,
      prefix: key.slice(0, LISTED_PREFIX_LENGTH),
      keyHash: await sha256Base64url(webCrypto(), key),
      createdBy,
    })
    .returning();
  return { key, apiKey: summary(row!) };
}

export async function listApiKeys(db: Database, organisationId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select()
    .from(verifierApiKeys)
    .where(eq(verifierApiKeys.organisationId, organisationId))
    .orderBy(desc(verifierApiKeys.createdAt));
  return rows.map(summary);
}

/** Revokes one of the organisation's own keys; another organisation's key reads as not found. */
export async function revokeApiKey(
  db: Database,
  organisationId: string,
  id: string,
  now = new Date(),
): Promise<{ key: ApiKeySummary; revoked: boolean }> {
  const [row] = await db
    .update(verifierApiKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(verifierApiKeys.id, id),
        eq(verifierApiKeys.organisationId, organisationId),
        isNull(verifierApiKeys.revokedAt),
      ),
    )
    .returning();
  // Only the call whose guarded update ended the key revoked it (two racing revocations: one).
  if (row) return { key: summary(row), revoked: true };
  const [existing] = await db
    .select()
    .from(verifierApiKeys)
    .where(and(eq(verifierApiKeys.id, id), eq(verifierApiKeys.organisationId, organisationId)));
  if (existing) return { key: summary(existing), revoked: false };
  throw new WordedServiceError(404, verificationErrors.apiKeyNotFound, "NOT_FOUND");
}

/** The organisation an unrevoked key acts for, or undefined. Marks it used (after the answer). */
export async function organisationForApiKey(
  db: Database,
  key: string,
): Promise<{ keyId: string; organisationId: string; lastUsedAt: Date | null } | undefined> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 128) return undefined;
  const keyHash = await sha256Base64url(webCrypto(), key);
  const [row] = await db
    .select({
      id: verifierApiKeys.id,
      organisationId: verifierApiKeys.organisationId,
      lastUsedAt: verifierApiKeys.lastUsedAt,
    })
    .from(verifierApiKeys)
    .where(and(eq(verifierApiKeys.keyHash, keyHash), isNull(verifierApiKeys.revokedAt)))
    .limit(1);
  return row ? { keyId: row.id, organisationId: row.organisationId, lastUsedAt: row.lastUsedAt } : undefined;
}

/** "Last used" is kept to the minute: a key in steady use writes once a minute, not on every call. */
const API_KEY_TOUCH_INTERVAL_MS = 60_000;

/** Records a key's use, unless it was recorded less than a minute ago. */
export async function touchApiKey(
  db: Database,
  key: { keyId: string; lastUsedAt: Date | null },
  now = new Date(),
): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < API_KEY_TOUCH_INTERVAL_MS) return;
  await db.update(verifierApiKeys).set({ lastUsedAt: now }).where(eq(verifierApiKeys.id, key.keyId));
}
