import { describe, expect, it } from "vitest";
import { jwkThumbprint } from "#core/credentials/index.ts";
import { SESSION_COOKIE } from "#server/accounts/session.ts";
import { citizenWithRecords, issueCredential, makeHolder, revokeAsAdmin } from "#tests/support/wallet-fixtures.ts";
import { call, ORIGIN, registerUser } from "#tests/support/web-client.ts";

/**
 * The wallet page (/wallet and /citizen-wallet) through the real web worker: signed-in only, the
 * person's own credentials as cards with the spec's names, authorities, en-GB dates and badges,
 * and Recent Activity from the wallet's own log.
 */

const EN_GB = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const enGb = (iso: string) => EN_GB.format(new Date(iso));

async function page(path: string, cookie: string | null, lang?: string) {
  // With a language, the session and the language choice travel together, as a browser sends them.
  const response = lang
    ? await call(path, { headers: { Cookie: `${SESSION_COOKIE}=${cookie}; lang=${lang}` } })
    : await call(path, { cookie });
  const html = await response.text();
  // What the page shows, without its scripts (which carry the page's messages, every state's words).
  const shown = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  return { response, html, shown };
}

interface WalletData {
  credentials: {
    id: string;
    type: string;
    status: string;
    holderKeyThumbprint: string | null;
    attributes: { label: string; value: string }[];
    vcJwt?: string;
  }[];
  activity: { kind: string; title: string; description: string }[];
  issuerBase: string;
}

async function walletData(cookie: string, route = "routes/wallet", path = "/wallet"): Promise<WalletData> {
  const response = await call(`${path}?_data=${encodeURIComponent(route)}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as WalletData;
}

/** The text of the card whose heading is `title` (the article around it). */
function cardHtml(html: string, title: string): string {
  const cards = html.split('data-testid="credential-card"').slice(1);
  const card = cards.find((c) => new RegExp(`<h3[^>]*>${title}</h3>`).test(c));
  if (!card) throw new Error(`no card titled ${title}`);
  return card.slice(0, card.indexOf("</article>"));
}

describe("GET /wallet and /citizen-wallet", () => {
  it("sends a visitor who is not signed in to /login", async () => {
    for (const path of ["/wallet", "/citizen-wallet", "/wallet?action=request"]) {
      const response = await call(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/login");
    }
  });

  it("shows a new citizen the empty state, an unverified identity and no activity", async () => {
    const { cookie } = await registerUser({ firstName: "Amira", lastName: "Khan" });
    for (const path of ["/wallet", "/citizen-wallet"]) {
      const { response, html, shown } = await page(path, cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      expect(html).toContain("<title>Citizen Wallet | UK Digital Identity</title>");
      expect(html).toMatch(/<h1[^>]*>Citizen Wallet<\/h1>/);
      expect(html).toMatch(/<h2 id="profile-heading"[^>]*>Amira Khan<\/h2>/);
      expect(html).toContain("Identity not yet verified");
      expect(shown).not.toContain("Verified Identity");
      for (const label of [
        "Passkey Enabled",
        "Biometric Auth",
        "Device Secure",
        "Quick Actions",
        "Add New Credential",
        "Share via QR Code",
        "View Activity Log",
        "My Credentials",
        "Recent Activity",
      ]) {
        expect(html, label).toContain(label);
      }
      // Indicators tell the truth: no passkeys yet; the device key is only known in the browser.
      expect(html).toMatch(/Passkey Enabled<\/span>.*?Not set up/s);
      expect(html).toMatch(/Device Secure<\/span>.*?Checking…/s);
      expect(html).toMatch(/<h3[^>]*>No Credentials Yet<\/h3>/);
      expect(html).toContain("Add Your First Credential");
      expect(html).not.toContain('data-testid="credential-card"');
      expect(html).toContain('data-testid="activity-empty"');
    }
  });

  it("shows an issued credential as a card: the spec's type names, the authority, en-GB dates, Active", async () => {
    const { cookie } = await citizenWithRecords();
    const holder = await makeHolder();
    const rtw = await issueCredential(cookie, "rtw", holder);

    for (const path of ["/wallet", "/citizen-wallet"]) {
      const { html, shown } = await page(path, cookie);
      const card = cardHtml(html, "Right to Work");
      expect(card).toContain("Employment Authorization");
      expect(card).toMatch(/data-testid="credential-authority"[^>]*>Home Office</);
      expect(card).toContain(`<time dateTime="${rtw.issuedAt}">${enGb(rtw.issuedAt)}</time>`);
      expect(card).toContain(`<time dateTime="${rtw.expiresAt}">${enGb(rtw.expiresAt)}</time>`);
      expect(enGb(rtw.expiresAt)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
      expect(card).toMatch(/data-status="active"[^>]*>Active</);
      expect(card).not.toContain("Expires Soon");
      expect(html).toContain("Verified Identity");
      expect(shown).not.toContain("No Credentials Yet");
      // The raw token stays out of the page (and its loader data).
      expect(html).not.toContain(rtw.vcJwt.split("~")[0]!);
      // Recent Activity: the issuance, from wallet_events.
      expect(html).toMatch(
        /data-kind="credential_issued".*?Credential added.*?Right to Work issued by Home Office to this wallet/s,
      );
    }

    const data = await walletData(cookie);
    expect(data.credentials).toHaveLength(1);
    expect(data.credentials[0]).toMatchObject({
      id: rtw.id,
      type: "rtw",
      status: "active",
      holderKeyThumbprint: await jwkThumbprint(holder.publicJwk),
    });
    expect(data.credentials[0]).not.toHaveProperty("vcJwt");
    expect(data.credentials[0]!.attributes).toEqual(
      expect.arrayContaining([
        { name: "given_name", label: "Given name", value: "Sarah" },
        { name: "hasRightToWork", label: "Right to work", value: "Yes" },
        { name: "birthdate", label: "Date of birth", value: "12 Apr 1990" },
      ]),
    );
    // The proof's audience is built from this: the same base the server mints iss under.
    expect(data.issuerBase).toBe(ORIGIN);
    expect((await walletData(cookie, "routes/citizen-wallet", "/citizen-wallet")).credentials.map((c) => c.id)).toEqual(
      [rtw.id],
    );
  });

  it("marks a credential within 90 days of expiry Expires Soon, and a revoked one Revoked", async () => {
    const { cookie } = await citizenWithRecords();
    const holder = await makeHolder();
    await issueCredential(cookie, "professional_certificate", holder);
    const dbs = await issueCredential(cookie, "dbs", holder);
    await revokeAsAdmin(dbs.id, "Check superseded");

    const { html } = await page("/wallet", cookie);
    const professional = cardHtml(html, "Professional Certificate");
    expect(professional).toMatch(/data-status="active"[^>]*>Active</);
    expect(professional).toContain("Expires Soon");
    const revoked = cardHtml(html, "DBS Enhanced");
    expect(revoked).toContain("Criminal Record Check");
    expect(revoked).toMatch(/data-status="revoked"[^>]*>Revoked</);
    expect(revoked).toMatch(/data-testid="credential-authority"[^>]*>DBS</);
    // A revoked credential cannot be shared from its card.
    expect(revoked).not.toContain("button-share-credential");
    expect(html).toMatch(
      /data-kind="credential_revoked".*?Credential revoked.*?DBS Enhanced Check was revoked and can no longer be verified \(Check superseded\)/s,
    );
  });

  it("re-issuing to another device keeps one card, bound to the new key, and logs the re-issue", async () => {
    const { cookie } = await citizenWithRecords();
    const first = await issueCredential(cookie, "rtw");
    const laptop = await makeHolder();
    const second = await issueCredential(cookie, "rtw", laptop);

    const data = await walletData(cookie);
    expect(data.credentials.map((c) => c.id)).toEqual([second.id]);
    expect(data.credentials[0]!.holderKeyThumbprint).toBe(await jwkThumbprint(laptop.publicJwk));
    expect(data.credentials.some((c) => c.id === first.id)).toBe(false);
    expect(data.activity.map((a) => a.kind)).toEqual(["credential_reissued", "credential_issued"]);
    expect(data.activity[0]!.title).toBe("Credential re-issued");
  });

  it("speaks Welsh to a citizen who chose Welsh: the page, its title, counted credentials and the issue API's refusal", async () => {
    const { cookie } = await citizenWithRecords();
    const { html: empty } = await page("/wallet", cookie, "cy");
    expect(empty).toContain('<html lang="cy" dir="ltr"');
    expect(empty).toContain("<title>Waled y Dinesydd | Hunaniaeth Ddigidol y DU</title>");
    expect(empty).toMatch(/<h1[^>]*>Waled y Dinesydd<\/h1>/);
    expect(empty).toMatch(/<h3[^>]*>Dim tystlythyrau eto<\/h3>/);
    expect(empty).toContain("Ychwanegu eich tystlythyr cyntaf");

    // Welsh counts with six forms and mutates the noun after two ("2 dystlythyr").
    const holder = await makeHolder();
    await issueCredential(cookie, "rtw", holder);
    await issueCredential(cookie, "dbs", holder);
    const { html: two } = await page("/wallet", cookie, "cy");
    expect(two).toMatch(/data-testid="credentials-count"[^>]*>2 dystlythyr</);
    expect(two).toMatch(/data-status="active"[^>]*>Gweithredol</);

    // Recent Activity keeps what happened, and is worded in Welsh when the page is made.
    const welshData = await call("/wallet?_data=routes%2Fwallet", { cookie: `${cookie}; lang=cy` });
    const { activity } = (await welshData.json()) as WalletData;
    expect(activity.map((a) => a.title)).toEqual(["Tystlythyr wedi'i ychwanegu", "Tystlythyr wedi'i ychwanegu"]);
    expect(activity[1]!.description).toBe("Cyhoeddwyd Hawl i Weithio gan Home Office i'r waled hon");

    // The API's words follow the same choice; its code does not change.
    const refused = await call("/api/vc/rtw/issue", {
      body: {},
      headers: { Cookie: `${SESSION_COOKIE}=${cookie}; lang=cy` },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Mae angen prawf eich bod yn dal allwedd y ddyfais hon",
    );
  });

  it("draws the wallet right to left in Urdu", async () => {
    const { cookie } = await registerUser({ firstName: "Amira", lastName: "Khan" });
    const { response, html } = await page("/wallet", cookie, "ur");
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="ur" dir="rtl"');
    expect(html).toMatch(/<h1[^>]*>شہری والٹ<\/h1>/);
    expect(html).toContain("<title>شہری والٹ | UK Digital Identity</title>");
    // The person's name takes its own direction inside the right-to-left page.
    expect(html).toMatch(/<h2 id="profile-heading"[^>]*dir="auto"[^>]*>Amira Khan<\/h2>/);

    // Recent Activity in Urdu: the row's title and sentence, the type's Urdu name, the issuer's own.
    const holder = await citizenWithRecords();
    await issueCredential(holder.cookie, "rtr");
    const urdu = await page("/wallet", holder.cookie, "ur");
    expect(urdu.shown).toContain("سند شامل کی گئی");
    expect(urdu.shown).toContain("Home Office نے اس والٹ کے لیے کرائے پر رہنے کا حق کی سند جاری کی");
  });

  it("never shows another person's credentials or activity", async () => {
    const alice = await citizenWithRecords();
    const bob = await citizenWithRecords();
    const bobs = await issueCredential(bob.cookie, "driving_licence");
    const alices = await issueCredential(alice.cookie, "rtr");

    const { html } = await page("/wallet", alice.cookie);
    expect(html).toContain(alices.id);
    expect(html).not.toContain(bobs.id);
    expect(html).not.toMatch(/<h3[^>]*>Driving License<\/h3>/);
    const data = await walletData(alice.cookie);
    expect(data.credentials.map((c) => c.id)).toEqual([alices.id]);
    expect(data.activity).toHaveLength(1);
    expect(data.activity[0]!.description).toBe("Right to Rent issued by Home Office to this wallet");

    // And Bob sees his own card only.
    const bobData = await walletData(bob.cookie);
    expect(bobData.credentials.map((c) => c.id)).toEqual([bobs.id]);
  });
});
