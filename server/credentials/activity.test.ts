import { describe, expect, it } from "vitest";
import { credentialErrorText } from "#core/credentials/error-messages.ts";
import { LOCALES, type Locale } from "#core/i18n/locales.ts";
import { serverIntl } from "#server/i18n/catalogs.ts";
import { describeWalletEvent } from "./activity.ts";

const at = new Date("2026-04-12T09:30:00Z");
const row = (kind: string, detail: Record<string, unknown> | null = { type: "rtw" }) => ({
  id: "e1",
  kind,
  detail,
  createdAt: at,
});

describe("wallet activity as the page says it", () => {
  it("names the credential type and its authority for issuance", () => {
    expect(describeWalletEvent(row("credential_issued"))).toEqual({
      id: "e1",
      kind: "credential_issued",
      at: "2026-04-12T09:30:00.000Z",
      credentialType: "rtw",
      tone: "ok",
      title: "Credential added",
      description: "Right to Work issued by Home Office to this wallet",
    });
    // Printed at an assisted-digital counter (server/credentials/paper.ts): not in this wallet.
    expect(
      describeWalletEvent(row("credential_issued", { type: "rtw", issuer: "home-office", delivery: "paper" })),
    ).toMatchObject({
      title: "Paper credential printed",
      description: "Right to Work issued by Home Office on paper at a counter; it is not on any device",
    });
    expect(describeWalletEvent(row("credential_reissued", { type: "dbs" })).description).toBe(
      "DBS Enhanced Check re-issued by Disclosure and Barring Service; the earlier copy was revoked",
    );
  });

  it("says where copies for another wallet app went, and what that app reported (issue 22)", () => {
    expect(describeWalletEvent(row("credential_issued", { type: "rtw", wallet: "app", copies: 3 }))).toMatchObject({
      title: "Sent to another wallet app",
      description: "Right to Work issued by Home Office to another wallet app (copies: 3)",
    });
    expect(describeWalletEvent(row("credential_deferred", { type: "dbs", wallet: "app", copies: 2 }))).toMatchObject({
      tone: "info",
      title: "Requested by a wallet app",
      description:
        "A wallet app asked for DBS Enhanced Check; Disclosure and Barring Service will issue it when its check is complete",
    });
    const reported = (event: string) =>
      describeWalletEvent(row("wallet_app_notified", { type: "rtw", event, copies: 1 }));
    expect(reported("credential_accepted")).toMatchObject({
      tone: "ok",
      title: "Stored in a wallet app",
      description: "A wallet app confirmed it holds Right to Work",
    });
    expect(reported("credential_failure")).toMatchObject({
      tone: "warn",
      description: "A wallet app could not store Right to Work; the copies sent to it were revoked",
    });
    expect(reported("credential_deleted").title).toBe("Declined in a wallet app");
    // In Welsh, from the Welsh catalog.
    expect(describeWalletEvent(row("credential_issued", { type: "rtw", wallet: "app", copies: 3 }), "cy").title).toBe(
      "Anfonwyd i ap waled arall",
    );
  });

  it("gives every known kind its own title", () => {
    const titles = [
      "credential_issued",
      "credential_reissued",
      "credential_revoked",
      "share_created",
      "share_revoked",
      "share_viewed",
      "certificate_downloaded",
    ].map((kind) => describeWalletEvent(row(kind)).title);
    expect(titles).toEqual([
      "Credential added",
      "Credential re-issued",
      "Credential revoked",
      "Credential shared",
      "Share withdrawn",
      "Share link opened",
      "Certificate downloaded",
    ]);
  });

  it("tells the holder who checked which credential, why, and what they saw (issue 9)", () => {
    const seen = describeWalletEvent(
      row("credential_verified", {
        type: "rtw",
        organisation: "Northbridge Recruitment Ltd",
        purpose: "Warehouse role",
        checkType: "rtw",
        attributes: ["hasRightToWork", "expiryDate"],
        valid: true,
        reason: "valid",
      }),
    );
    expect(seen).toMatchObject({ tone: "ok", title: "Credential verified" });
    expect(seen.description).toBe(
      'Northbridge Recruitment Ltd checked your Right to Work for "Warehouse role"; they saw: Has the right to work in the UK, When the permission expires',
    );
    const refused = describeWalletEvent(
      row("credential_verified", {
        type: "rtw",
        organisation: "Acme",
        purpose: "",
        checkType: "rtw",
        attributes: [],
        valid: false,
        reason: "STATUS_REVOKED",
      }),
    );
    expect(refused).toMatchObject({ tone: "warn", title: "Verification refused" });
    expect(refused.description).toBe(
      "Acme tried to check your Right to Work; the check did not pass (The credential has been revoked.)",
    );
  });

  it("includes a revocation's reason, bounded", () => {
    expect(
      describeWalletEvent(row("credential_revoked", { type: "rtr", reason: "document reported stolen" })).description,
    ).toBe("Right to Rent was revoked and can no longer be verified (document reported stolen)");
    expect(
      describeWalletEvent(row("credential_revoked", { type: "rtr", reason: "x".repeat(500) })).description.length,
    ).toBeLessThan(200);
  });

  it("says which part of the profile a save changed", () => {
    expect(describeWalletEvent(row("profile_updated", { section: "emergency" }))).toMatchObject({
      tone: "info",
      title: "Profile updated",
      description: "Emergency Contacts saved",
    });
    expect(describeWalletEvent(row("profile_updated", { section: "basic", item: "phone" })).description).toBe(
      "Phone number saved in Basic Information",
    );
    expect(describeWalletEvent(row("profile_updated", { section: "nowhere", item: "toString" })).description).toBe(
      "Profile details saved",
    );
  });

  it("speaks the shared tone vocabulary: ok for additions, warn for revocations, info for the rest", () => {
    const tones = ["credential_issued", "credential_revoked", "share_created", "share_revoked"].map(
      (kind) => describeWalletEvent(row(kind)).tone,
    );
    expect(tones).toEqual(["ok", "warn", "info", "warn"]);
  });

  it("reads unknown kinds and types without breaking", () => {
    expect(describeWalletEvent(row("passkey_added", null))).toMatchObject({
      title: "Passkey added",
      description: "Wallet activity",
      credentialType: null,
    });
    expect(describeWalletEvent(row("share_created", { type: "mystery" })).description).toBe(
      "A 24-hour verification link to your credential was created",
    );
  });
});

describe("wallet activity in the page's language (issue 21)", () => {
  it("words each row in Welsh, the credential type in Welsh and the organisation by its own name", () => {
    expect(describeWalletEvent(row("credential_issued"), "cy")).toMatchObject({
      kind: "credential_issued",
      tone: "ok",
      title: "Tystlythyr wedi'i ychwanegu",
      description: "Cyhoeddwyd Hawl i Weithio gan Home Office i'r waled hon",
    });
    expect(describeWalletEvent(row("profile_updated", { section: "basic", item: "phone" }), "cy").description).toBe(
      "Gwybodaeth Sylfaenol: cadwyd Rhif ffôn",
    );
    expect(
      describeWalletEvent(row("security_changed", { change: "passkey_removed", name: "Ffôn" }), "cy"),
    ).toMatchObject({
      title: "Allwedd mynediad wedi'i thynnu",
      description: "Ni allwch fewngofnodi gyda “Ffôn” mwyach.",
    });
  });

  it("words a check in Urdu, with what the verifier saw and why a refusal failed", () => {
    const verified = describeWalletEvent(
      row("credential_verified", {
        type: "rtw",
        organisation: "Acme",
        purpose: "",
        checkType: "rtw",
        attributes: ["hasRightToWork"],
        valid: true,
      }),
      "ur",
    );
    expect(verified.title).toBe("سند کی تصدیق ہو گئی");
    expect(verified.description).toBe(
      "Acme نے آپ کی کام کرنے کا حق کی سند جانچی؛ انہوں نے دیکھا: برطانیہ میں کام کرنے کا حق رکھتا ہے",
    );
    const refused = describeWalletEvent(
      row("credential_verified", { type: "rtw", organisation: "Acme", valid: false, reason: "STATUS_REVOKED" }),
      "ur",
    );
    expect(refused.description).toBe(
      "Acme نے آپ کی کام کرنے کا حق کی سند جانچنے کی کوشش کی؛ جانچ کامیاب نہیں ہوئی (سند منسوخ کر دی گئی ہے۔)",
    );
  });

  it("words a check in Polish: what the verifier saw by the check's own names, and exactly why one failed", () => {
    const check = (detail: Record<string, unknown>) =>
      describeWalletEvent(
        row("credential_verified", { type: "rtw", organisation: "Acme", checkType: "rtw", ...detail }),
        "pl",
      ).description;
    expect(check({ attributes: ["hasRightToWork", "expiryDate"], valid: true })).toBe(
      "Sprawdzenie przez: Acme — Twoje poświadczenie Prawo do pracy; widoczne dane: Prawo do pracy w Wielkiej Brytanii i Kiedy wygasa zezwolenie",
    );
    // A credential's own refusal, not "the presentation could not be verified".
    expect(check({ valid: false, reason: "KB_NONCE_REUSED" })).toBe(
      "Sprawdzenie przez: Acme — Twoje poświadczenie Prawo do pracy; weryfikacja nie powiodła się (Nonce wiązania klucza został już użyty.)",
    );
    // A reason the citizen's languages have no words for (one added later): the general sentence, never English.
    expect(check({ valid: false, reason: "SOMETHING_NEW" })).toBe(
      "Sprawdzenie przez: Acme — Twoje poświadczenie Prawo do pracy; weryfikacja nie powiodła się (Nie udało się zweryfikować prezentacji.)",
    );
  });

  it("says a failed check's precise reason in every language of the wallet", () => {
    const refused = (locale: Locale) =>
      describeWalletEvent(row("credential_verified", { type: "rtw", valid: false, reason: "KB_NONCE_REUSED" }), locale)
        .description;
    expect(refused("en")).toBe(
      "A verifier tried to check your Right to Work; the check did not pass (The key-binding nonce has already been used.)",
    );
    for (const locale of LOCALES)
      expect(refused(locale), locale).toContain(`(${credentialErrorText(serverIntl(locale), "KB_NONCE_REUSED")})`);
  });
});
