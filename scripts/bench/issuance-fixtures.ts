// What the issuance bench (issuance.ts) makes in the database of a running stack: citizens whose
// authorities hold the demo records, and credential offers of their Right to Work made as
// /api/wallet/offers makes them (server/issuance/offers.ts), with their transaction codes.
// Bundled by issuance.ts with esbuild (npm packages external); nothing here runs in the product.
import { createDb } from "#db/client.ts";
import { demoAuthorityRecords } from "#db/demo-records.ts";
import { authorityRecords } from "#db/schema/index.ts";
import { createCredentialOffer } from "#server/issuance/offers.ts";
import { person } from "#tests/support/verification-fixtures.ts";

export interface OfferFixtureOptions {
  libsqlUrl: string;
  libsqlAuthToken: string;
  /** The stack's SESSION_SECRET (.dev.vars): offers' codes are derived under it. */
  sessionSecret: string;
  /** The identifier base the web worker computes for requests to the stack: https://<host of the request>. */
  base: string;
  offers: number;
}

/** `offers` offers, one per citizen (so that each issuance is a different person's, as in life). */
export async function makeOffers(options: OfferFixtureOptions): Promise<{ offerUri: string; txCode: string }[]> {
  const db = createDb({ LIBSQL_URL: options.libsqlUrl, LIBSQL_AUTH_TOKEN: options.libsqlAuthToken });
  const store = { db, sessionSecret: options.sessionSecret };
  const made: { offerUri: string; txCode: string }[] = [];
  for (let i = 0; i < options.offers; i++) {
    const { user } = await person(store, "citizen", null, { firstName: "Bench", usernamePrefix: "bench-holder-" });
    await db.insert(authorityRecords).values(demoAuthorityRecords(user.id, new Date()));
    const offer = await createCredentialOffer(
      { db, secret: options.sessionSecret, base: options.base, offersHaip: async () => false },
      { userId: user.id, type: "rtw", channel: "wallet" },
    );
    made.push({ offerUri: offer.offerUri, txCode: offer.txCode });
  }
  return made;
}
