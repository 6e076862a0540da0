import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../contracts/errors';
import {
  type County,
  countryList,
  foldName,
  type GeographyStatus,
  type Locality,
  type StreetSuggestion,
  splitBucharestSector,
  type VerifyZipInput,
  type VerifyZipResult,
} from '../../contracts/geography';
import type { Db } from '../../db/client';
import { geoCounties, geoLocalities, geoMeta, geoStreets } from '../../db/schema';
import type { CacheRegistry } from '../cache/registry';

/** Words people put before a street's name ("str.", "Bulevardul"); left out when matching it. */
const STREET_TYPE_WORDS =
  /^(str(ada|ada|\.)?|strada|bd\.?|b-dul|bulevardul|bulevard|blvd\.?|calea|cale|sos\.?|soseaua|sosea|aleea|alee|al\.|intrarea|intrare|int\.|piata|pta\.?|splaiul|splai|drumul|drum|fundatura|prelungirea)\s+/;

export function streetKey(street: string): string {
  return foldName(street).replace(STREET_TYPE_WORDS, '').trim();
}

/** Whether a folded name starts with `q`, or has a word (after a space or hyphen) that does. */
function hasWordPrefix(name: string, q: string): boolean {
  return name.startsWith(q) || name.includes(` ${q}`) || name.includes(`-${q}`);
}

/**
 * The first `limit` names matching `q` (see hasWordPrefix), those starting with it first; `rows` come in
 * their order among equals, so both groups keep it.
 */
function typeahead<T>(rows: readonly T[], name: (row: T) => string, q: string, limit: number): T[] {
  const starting: T[] = [];
  const inside: T[] = [];
  for (const row of rows) {
    const n = name(row);
    if (n.startsWith(q)) {
      starting.push(row);
      if (starting.length >= limit) break;
    } else if (inside.length < limit && hasWordPrefix(n, q)) inside.push(row);
  }
  return [...starting, ...inside].slice(0, limit);
}

/** Byte order, as the database's C collation compares the folded (ASCII) names. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const toLocality = (r: typeof geoLocalities.$inferSelect): Locality => ({
  Nume: r.name,
  siruta: r.siruta,
  uat: r.uat,
  sector: r.sector,
  zip_code: r.hasStreets ? null : r.postalCode,
  has_streets: r.hasStreets,
});

const toSuggestion = (r: { street: string; sector: number | null; postalCode: string; numbers: string }) => ({
  street: r.street,
  sector: r.sector === null ? '' : String(r.sector),
  zip_code: r.postalCode,
  numbers: r.numbers,
});

type CountyRow = typeof geoCounties.$inferSelect;
type LocalityRow = typeof geoLocalities.$inferSelect;
type StreetRow = typeof geoStreets.$inferSelect;

/**
 * The typeaheads answer from memory (issue 9's budget: p95 ≤ 15 ms at 10 connections, where a LIKE query
 * per keystroke on PGlite took 2–3 ms of the one thread): the counties, a county's localities and a
 * locality's streets are read once and filtered here. The data changes only when the importer runs, which
 * happens before the server listens; the entries also expire after an hour.
 */
export function createGeographyService(db: Db, caches: CacheRegistry) {
  const HOUR_MS = 3_600_000;
  const countyCache = caches.ttlCache<CountyRow[]>('geography counties', ['geography'], { max: 1, ttlMs: HOUR_MS });
  // Every county's localities fit (13,755 rows); streets are kept for the most asked-for cities.
  const localityCache = caches.ttlCache<LocalityRow[]>('geography localities', ['geography'], {
    max: 64,
    ttlMs: HOUR_MS,
  });
  const statusCache = caches.ttlCache<GeographyStatus>('geography status', ['geography'], { max: 1, ttlMs: HOUR_MS });
  const streetCache = caches.ttlCache<StreetRow[]>('geography streets', ['geography'], { max: 200, ttlMs: HOUR_MS });

  // Awaited inside: a Drizzle query runs again each time it is awaited, so the cache must keep its rows.
  const allCounties = () => countyCache.get('all', async () => await db.select().from(geoCounties));

  /** A county's localities, larger places first among equal names (the typeahead's order). */
  const countyLocalities = (code: string) =>
    localityCache.get(code, async () => {
      const rows = await db.select().from(geoLocalities).where(eq(geoLocalities.countyCode, code));
      return rows.sort((a, b) => b.rank - a.rank || byText(a.nameAscii, b.nameAscii) || a.siruta - b.siruta);
    });

  /** The streets of one or more localities (Bucharest's sectors) in the typeahead's order: by name, then sector. */
  const streetsOf = (sirutas: number[]) =>
    streetCache.get(sirutas.join(','), async () => {
      const rows = await db.select().from(geoStreets).where(inArray(geoStreets.localitySiruta, sirutas));
      return rows.sort(
        (a, b) => byText(a.streetAscii, b.streetAscii) || (a.sector ?? 0) - (b.sector ?? 0) || a.id - b.id,
      );
    });

  async function countyByCodeOrName(value: string): Promise<CountyRow | null> {
    const code = value.trim().toUpperCase();
    const folded = foldName(value);
    const counties = await allCounties();
    return counties.find((c) => c.code === code) ?? counties.find((c) => c.nameAscii === folded) ?? null;
  }

  /**
   * The localities a city name may mean within a county: Bucharest's "Sector-N" (or a sector given
   * apart) is that sector; "București" alone is all six.
   */
  async function localitiesNamed(countyCode: string, city: string, sector: number | null): Promise<LocalityRow[]> {
    const split = splitBucharestSector(city);
    const wantedSector = split.sector ?? sector;
    const rows = await countyLocalities(countyCode);
    if (countyCode === 'B') return rows.filter((l) => !wantedSector || l.sector === wantedSector);
    const folded = foldName(city);
    return rows.filter((l) => l.nameAscii === folded);
  }

  return {
    /** Whether Romania's data is loaded: asked by every address form and checkout page, changed only by the importer. */
    status(): Promise<GeographyStatus> {
      return statusCache.get('source', async () => {
        const [row] = await db.select().from(geoMeta).where(eq(geoMeta.key, 'source'));
        return { source: row?.value === 'official' ? 'official' : 'builtin' };
      });
    },

    countries: countryList,

    async counties(): Promise<County[]> {
      const rows = [...(await allCounties())].sort((a, b) => byText(a.nameAscii, b.nameAscii));
      return rows.map((r) => ({ Cod: r.code, Nume: r.name }));
    },

    /** A county's localities for the typeahead: diacritics ignored, names starting with `q` first. */
    async localities(countyCode: string, q: string, limit: number): Promise<Locality[]> {
      const county = await countyByCodeOrName(countyCode);
      if (!county) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.county' });
      const folded = foldName(q);
      return typeahead(await countyLocalities(county.code), (l) => l.nameAscii, folded, limit).map(toLocality);
    },

    /** Street suggestions of a locality (SPEC §5's debounced lookup): one per street and number range. */
    async streets(input: {
      county: string;
      city: string;
      sector?: number;
      q: string;
      limit: number;
    }): Promise<StreetSuggestion[]> {
      const county = await countyByCodeOrName(input.county);
      if (!county) return [];
      const localities = await localitiesNamed(county.code, input.city, input.sector ?? null);
      const streetLocalities = localities.filter((l) => l.hasStreets).map((l) => l.siruta);
      const folded = streetKey(input.q);
      if (!streetLocalities.length || !folded) return [];
      return typeahead(await streetsOf(streetLocalities), (r) => r.streetAscii, folded, input.limit).map(toSuggestion);
    },

    /**
     * SPEC §7/§5 verify zip: the codes of one street. count > 1 means the shopper must choose (number
     * ranges, or a name found in several sectors); a locality without street codes answers its one
     * code with street '-'; nothing known answers count 0.
     */
    async verifyZip(input: VerifyZipInput): Promise<VerifyZipResult> {
      const county = await countyByCodeOrName(input.county);
      if (!county) return { count: 0, data: [] };
      const sector =
        input.sector === null || input.sector === undefined ? null : Number.parseInt(String(input.sector), 10);
      const localities = await localitiesNamed(
        county.code,
        input.city,
        sector !== null && sector >= 1 && sector <= 6 ? sector : null,
      );
      if (!localities.length) return { count: 0, data: [] };
      const withStreets = localities.filter((l) => l.hasStreets).map((l) => l.siruta);
      if (!withStreets.length) {
        const l = localities[0];
        return l.postalCode
          ? { count: 1, data: [{ street: '-', sector: '', zip_code: l.postalCode, numbers: '' }] }
          : { count: 0, data: [] };
      }
      const key = streetKey(input.street);
      const rows = await db
        .select()
        .from(geoStreets)
        .where(
          and(
            sql`${geoStreets.localitySiruta} in (${sql.join(
              withStreets.map((s) => sql`${s}`),
              sql`, `,
            )})`,
            eq(geoStreets.streetAscii, key),
          ),
        )
        .orderBy(asc(geoStreets.sector), asc(geoStreets.id))
        .limit(200);
      const data = rows.map(toSuggestion);
      return { count: data.length, data };
    },

    /** The locality a Romanian address names, by SIRUTA code when given, else by county and name. */
    async findLocality(countyCode: string, city: string, siruta?: number | null) {
      if (siruta) {
        const [row] = await db
          .select()
          .from(geoLocalities)
          .where(and(eq(geoLocalities.siruta, siruta), eq(geoLocalities.countyCode, countyCode)));
        if (row) return row;
      }
      const [row] = await localitiesNamed(countyCode, city, null);
      return row ?? null;
    },

    countyByCodeOrName,

    /** Whether `zip` is one of the locality's postal codes (its own, or one of its streets'). */
    async postalCodeBelongs(siruta: number, zip: string): Promise<boolean> {
      const [locality] = await db.select().from(geoLocalities).where(eq(geoLocalities.siruta, siruta));
      if (!locality) return false;
      if (locality.postalCode === zip) return true;
      if (!locality.hasStreets) return false;
      const [street] = await db
        .select({ id: geoStreets.id })
        .from(geoStreets)
        .where(and(eq(geoStreets.localitySiruta, siruta), eq(geoStreets.postalCode, zip)))
        .limit(1);
      return Boolean(street);
    },
  };
}

export type GeographyService = ReturnType<typeof createGeographyService>;
