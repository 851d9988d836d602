import type { Database } from "#db/client.ts";
import { statusLists } from "#db/schema/index.ts";

/** Entries in a list made here: 1,024 one-bit entries, as issuance opens a list. */
const SIZE = 1024;

/** `bytes` zlib-compressed (status-list draft section 4.2) with the platform's own CompressionStream ("deflate" is zlib). */
async function zlib(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const compressed = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return Buffer.from(await new Response(compressed).arrayBuffer()).toString("base64url");
}

/**
 * A revocation list of the Home Office's as issuance opens one, none of its entries revoked,
 * published at `${base}/status/lists/{id}` (an https address: the status worker signs no other),
 * written to `db`: its id. For tests and benchmarks that need a list and no credential (the demo
 * seed issues none). Runs in Node and in workerd alike: the core's encoder cannot be loaded by
 * Node directly (parameter properties), so the list is compressed here.
 */
export async function aStatusList(db: Database, base: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(statusLists).values({
    id,
    purpose: "revocation",
    issuerId: "home-office",
    size: SIZE,
    bits: 1,
    encodedList: await zlib(new Uint8Array(SIZE / 8)),
    publishedUrl: `${base}/status/lists/${id}`,
    version: 1,
    lastUpdated: new Date(),
  });
  return id;
}
