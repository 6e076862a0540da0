import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { foldName } from '../../contracts/geography';
import type { Db } from '../../db/client';
import { geoCounties, geoLocalities, geoMeta, geoStreets } from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import type { Logger } from '../logger';
import { BUILTIN_COUNTIES } from './builtin-counties';
import { parseCsv } from '../csv';

/** The three files of `../shared/data/ro-address` the shop reads (their SOURCES.md explains them). */
export const ADDRESS_FILES = ['judete.csv', 'localitati.csv', 'coduri_postale.csv'] as const;

export interface ImportResult {
  source: 'official' | 'builtin';
  /** False when the stored data already came from the same files (a second run changes nothing). */
  changed: boolean;
  counties: number;
  localities: number;
  streets: number;
  ms: number;
}

/** Poșta's street types, in the form used before a name ("Bulevard" → "Bulevardul Revoluției"). */
const STREET_TYPE_ARTICLE: Record<string, string> = {
  Stradă: 'Strada',
  Bulevard: 'Bulevardul',
  Alee: 'Aleea',
  Intrare: 'Intrarea',
  Cale: 'Calea',
  Șosea: 'Șoseaua',
  Sosea: 'Șoseaua',
  Piață: 'Piața',
  Drum: 'Drumul',
  Fundătură: 'Fundătura',
  Splai: 'Splaiul',
  Stradelă: 'Stradela',
  Prelungire: 'Prelungirea',
  Pasaj: 'Pasajul',
  Uliță: 'Ulița',
  Trecătoare: 'Trecătoarea',
  Parc: 'Parcul',
};

export function streetDisplayName(type: string, name: string): string {
  const [first, ...rest] = type.trim().split(/\s+/);
  const article = first ? (STREET_TYPE_ARTICLE[first] ?? first) : '';
  return [article, ...rest, name.trim()].filter(Boolean).join(' ');
}

const BATCH = 2000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function storedMeta(db: Db): Promise<Map<string, string>> {
  const rows = await db.select().from(geoMeta);
  return new Map(rows.map((r) => [r.key, r.value]));
}

async function writeMeta(tx: Tx, source: string, hash: string): Promise<void> {
  for (const [key, value] of [
    ['source', source],
    ['hash', hash],
  ]) {
    await tx.insert(geoMeta).values({ key, value }).onConflictDoUpdate({ target: geoMeta.key, set: { value } });
  }
}

async function clear(tx: Tx): Promise<void> {
  await tx.delete(geoStreets);
  await tx.delete(geoLocalities);
  await tx.delete(geoCounties);
}

type LocalityRow = typeof geoLocalities.$inferInsert;
type StreetRow = typeof geoStreets.$inferInsert;

/** Reads the files into rows; a locality's code comes from Poșta, else from SIRUTA. */
function readOfficial(dir: string) {
  const read = (file: string) => parseCsv(readFileSync(path.join(dir, file), 'utf8'));
  const counties = read('judete.csv').map((r) => ({ code: r.cod, name: r.nume, nameAscii: foldName(r.nume) }));
  const localities: LocalityRow[] = read('localitati.csv').map((r) => {
    const sector = /Sectorul (\d)$/.exec(r.denumire);
    const hasStreets = r.coduri_pe_strazi === '1';
    // A few Poșta codes are "a|b" (one locality, two codes); the first is the one shown.
    const code = (r.coduri_postale_posta || r.cod_postal_siruta).split('|')[0] || null;
    return {
      siruta: Number(r.siruta),
      countyCode: r.judet_cod,
      name: r.denumire,
      nameAscii: foldName(r.denumire),
      uat: r.uat,
      sector: sector ? Number(sector[1]) : null,
      postalCode: code,
      hasStreets,
      rank: (r.mediu === 'urban' ? 2 : 0) + (r.denumire === r.uat ? 1 : 0),
    };
  });
  const known = new Set(localities.map((l) => l.siruta));
  const streets: StreetRow[] = [];
  for (const r of read('coduri_postale.csv')) {
    // Locality-level rows repeat localitati.csv; a row with no valid SIRUTA (SOURCES.md) is skipped.
    if (r.nivel !== 'strada' || !known.has(Number(r.siruta))) continue;
    streets.push({
      localitySiruta: Number(r.siruta),
      sector: r.sector ? Number(r.sector) : null,
      street: streetDisplayName(r.tip_artera, r.denumire_artera),
      streetAscii: foldName(r.denumire_artera),
      numbers: r.numar,
      postalCode: r.cod_postal,
    });
  }
  return { counties, localities, streets };
}

function builtinRows() {
  return {
    counties: BUILTIN_COUNTIES.map((c) => ({ code: c.code, name: c.name, nameAscii: foldName(c.name) })),
    localities: BUILTIN_COUNTIES.map(
      (c): LocalityRow => ({
        siruta: c.seatSiruta,
        countyCode: c.code,
        name: c.seat,
        nameAscii: foldName(c.seat),
        uat: c.seat,
        sector: null,
        postalCode: null,
        hasStreets: false,
        rank: 3,
      }),
    ),
    streets: [] as StreetRow[],
  };
}

/**
 * Loads Romania's counties, localities and street postal codes from `dir` (RO_ADDRESS_DATA) in one
 * transaction. Idempotent: the files' SHA-256 is stored, and a run over the same files only compares
 * it. Without the files it stores the built-in counties and seats instead and says so in one line.
 */
export async function importGeography(db: Db, dir: string | null, log: Logger): Promise<ImportResult> {
  const started = Date.now();
  const present = dir !== null && ADDRESS_FILES.every((f) => existsSync(path.join(dir, f)));
  let hash = 'builtin-1';
  if (present) {
    const digest = createHash('sha256');
    for (const f of ADDRESS_FILES) digest.update(readFileSync(path.join(dir, f)));
    hash = digest.digest('hex');
  }
  const meta = await storedMeta(db);
  const source = present ? 'official' : 'builtin';
  if (meta.get('hash') === hash) {
    const [{ counties, localities, streets }] = await db
      .select({
        counties: sql<number>`(select count(*)::int from ${geoCounties})`,
        localities: sql<number>`(select count(*)::int from ${geoLocalities})`,
        streets: sql<number>`(select count(*)::int from ${geoStreets})`,
      })
      .from(sql`(select 1) as one`);
    return { source, changed: false, counties, localities, streets, ms: Date.now() - started };
  }
  if (!present) {
    log.warn(
      { dir },
      'Romanian address data not found: loaded the built-in 42 counties and their seats; locality, street and postal code are free text (see README, "Address data")',
    );
  }
  const rows = present ? readOfficial(dir) : builtinRows();
  await withTransaction(db, async (tx) => {
    await clear(tx);
    await insertInBatches(rows.counties, (b) => tx.insert(geoCounties).values(b));
    await insertInBatches(rows.localities, (b) => tx.insert(geoLocalities).values(b));
    await insertInBatches(rows.streets, (b) => tx.insert(geoStreets).values(b));
    await writeMeta(tx, source, hash);
  });
  const result = {
    source,
    changed: true,
    counties: rows.counties.length,
    localities: rows.localities.length,
    streets: rows.streets.length,
    ms: Date.now() - started,
  } as const;
  if (present) log.info({ dir, ...result }, 'Romanian address data loaded');
  return result;
}
