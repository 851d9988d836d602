/**
 * The trust list as the verifier reads it (issue 23, ADR 050): the ACTIVE entries of a kind that
 * are trusted for a check. Proposed and retired entries, and entries for other checks, are never
 * trusted. Kept by the isolate for TRUST_CACHE_MS, so most answers cost no extra round trip; a
 * chain that none of the kept roots accepts is tried once more against a fresh read (trustedRoots'
 * `fresh`), so a root approved a moment ago is trusted at once, while a retired one may still be
 * trusted by an isolate for up to TRUST_CACHE_MS.
 */
import { and, eq } from "drizzle-orm";
import { isReadableCertificate } from "#core/credentials/x509.ts";
import type { CheckType } from "#core/verification/checks.ts";
import type { Database } from "#db/client.ts";
import { type TRUST_ENTRY_KINDS, trustListEntries } from "#db/schema/index.ts";

export type TrustEntryKind = (typeof TRUST_ENTRY_KINDS)[number];

export interface TrustedRoot {
  id: string;
  name: string;
  /** Base64 DER, as core/credentials/x509.ts takes roots. */
  certificate: string;
}

const TRUST_CACHE_MS = 60_000;

const cache = new Map<string, { at: number; roots: TrustedRoot[] }>();

const PEM = /^-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----$/;

/**
 * One certificate, PEM or base64 DER, as base64 DER; undefined when it is neither (two PEM blocks
 * included). How an administrator's proposal is read (trust-list-admin.ts) and how a stored entry is.
 */
export function certificateBase64(text: string): string | undefined {
  const trimmed = text.trim();
  const pem = PEM.exec(trimmed);
  const base64 = (pem ? pem[1]! : trimmed).replace(/\s+/g, "");
  return /^[A-Za-z0-9+/]+={0,2}$/.test(base64) ? base64 : undefined;
}

/** The active entries of `kind` trusted for `check`; `fresh` skips this isolate's copy. */
export async function trustedRoots(
  db: Database,
  kind: TrustEntryKind,
  check: CheckType,
  options: { now: number; fresh?: boolean },
): Promise<TrustedRoot[]> {
  const key = `${kind}/${check}`;
  const kept = cache.get(key);
  if (!options.fresh && kept && options.now - kept.at < TRUST_CACHE_MS) return kept.roots;
  const rows = await db
    .select({
      id: trustListEntries.id,
      name: trustListEntries.name,
      certificate: trustListEntries.certificate,
      checks: trustListEntries.checks,
    })
    .from(trustListEntries)
    .where(and(eq(trustListEntries.state, "active"), eq(trustListEntries.kind, kind)));
  const roots = rows
    .filter((row) => Array.isArray(row.checks) && row.checks.includes(check))
    .map((row) => ({ id: row.id, name: row.name, certificate: certificateBase64(row.certificate) ?? "" }))
    // One entry that is not a certificate would make every chain check of the check refuse: it is
    // left out (and logged for an administrator to mend), the others still trusted.
    .filter((root) => {
      const readable = root.certificate !== "" && isReadableCertificate(root.certificate);
      if (!readable) console.error("trust list: an active entry is not a certificate", root.id);
      return readable;
    });
  cache.set(key, { at: options.now, roots });
  return roots;
}
