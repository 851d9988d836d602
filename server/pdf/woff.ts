/**
 * The TrueType/OpenType font a WOFF 1.0 file wraps: its tables inflated (zlib, by the runtime's
 * DecompressionStream) and laid out as a plain sfnt. fontkit can read a WOFF itself, but inflates a
 * table (in JavaScript) every time it reads it, which made writing each PDF's font subsets take a
 * third of a second; unwrapped once per isolate, a font costs nothing more to read.
 *
 * Each glyph's outline is also padded to a whole number of 4-byte words: fontkit's subsetter writes
 * a small subset's glyph offsets in the short format (offset / 2) without padding the glyphs, so a
 * glyph of odd length (Noto Naskh Arabic has many) shifted every glyph after it and they were
 * drawn as nothing.
 */

const tag = (name: string) => new DataView(new TextEncoder().encode(name).buffer).getUint32(0);

/** Pads each glyph in `glyf` to a multiple of 4 bytes, with `loca` rewritten in the long format. */
function padGlyphs(tables: { tag: number; data: Uint8Array }[]): void {
  const find = (name: string) => tables.find((table) => table.tag === tag(name));
  const [head, loca, glyf, maxp] = [find("head"), find("loca"), find("glyf"), find("maxp")];
  if (!head || !loca || !glyf || !maxp) return;
  const headView = new DataView(head.data.buffer, head.data.byteOffset, head.data.byteLength);
  const long = headView.getInt16(50) === 1;
  const numGlyphs = new DataView(maxp.data.buffer, maxp.data.byteOffset).getUint16(4);
  const locaView = new DataView(loca.data.buffer, loca.data.byteOffset, loca.data.byteLength);
  const offset = (i: number) => (long ? locaView.getUint32(i * 4) : locaView.getUint16(i * 2) * 2);
  const lengths = Array.from({ length: numGlyphs }, (_, i) => offset(i + 1) - offset(i));
  const padded = lengths.map((length) => Math.ceil(length / 4) * 4);
  const newGlyf = new Uint8Array(padded.reduce((sum, length) => sum + length, 0));
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const newLocaView = new DataView(newLoca.buffer);
  let at = 0;
  for (let i = 0; i < numGlyphs; i++) {
    newLocaView.setUint32(i * 4, at);
    newGlyf.set(glyf.data.subarray(offset(i), offset(i) + lengths[i]!), at);
    at += padded[i]!;
  }
  newLocaView.setUint32(numGlyphs * 4, at);
  const newHead = head.data.slice();
  new DataView(newHead.buffer).setInt16(50, 1);
  head.data = newHead;
  loca.data = newLoca;
  glyf.data = newGlyf;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function woffToSfnt(woff: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error("not a WOFF 1.0 file"); // "wOFF"
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables = await Promise.all(
    Array.from({ length: numTables }, async (_, i) => {
      const entry = 44 + i * 20;
      const offset = view.getUint32(entry + 4);
      const compLength = view.getUint32(entry + 8);
      const origLength = view.getUint32(entry + 12);
      const stored = woff.subarray(offset, offset + compLength);
      const data = compLength < origLength ? await inflate(stored) : stored;
      if (data.length !== origLength) throw new Error("a WOFF table inflated to the wrong length");
      return { tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data };
    }),
  );
  padGlyphs(tables);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const headerLength = 12 + 16 * numTables;
  const padded = (length: number) => Math.ceil(length / 4) * 4;
  const sfnt = new Uint8Array(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const out = new DataView(sfnt.buffer);
  out.setUint32(0, flavor);
  out.setUint16(4, numTables);
  out.setUint16(6, searchRange);
  out.setUint16(8, entrySelector);
  out.setUint16(10, numTables * 16 - searchRange);
  let offset = headerLength;
  tables.forEach((table, i) => {
    out.setUint32(12 + i * 16, table.tag);
    out.setUint32(16 + i * 16, table.checksum);
    out.setUint32(20 + i * 16, offset);
    out.setUint32(24 + i * 16, table.data.length);
    sfnt.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
