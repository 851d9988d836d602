import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { formatDate } from "#core/format/format.ts";
import type { Database } from "#db/client.ts";
import * as schema from "#db/schema/index.ts";
import { credentialRow, openTempDatabase } from "#tests/support/temp-database.ts";
import { EXPIRING_SOON_DAYS, type WalletCredential } from "./credentials.ts";
import { credentialBadge, credentialsPageData, shareRefusal, statusNote } from "./credentials-page.ts";

/** The view model of /credentials (spec 000 §4 "Citizen sample credential display") against a real libSQL file. */
const NOW = new Date("2026-07-15T12:00:00Z");
const DAY = 86_400_000;
const days = (n: number) => new Date(NOW.getTime() + n * DAY);

const b64 = (bytes: string | Buffer) => Buffer.from(bytes).toString("base64url");

/** An unsigned SD-JWT disclosing `claims` (the page decodes disclosures; it never verifies here). */
function sdJwt(claims: Record<string, unknown>): string {
  const disclosures = Object.entries(claims).map(([name, value]) => b64(JSON.stringify(["salt", name, value])));
  const _sd = disclosures.map((d) => b64(createHash("sha256").update(d).digest()));
  const issuerJwt = `${b64('{"alg":"ES256"}')}.${b64(JSON.stringify({ _sd, _sd_alg: "sha-256" }))}.c2ln`;
  return `${[issuerJwt, ...disclosures].join("~")}~`;
}

type Shown = Pick<WalletCredential, "status" | "display" | "expiresAt" | "revokedAt">;
const held = (status: Shown["status"], extra: Partial<Shown> & { expiringSoon?: boolean } = {}): Shown => ({
  status,
  expiresAt: extra.expiresAt ?? null,
  revokedAt: extra.revokedAt ?? null,
  display: { expiringSoon: extra.expiringSoon ?? false } as WalletCredential["display"],
});

describe("the badge, note and share refusal of one credential", () => {
  it("reads Expires Soon from the wallet's own flag, not from the dates again", () => {
    expect(credentialBadge(held("active", { expiringSoon: true, expiresAt: days(400).toISOString() }))).toBe(
      "Expires Soon",
    );
    expect(credentialBadge(held("active", { expiringSoon: false, expiresAt: days(10).toISOString() }))).toBe("Active");
    for (const status of ["revoked", "expired", "suspended"] as const)
      expect(credentialBadge(held(status, { expiringSoon: true }))).toBe("Inactive");
  });

  it("counts whole days left, rounding up, with one day in the singular", () => {
    const expiring = (at: Date) => held("active", { expiringSoon: true, expiresAt: at.toISOString() });
    expect(statusNote(expiring(days(30)), NOW)).toBe("Expires in 30 days");
    expect(statusNote(expiring(new Date(NOW.getTime() + DAY / 2)), NOW)).toBe("Expires in 1 day");
    expect(statusNote(expiring(new Date(NOW.getTime() - 1000)), NOW)).toBe("Expires in 0 days");
    expect(statusNote(held("active", { expiresAt: days(200).toISOString() }), NOW)).toBeNull();
  });

  it("says when an inactive credential ended, or its status", () => {
    const at = days(-3).toISOString();
    expect(statusNote(held("revoked", { revokedAt: at }), NOW)).toBe(`Revoked on ${formatDate(at)}`);
    expect(statusNote(held("revoked"), NOW)).toBe("Revoked");
    expect(statusNote(held("expired", { expiresAt: at }), NOW)).toBe(`Expired on ${formatDate(at)}`);
    expect(statusNote(held("expired"), NOW)).toBe("Expired");
    expect(statusNote(held("suspended"), NOW)).toBe("Status: suspended");
  });

  it("lets only an active credential be shared", () => {
    expect(shareRefusal({ status: "active" })).toBeNull();
    expect(shareRefusal({ status: "revoked" })).toBe("A revoked credential cannot be shared.");
    expect(shareRefusal({ status: "expired" })).toBe("An expired credential cannot be shared.");
    expect(shareRefusal({ status: "suspended" })).toBe("A credential that is suspended cannot be shared.");
  });
});

describe("credentialsPageData", () => {
  let db: Database;
  beforeEach(async () => {
    const temp = await openTempDatabase("credentials-page-test-");
    db = temp.db;
    return temp.close;
  });

  it("builds the cards and tiles from the person's own credentials, newest first", async () => {
    const [me] = await db.insert(schema.users).values({ username: "me", passwordHash: "x" }).returning();
    const [other] = await db.insert(schema.users).values({ username: "other", passwordHash: "x" }).returning();
    const [older, newer, revoked] = await db
      .insert(schema.credentials)
      .values([
        credentialRow(me!.id, { issuedAt: days(-20), expiresAt: days(EXPIRING_SOON_DAYS + 1), vcJwt: sdJwt({}) }),
        credentialRow(me!.id, {
          issuedAt: days(-10),
          expiresAt: days(EXPIRING_SOON_DAYS - 1),
          vcJwt: sdJwt({ hasRightToWork: true, extra: "x" }),
        }),
        credentialRow(me!.id, {
          type: "dbs",
          issuedAt: days(-30),
          status: "revoked",
          revokedAt: days(-1),
          vcJwt: sdJwt({}),
        }),
        credentialRow(other!.id, { issuedAt: days(-5), vcJwt: sdJwt({}) }),
      ])
      .returning();

    const page = await credentialsPageData(db, me!.id, NOW);
    expect(page.credentials.map((c) => [c.id, c.badge, c.note, c.shareRefusal])).toEqual([
      [newer!.id, "Expires Soon", `Expires in ${EXPIRING_SOON_DAYS - 1} days`, null],
      [older!.id, "Active", null, null],
      [revoked!.id, "Inactive", `Revoked on ${formatDate(days(-1))}`, "A revoked credential cannot be shared."],
    ]);
    // The spec's certificate path is the newest of its type; an older copy is named by id.
    expect(page.credentials.map((c) => c.certificatePath)).toEqual([
      "/credentials/right_to_work_certificate.pdf",
      `/credentials/right_to_work_certificate.pdf?credential=${older!.id}`,
      "/credentials/dbs_enhanced_check_certificate.pdf",
    ]);
    expect(page.credentials[0]).toMatchObject({
      typeName: "Right to Work",
      authorityName: "Home Office",
      issued: formatDate(days(-10)),
      expires: formatDate(days(EXPIRING_SOON_DAYS - 1)),
      revoked: null,
      verificationCount: 0,
      certificateFile: "right_to_work_certificate.pdf",
      // The type's own claims by their labels first, then any other by its name; values in words.
      attributes: [
        { name: "hasRightToWork", label: "Right to work", value: "Yes" },
        { name: "extra", label: "extra", value: "x" },
      ],
    });
    expect(page.summary).toEqual({
      total: 3,
      activeAndValid: 2,
      expiringSoon: 1,
      expiringSoonDays: EXPIRING_SOON_DAYS,
    });
  });
});
