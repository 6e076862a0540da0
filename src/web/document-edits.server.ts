/**
 * Changes to a rendered document's bytes, made in one copy. The stylesheet written in (inline-stylesheet.server.ts),
 * the scripts held until the cover is painted (scripts-after-cover.server.ts) and the doctype each copied the whole
 * document into new memory of its own, three copies of 60–250 KB a page; collected as edits, they are one.
 */

/** At byte `at`, `removed` bytes are replaced by `inserted`. */
export type DocumentEdit = readonly [at: number, removed: number, inserted: Uint8Array];

/** `bytes` with `edits` made (at distinct places, or several insertions at one place in the order given). */
export function editedDocument(bytes: Uint8Array, edits: readonly DocumentEdit[]): Buffer<ArrayBuffer> {
  // A stable sort keeps insertions at one place in the order they were given.
  const sorted = [...edits].sort((a, b) => a[0] - b[0]);
  const parts: Uint8Array[] = [];
  let done = 0;
  for (const [at, removed, inserted] of sorted) {
    parts.push(bytes.subarray(done, at), inserted);
    done = at + removed;
  }
  parts.push(bytes.subarray(done));
  return Buffer.concat(parts);
}
