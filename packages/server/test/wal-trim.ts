import type { PGlite } from '@electric-sql/pglite';

/**
 * A PGlite data directory as one tarball, without the write-ahead log that no start reads.
 * PostgreSQL keeps finished WAL segments (16 MB each) to recycle them: a dump of a template holds
 * three, two of them dead, half of the 99 MB that every test file loads. A start replays from the
 * last checkpoint's redo point to the end of what was written, so the segments from the one
 * holding the redo point to the one being written are kept, and the others left out.
 */
export async function dumpWithoutDeadWal(pglite: PGlite): Promise<Uint8Array> {
  await pglite.exec('CHECKPOINT');
  const [{ first, last }] = (
    await pglite.query<{ first: string; last: string }>(
      'SELECT pg_walfile_name(redo_lsn) AS first, pg_walfile_name(pg_current_wal_insert_lsn()) AS last FROM pg_control_checkpoint()',
    )
  ).rows as [{ first: string; last: string }];
  const tar = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
  return withoutEntries(tar, (name) => {
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return segment !== undefined && (segment < first || segment > last);
  });
}

/** A ustar archive without the entries whose names `drop` picks. */
export function withoutEntries(tar: Uint8Array, drop: (name: string) => boolean): Uint8Array {
  const text = (from: number, to: number) => new TextDecoder().decode(tar.subarray(from, to)).replace(/\0.*$/s, '');
  const kept: Uint8Array[] = [];
  let at = 0;
  while (at + 512 <= tar.length && tar.subarray(at, at + 512).some((byte) => byte !== 0)) {
    const prefix = text(at + 345, at + 500);
    const name = (prefix ? `${prefix}/` : '') + text(at, at + 100);
    const size = parseInt(text(at + 124, at + 136).trim() || '0', 8);
    const length = 512 + Math.ceil(size / 512) * 512;
    if (!drop(name)) kept.push(tar.subarray(at, at + length));
    at += length;
  }
  kept.push(new Uint8Array(1024)); // the end of the archive: two empty blocks
  return Buffer.concat(kept);
}
