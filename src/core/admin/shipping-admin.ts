import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type AdminCarrier,
  type AdminLocker,
  type AdminPlacesPage,
  type AdminPoint,
  type AdminRate,
  type CarrierInput,
  type ImportProblem,
  type ImportReport,
  LOCKER_CSV_COLUMNS,
  type LockerRow,
  lockerRowSchema,
  MAX_IMPORT_ROWS,
  type PlaceKind,
  type PlacesQuery,
  PLACES_PAGE_SIZE,
  POINT_CSV_COLUMNS,
  type PointRow,
  pointRowSchema,
  type RateInput,
} from '../../contracts/admin-shipping';
import { AppError } from '../../contracts/errors';
import type { Bani } from '../../contracts/money';
import type { CarrierId } from '../../contracts/shipping';
import type { Db } from '../../db/client';
import { carrierLocations, carrierRates, carriers, glsLockers } from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/audit';
import type { CacheRegistry } from '../cache/registry';
import { parseCsvRecords } from '../csv';
import { containing } from '../../db/like';

type RateRow = typeof carrierRates.$inferSelect;
type LockerDbRow = typeof glsLockers.$inferSelect;
type PointDbRow = typeof carrierLocations.$inferSelect;

const rateOf = (r: RateRow): AdminRate => ({ ...r, carrierId: r.carrierId as CarrierId });

/** What the audit trail keeps of a weight band. */
const rateSnapshot = (r: RateRow) => ({
  carrierId: r.carrierId,
  countryId: r.countryId,
  maxWeightGrams: r.maxWeightGrams,
  price: r.price,
  realCost: r.realCost,
  deliveryTime: r.deliveryTime,
  freeShippingMinimum: r.freeShippingMinimum,
});

const lockerOf = (r: LockerDbRow): LockerRow => ({
  locker_id: r.lockerId,
  name: r.name,
  county: r.county,
  city: r.city,
  street: r.street,
  number: r.number,
  zip_code: r.zipCode,
});

const pointKey = (p: { carrier_id: number; country_id: string; agency: string }) =>
  `${p.carrier_id}|${p.country_id}|${p.agency.toLocaleLowerCase('ro')}`;

const pointOf = (r: PointDbRow): PointRow => ({
  carrier_id: r.carrierId as CarrierId,
  country_id: r.countryId as PointRow['country_id'],
  agency: r.agency,
  contact_info: r.contactInfo,
});

const sameJson = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** A file checked line by line: the rows it holds, or the problems that stop it. */
type Checked<Row> = { rows: Row[]; problems: ImportProblem[] };

/**
 * Reads an import file: the header must name exactly the kind's columns (any order), each line must have
 * as many cells and pass the row's schema, and no key may come twice. Every problem is kept, by line.
 */
function checkCsv<Row>(
  csv: string,
  columns: readonly string[],
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true; data: Row }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  keyOf: (row: Row) => string,
): Checked<Row> {
  const records = parseCsvRecords(csv);
  const [header, ...lines] = records;
  const problems: ImportProblem[] = [];
  const names = header?.cells.map((c) => c.trim()) ?? [];
  const missing = columns.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !columns.includes(n));
  if (!header || missing.length || unknown.length || new Set(names).size !== names.length) {
    return { rows: [], problems: [{ line: 1, field: null, message: 'validation.adminShipping.csvHeader' }] };
  }
  if (lines.length === 0)
    return { rows: [], problems: [{ line: 1, field: null, message: 'validation.adminShipping.csvEmpty' }] };
  if (lines.length > MAX_IMPORT_ROWS) {
    return { rows: [], problems: [{ line: 1, field: null, message: 'validation.adminShipping.csvTooMany' }] };
  }
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of lines) {
    if (cells.length !== names.length) {
      problems.push({ line, field: null, message: 'validation.adminShipping.csvCells' });
      continue;
    }
    const parsed = schema.safeParse(Object.fromEntries(names.map((n, i) => [n, cells[i]])));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ line, field: String(issue.path[0] ?? ''), message: issue.message });
      }
      continue;
    }
    const key = keyOf(parsed.data);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ line, field: null, message: 'validation.adminShipping.csvDuplicate' });
      continue;
    }
    seen.set(key, line);
    rows.push(parsed.data);
  }
  return { rows, problems };
}

/**
 * The back office's shipping screens (issue 13 item 5): carriers, rates by country and weight, free-shipping
 * minimums, GLS lockers and agencies' pickup points. Each write is one transaction with its audit row, and
 * clears the `carriers` caches (the checkout's carriers, the cart's free-shipping meter, the HTML cache)
 * after the commit.
 */
export function createShippingAdmin(db: Db, caches: CacheRegistry) {
  /**
   * Rate writes of one carrier take turns on its row: the check that no other band has the same upper bound
   * (the unique index does not see two "any weight" bands, nulls being distinct) holds until the commit.
   */
  async function lockCarrier(tx: Tx, carrierId: CarrierId): Promise<void> {
    const [row] = await tx.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, carrierId)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
  }

  async function checkNoOverlap(tx: Tx, input: RateInput, exceptId: number | null): Promise<void> {
    const sameBand = and(
      eq(carrierRates.carrierId, input.carrierId),
      eq(carrierRates.countryId, input.countryId),
      input.maxWeightGrams === null
        ? isNull(carrierRates.maxWeightGrams)
        : eq(carrierRates.maxWeightGrams, input.maxWeightGrams),
      exceptId === null ? undefined : ne(carrierRates.id, exceptId),
    );
    const [{ n }] = await tx.select({ n: count() }).from(carrierRates).where(sameBand);
    if (n > 0) throw new AppError('CONFLICT', { fields: { maxWeightGrams: 'validation.adminShipping.bandOverlap' } });
  }

  /** The free-shipping minimum of a carrier to a country: the one its bands share (the first set, else none). */
  async function minimumOf(tx: Tx | Db, carrierId: CarrierId, countryId: string): Promise<Bani | null> {
    const bands = await tx
      .select({ minimum: carrierRates.freeShippingMinimum })
      .from(carrierRates)
      .where(and(eq(carrierRates.carrierId, carrierId), eq(carrierRates.countryId, countryId)));
    return bands.find((b) => b.minimum !== null)?.minimum ?? null;
  }

  async function audited<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, work);
    caches.invalidate('carriers');
    return result;
  }

  async function lockersPage(query: PlacesQuery): Promise<AdminPlacesPage<AdminLocker>> {
    const like = query.q ? containing(query.q) : null;
    const where = like
      ? or(
          ilike(glsLockers.lockerId, like),
          ilike(glsLockers.name, like),
          ilike(glsLockers.city, like),
          ilike(glsLockers.county, like),
          ilike(glsLockers.zipCode, like),
        )
      : undefined;
    const [{ total }] = await db.select({ total: count() }).from(glsLockers).where(where);
    const rows = await db
      .select()
      .from(glsLockers)
      .where(where)
      .orderBy(asc(glsLockers.city), asc(glsLockers.name), asc(glsLockers.lockerId))
      .limit(PLACES_PAGE_SIZE)
      .offset((query.page - 1) * PLACES_PAGE_SIZE);
    return page(rows, total, query.page);
  }

  async function pointsPage(query: PlacesQuery): Promise<AdminPlacesPage<AdminPoint>> {
    const like = query.q ? containing(query.q) : null;
    const where: SQL | undefined = like
      ? or(
          ilike(carrierLocations.agency, like),
          ilike(carrierLocations.contactInfo, like),
          ilike(carrierLocations.countryId, like),
          ilike(carriers.name, like),
        )
      : undefined;
    const [{ total }] = await db
      .select({ total: count() })
      .from(carrierLocations)
      .innerJoin(carriers, eq(carriers.id, carrierLocations.carrierId))
      .where(where);
    const rows = await db
      .select({ point: carrierLocations, carrierName: carriers.name })
      .from(carrierLocations)
      .innerJoin(carriers, eq(carriers.id, carrierLocations.carrierId))
      .where(where)
      .orderBy(
        asc(carriers.name),
        asc(carrierLocations.countryId),
        asc(carrierLocations.agency),
        asc(carrierLocations.id),
      )
      .limit(PLACES_PAGE_SIZE)
      .offset((query.page - 1) * PLACES_PAGE_SIZE);
    return page(
      rows.map(({ point, carrierName }) => ({
        id: point.id,
        carrierId: point.carrierId as CarrierId,
        carrierName,
        countryId: point.countryId,
        agency: point.agency,
        contactInfo: point.contactInfo,
        isDemo: point.isDemo,
      })),
      total,
      query.page,
    );
  }

  function page<T>(items: T[], total: number, current: number): AdminPlacesPage<T> {
    return { rows: items, total, page: current, lastPage: Math.max(1, Math.ceil(total / PLACES_PAGE_SIZE)) };
  }

  /** Compares the checked rows with the table: what is new, what changes (with the old values), the rest. */
  async function compare(kind: PlaceKind, checked: Checked<LockerRow> | Checked<PointRow>, on: Tx | Db) {
    if (kind === 'lockers') {
      const rows = checked.rows as LockerRow[];
      const ids = rows.map((r) => r.locker_id);
      const existing = new Map<string, LockerRow>();
      for (let i = 0; i < ids.length; i += 1000) {
        const found = await on
          .select()
          .from(glsLockers)
          .where(inArray(glsLockers.lockerId, ids.slice(i, i + 1000)));
        for (const r of found) existing.set(r.lockerId, lockerOf(r));
      }
      const added = rows.filter((r) => !existing.has(r.locker_id));
      const changed = rows.filter((r) => {
        const old = existing.get(r.locker_id);
        return old !== undefined && !sameJson(old, r);
      });
      return {
        added,
        changed,
        before: changed.map((r) => existing.get(r.locker_id)),
        unchanged: rows.length - added.length - changed.length,
        ids: new Map<string, number>(),
      };
    }
    const rows = checked.rows as PointRow[];
    const all = await on.select().from(carrierLocations);
    const existing = new Map(all.map((r) => [pointKey(pointOf(r)), r]));
    const added = rows.filter((r) => !existing.has(pointKey(r)));
    const changed = rows.filter((r) => {
      const old = existing.get(pointKey(r));
      return old !== undefined && !sameJson(pointOf(old), r);
    });
    return {
      added,
      changed,
      before: changed.map((r) => {
        const old = existing.get(pointKey(r));
        return old && pointOf(old);
      }),
      unchanged: rows.length - added.length - changed.length,
      ids: new Map(changed.map((r) => [pointKey(r), existing.get(pointKey(r))?.id ?? 0])),
    };
  }

  function check(kind: PlaceKind, csv: string): Checked<LockerRow> | Checked<PointRow> {
    return kind === 'lockers'
      ? checkCsv(csv, LOCKER_CSV_COLUMNS, lockerRowSchema, (r) => r.locker_id.toLowerCase())
      : checkCsv(csv, POINT_CSV_COLUMNS, pointRowSchema, pointKey);
  }

  return {
    async carriers(): Promise<AdminCarrier[]> {
      const rows = await db.select().from(carriers).orderBy(asc(carriers.position), asc(carriers.id));
      return rows.map((r) => ({ ...r, id: r.id as CarrierId }));
    },

    async updateCarrier(staffId: number, id: CarrierId, input: CarrierInput): Promise<void> {
      await audited(async (tx) => {
        const [before] = await tx.select().from(carriers).where(eq(carriers.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND');
        const [after] = await tx
          .update(carriers)
          .set({ name: input.name, trackingUrl: input.trackingUrl, active: input.active })
          .where(eq(carriers.id, id))
          .returning();
        const snapshot = (c: typeof before) => ({ name: c.name, trackingUrl: c.trackingUrl, active: c.active });
        await recordAudit(tx, {
          staffId,
          action: 'carrier.update',
          entity: 'carrier',
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
        });
      });
    },

    /** A carrier's bands to one country, lightest first, "any weight" last. */
    async rates(carrierId: CarrierId, countryId: string): Promise<AdminRate[]> {
      const rows = await db
        .select()
        .from(carrierRates)
        .where(and(eq(carrierRates.carrierId, carrierId), eq(carrierRates.countryId, countryId)))
        .orderBy(sql`${carrierRates.maxWeightGrams} asc nulls last`);
      return rows.map(rateOf);
    },

    /** A new band; it takes the free-shipping minimum the carrier's other bands to the country have. */
    async addRate(staffId: number, input: RateInput): Promise<AdminRate> {
      return audited(async (tx) => {
        await lockCarrier(tx, input.carrierId);
        await checkNoOverlap(tx, input, null);
        const freeShippingMinimum = await minimumOf(tx, input.carrierId, input.countryId);
        const [created] = await tx
          .insert(carrierRates)
          .values({ ...input, freeShippingMinimum })
          .returning();
        await recordAudit(tx, {
          staffId,
          action: 'rate.create',
          entity: 'rate',
          entityId: created.id,
          before: null,
          after: rateSnapshot(created),
        });
        return rateOf(created);
      });
    },

    async editRate(staffId: number, id: number, input: RateInput): Promise<void> {
      await audited(async (tx) => {
        const [current] = await tx.select().from(carrierRates).where(eq(carrierRates.id, id));
        if (!current) throw new AppError('NOT_FOUND');
        // A band stays with its carrier and country: the screen edits the weight and the amounts.
        if (current.carrierId !== input.carrierId || current.countryId !== input.countryId) {
          throw new AppError('VALIDATION', { fields: { carrierId: 'validation.adminShipping.carrier' } });
        }
        await lockCarrier(tx, input.carrierId);
        await checkNoOverlap(tx, input, id);
        const [after] = await tx
          .update(carrierRates)
          .set({
            maxWeightGrams: input.maxWeightGrams,
            price: input.price,
            realCost: input.realCost,
            deliveryTime: input.deliveryTime,
            isDemo: false,
          })
          .where(eq(carrierRates.id, id))
          .returning();
        await recordAudit(tx, {
          staffId,
          action: 'rate.update',
          entity: 'rate',
          entityId: id,
          before: rateSnapshot(current),
          after: rateSnapshot(after),
        });
      });
    },

    async deleteRate(staffId: number, id: number): Promise<void> {
      await audited(async (tx) => {
        const [before] = await tx.delete(carrierRates).where(eq(carrierRates.id, id)).returning();
        if (!before) throw new AppError('NOT_FOUND');
        await recordAudit(tx, {
          staffId,
          action: 'rate.delete',
          entity: 'rate',
          entityId: id,
          before: rateSnapshot(before),
          after: null,
        });
      });
    },

    /** The carrier's free-shipping minimum to the country, on every band (null: never free). */
    async setFreeMinimum(
      staffId: number,
      carrierId: CarrierId,
      countryId: string,
      minimum: Bani | null,
    ): Promise<void> {
      await audited(async (tx) => {
        await lockCarrier(tx, carrierId);
        const old = await minimumOf(tx, carrierId, countryId);
        const changed = await tx
          .update(carrierRates)
          .set({ freeShippingMinimum: minimum })
          .where(and(eq(carrierRates.carrierId, carrierId), eq(carrierRates.countryId, countryId)))
          .returning({ id: carrierRates.id });
        if (!changed.length)
          throw new AppError('VALIDATION', { fields: { minimum: 'validation.adminShipping.noRates' } });
        await recordAudit(tx, {
          staffId,
          action: 'rate.free-minimum',
          entity: 'rate',
          entityId: `${carrierId}:${countryId}`,
          before: { freeShippingMinimum: old },
          after: { freeShippingMinimum: minimum },
        });
      });
    },

    minimumOf: (carrierId: CarrierId, countryId: string) => minimumOf(db, carrierId, countryId),

    lockers: lockersPage,
    points: pointsPage,

    /** What importing the file would do, changing nothing. */
    async previewImport(kind: PlaceKind, csv: string): Promise<ImportReport> {
      const checked = check(kind, csv);
      const base = { kind, rows: checked.rows.length, problems: checked.problems };
      if (checked.problems.length) return { ...base, added: 0, changed: 0, unchanged: 0 };
      const diff = await compare(kind, checked, db);
      return { ...base, added: diff.added.length, changed: diff.changed.length, unchanged: diff.unchanged };
    },

    /**
     * Imports the file in one transaction: new rows added, known ones (a locker by its id, a pickup point by
     * carrier, country and agency) updated; rows not in the file stay. A file with any problem changes nothing.
     */
    async applyImport(staffId: number, kind: PlaceKind, csv: string): Promise<ImportReport> {
      const checked = check(kind, csv);
      if (checked.problems.length) {
        return { kind, rows: checked.rows.length, added: 0, changed: 0, unchanged: 0, problems: checked.problems };
      }
      const report = await audited(async (tx) => {
        // Imports and rate writes take turns: the comparison below holds until the commit.
        await tx.select({ id: carriers.id }).from(carriers).for('update');
        const diff = await compare(kind, checked, tx);
        if (kind === 'lockers') {
          const upsert = [...(diff.added as LockerRow[]), ...(diff.changed as LockerRow[])];
          for (let i = 0; i < upsert.length; i += 500) {
            await tx
              .insert(glsLockers)
              .values(
                upsert.slice(i, i + 500).map((r) => ({
                  lockerId: r.locker_id,
                  name: r.name,
                  county: r.county,
                  city: r.city,
                  street: r.street,
                  number: r.number,
                  zipCode: r.zip_code,
                  isDemo: false,
                })),
              )
              .onConflictDoUpdate({
                target: glsLockers.lockerId,
                set: {
                  name: sql`excluded.name`,
                  county: sql`excluded.county`,
                  city: sql`excluded.city`,
                  street: sql`excluded.street`,
                  number: sql`excluded.number`,
                  zipCode: sql`excluded.zip_code`,
                  isDemo: false,
                },
              });
          }
        } else {
          const added = diff.added as PointRow[];
          for (let i = 0; i < added.length; i += 500) {
            await tx.insert(carrierLocations).values(
              added.slice(i, i + 500).map((r) => ({
                carrierId: r.carrier_id,
                countryId: r.country_id,
                agency: r.agency,
                contactInfo: r.contact_info,
              })),
            );
          }
          const ids = diff.ids;
          for (const r of diff.changed as PointRow[]) {
            await tx
              .update(carrierLocations)
              .set({ contactInfo: r.contact_info, agency: r.agency, isDemo: false })
              .where(eq(carrierLocations.id, ids.get(pointKey(r)) ?? 0));
          }
        }
        const result: ImportReport = {
          kind,
          rows: checked.rows.length,
          added: diff.added.length,
          changed: diff.changed.length,
          unchanged: diff.unchanged,
          problems: [],
        };
        await recordAudit(tx, {
          staffId,
          action: kind === 'lockers' ? 'lockers.import' : 'pickup-points.import',
          entity: kind === 'lockers' ? 'gls-locker' : 'pickup-point',
          entityId: 'csv',
          before: { changed: diff.before },
          after: { added: diff.added, changed: diff.changed },
        });
        return result;
      });
      return report;
    },

    async deleteLocker(staffId: number, lockerId: string): Promise<void> {
      await audited(async (tx) => {
        const [before] = await tx.delete(glsLockers).where(eq(glsLockers.lockerId, lockerId)).returning();
        if (!before) throw new AppError('NOT_FOUND');
        await recordAudit(tx, {
          staffId,
          action: 'locker.delete',
          entity: 'gls-locker',
          entityId: lockerId,
          before: lockerOf(before),
          after: null,
        });
      });
    },

    async deletePoint(staffId: number, id: number): Promise<void> {
      await audited(async (tx) => {
        const [before] = await tx.delete(carrierLocations).where(eq(carrierLocations.id, id)).returning();
        if (!before) throw new AppError('NOT_FOUND');
        await recordAudit(tx, {
          staffId,
          action: 'pickup-point.delete',
          entity: 'pickup-point',
          entityId: id,
          before: pointOf(before),
          after: null,
        });
      });
    },
  };
}

export type ShippingAdmin = ReturnType<typeof createShippingAdmin>;
