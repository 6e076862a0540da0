import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
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
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { geoCounties, geoLocalities, geoMeta, geoStreets } from '../../db/schema';

/** Words people put before a street's name ("str.", "Bulevardul"); left out when matching it. */
const STREET_TYPE_WORDS =
  /^(str(ada|ada|\.)?|strada|bd\.?|b-dul|bulevardul|bulevard|blvd\.?|calea|cale|sos\.?|soseaua|sosea|aleea|alee|al\.|intrarea|intrare|int\.|piata|pta\.?|splaiul|splai|drumul|drum|fundatura|prelungirea)\s+/;

export function streetKey(street: string): string {
  return foldName(street).replace(STREET_TYPE_WORDS, '').trim();
}

/** LIKE's own characters in what a person typed are matched literally. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches a folded name that starts with `q`, or has a word (after a space or hyphen) that does. */
function wordPrefix(column: AnyPgColumn, q: string): SQL {
  const p = likeEscape(q);
  return or(sql`${column} like ${`${p}%`}`, sql`${column} like ${`% ${p}%`}`, sql`${column} like ${`%-${p}%`}`) as SQL;
}

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

export function createGeographyService(db: Db) {
  async function countyByCodeOrName(value: string) {
    const folded = foldName(value);
    const [row] = await db
      .select()
      .from(geoCounties)
      .where(or(eq(geoCounties.code, value.trim().toUpperCase()), eq(geoCounties.nameAscii, folded)))
      .limit(1);
    return row ?? null;
  }

  /**
   * The localities a city name may mean within a county: Bucharest's "Sector-N" (or a sector given
   * apart) is that sector; "București" alone is all six.
   */
  async function localitiesNamed(countyCode: string, city: string, sector: number | null) {
    const split = splitBucharestSector(city);
    const wantedSector = split.sector ?? sector;
    if (countyCode === 'B') {
      return db
        .select()
        .from(geoLocalities)
        .where(
          and(eq(geoLocalities.countyCode, 'B'), wantedSector ? eq(geoLocalities.sector, wantedSector) : sql`true`),
        );
    }
    return db
      .select()
      .from(geoLocalities)
      .where(and(eq(geoLocalities.countyCode, countyCode), eq(geoLocalities.nameAscii, foldName(city))))
      .orderBy(desc(geoLocalities.rank));
  }

  return {
    async status(): Promise<GeographyStatus> {
      const [row] = await db.select().from(geoMeta).where(eq(geoMeta.key, 'source'));
      return { source: row?.value === 'official' ? 'official' : 'builtin' };
    },

    countries: countryList,

    async counties(): Promise<County[]> {
      const rows = await db.select().from(geoCounties).orderBy(asc(geoCounties.nameAscii));
      return rows.map((r) => ({ Cod: r.code, Nume: r.name }));
    },

    /** A county's localities for the typeahead: diacritics ignored, names starting with `q` first. */
    async localities(countyCode: string, q: string, limit: number): Promise<Locality[]> {
      const county = await countyByCodeOrName(countyCode);
      if (!county) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.county' });
      const folded = foldName(q);
      const rows = await db
        .select()
        .from(geoLocalities)
        .where(
          and(
            eq(geoLocalities.countyCode, county.code),
            folded ? wordPrefix(geoLocalities.nameAscii, folded) : undefined,
          ),
        )
        .orderBy(
          sql`(${geoLocalities.nameAscii} like ${`${likeEscape(folded)}%`}) desc`,
          desc(geoLocalities.rank),
          asc(geoLocalities.nameAscii),
          asc(geoLocalities.siruta),
        )
        .limit(limit);
      return rows.map(toLocality);
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
      const rows = await db
        .select()
        .from(geoStreets)
        .where(
          and(
            sql`${geoStreets.localitySiruta} in (${sql.join(
              streetLocalities.map((s) => sql`${s}`),
              sql`, `,
            )})`,
            wordPrefix(geoStreets.streetAscii, folded),
          ),
        )
        .orderBy(
          sql`(${geoStreets.streetAscii} like ${`${likeEscape(folded)}%`}) desc`,
          asc(geoStreets.streetAscii),
          asc(geoStreets.sector),
          asc(geoStreets.id),
        )
        .limit(input.limit);
      return rows.map(toSuggestion);
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
