import { asc, inArray } from 'drizzle-orm';
import { type CountryId, countryName, foldName, ROMANIA } from '../../contracts/geography';
import type { Bani } from '../../contracts/money';
import {
  type CarrierId,
  type CarrierLocation,
  type CarrierOption,
  DELIVERY_OPTION,
  type GlsLocker,
  isCarrierId,
  type PaymentMethod,
} from '../../contracts/shipping';
import type { Db } from '../../db/client';
import { carrierLocations, carrierRates, carriers, glsLockers, products } from '../../db/schema';
import type { CacheRegistry } from '../cache/registry';

export interface CarrierQuery {
  countryId: CountryId;
  items: readonly { productId: number; quantity: number }[];
  /** Carried for SPEC §7's payload; no fee depends on it (SPEC §9: GLS costs the same with cash on delivery). */
  paymentMethod?: PaymentMethod | null;
  /** Bani: the cart's products after discounts, which decides free shipping. */
  cartTotal: Bani;
}

type CarrierRow = typeof carriers.$inferSelect;
type RateRow = typeof carrierRates.$inferSelect;
type LocationRow = typeof carrierLocations.$inferSelect;
type LockerRow = typeof glsLockers.$inferSelect;

interface ShippingTables {
  carriers: CarrierRow[];
  /** Per carrier and country, the bands by weight, smallest first, the any-weight band last. */
  rates: Map<string, RateRow[]>;
  locations: Map<string, LocationRow[]>;
  lockers: (LockerRow & { cityAscii: string })[];
}

const key = (carrierId: number, countryId: string) => `${carrierId}|${countryId}`;

const WEIGHTS_TTL_MS = 60_000;
const MAX_WEIGHTS = 50_000;

/** The band of a carrier's rates that holds a parcel of `grams`; null when it is too heavy for every band. */
function bandFor(bands: readonly RateRow[], grams: number): RateRow | null {
  return bands.find((b) => b.maxWeightGrams === null || grams <= b.maxWeightGrams) ?? null;
}

/** Carriers, their rates and places (issue 11): the checkout asks on every change, so they are held in memory. */
export function createShippingService(db: Db, caches: CacheRegistry) {
  const tables = caches.ttlCache<ShippingTables>('shipping tables', ['carriers'], { max: 1, ttlMs: 60_000 });

  const load = () =>
    tables.get('all', async () => {
      const [carrierRows, rateRows, locationRows, lockerRows] = await Promise.all([
        db.select().from(carriers).orderBy(asc(carriers.position)),
        db.select().from(carrierRates),
        db.select().from(carrierLocations).orderBy(asc(carrierLocations.agency), asc(carrierLocations.id)),
        db.select().from(glsLockers).orderBy(asc(glsLockers.city), asc(glsLockers.name)),
      ]);
      const rates = new Map<string, RateRow[]>();
      for (const rate of rateRows) {
        const k = key(rate.carrierId, rate.countryId);
        const bands = rates.get(k);
        if (bands) bands.push(rate);
        else rates.set(k, [rate]);
      }
      for (const bands of rates.values()) {
        bands.sort(
          (a, b) => (a.maxWeightGrams ?? Number.MAX_SAFE_INTEGER) - (b.maxWeightGrams ?? Number.MAX_SAFE_INTEGER),
        );
      }
      const locations = new Map<string, LocationRow[]>();
      for (const location of locationRows) {
        const k = key(location.carrierId, location.countryId);
        const list = locations.get(k);
        if (list) list.push(location);
        else locations.set(k, [location]);
      }
      const lockers = lockerRows.map((l) => ({ ...l, cityAscii: foldName(l.city) }));
      return { carriers: carrierRows, rates, locations, lockers };
    });

  // Products' weights (grams), asked by every carriers call and checkout view: kept until a product changes (tag
  // `products`) or, for a change made by another process, for WEIGHTS_TTL_MS.
  const weights = new Map<number, number>();
  let weightsSince = Date.now();
  caches.register('product weights', ['products'], () => weights.clear());

  /** The parcel's weight: the products' weights times their quantities (grams). */
  async function weightOf(items: CarrierQuery['items']): Promise<number> {
    if (Date.now() - weightsSince > WEIGHTS_TTL_MS) {
      weights.clear();
      weightsSince = Date.now();
    }
    const missing = [...new Set(items.map((i) => i.productId))].filter((id) => !weights.has(id));
    if (missing.length) {
      const rows = await db
        .select({ id: products.id, grams: products.weightGrams })
        .from(products)
        .where(inArray(products.id, missing));
      if (weights.size + rows.length > MAX_WEIGHTS) weights.clear();
      for (const row of rows) weights.set(row.id, row.grams);
    }
    return items.reduce((sum, i) => sum + (weights.get(i.productId) ?? 0) * i.quantity, 0);
  }

  function option(carrier: CarrierRow, band: RateRow, cartTotal: Bani): CarrierOption {
    const minimum = band.freeShippingMinimum;
    const free = minimum !== null && cartTotal >= minimum;
    return {
      id: carrier.id as CarrierId,
      name: carrier.name,
      delivery_option: DELIVERY_OPTION[carrier.id as CarrierId],
      price: band.price,
      shippingCost: free ? 0 : band.price,
      real_delivery_cost: band.realCost,
      free_shipping_minimum: minimum,
      // SPEC §9: the remaining amount is shown while the carrier still costs something.
      free_shipping_threshold_remaining: minimum !== null && band.price > 0 ? Math.max(0, minimum - cartTotal) : 0,
      tracking_url: carrier.trackingUrl,
      delivery_time: band.deliveryTime,
    };
  }

  /** The carriers that serve a country and a parcel, in the shop's order, with their costs for this cart. */
  async function carriersFor(query: CarrierQuery): Promise<CarrierOption[]> {
    const [data, grams] = await Promise.all([load(), weightOf(query.items)]);
    const offered: CarrierOption[] = [];
    for (const carrier of data.carriers) {
      if (!carrier.active || !isCarrierId(carrier.id)) continue;
      const band = bandFor(data.rates.get(key(carrier.id, query.countryId)) ?? [], grams);
      if (!band) continue;
      // An agency without a pickup point in the country cannot take the parcel there.
      if (DELIVERY_OPTION[carrier.id] === 'agency' && !data.locations.has(key(carrier.id, query.countryId))) continue;
      offered.push(option(carrier, band, query.cartTotal));
    }
    return offered;
  }

  function toLocation(row: LocationRow, lang: 'ro' | 'en'): CarrierLocation {
    return {
      id: row.id,
      carrier_id: row.carrierId as CarrierId,
      agency: row.agency,
      country_id: row.countryId as CountryId,
      country_name: countryName(row.countryId, lang),
      location_contact_info: row.contactInfo,
    };
  }

  const toLocker = (row: LockerRow): GlsLocker => ({
    locker_id: row.lockerId,
    location_name: row.name,
    country: ROMANIA,
    county: row.county,
    city: row.city,
    street: row.street,
    number: row.number,
    zip_code: row.zipCode,
  });

  return {
    carriersFor,

    /** One carrier's offer for this cart and country; null when it does not serve them. */
    async quote(query: CarrierQuery & { carrierId: CarrierId }): Promise<CarrierOption | null> {
      return (await carriersFor(query)).find((c) => c.id === query.carrierId) ?? null;
    },

    /** An agency's pickup points in a country, sorted by agency (SPEC §4: the first is preselected). */
    async locations(carrierId: CarrierId, countryId: CountryId, lang: 'ro' | 'en' = 'ro'): Promise<CarrierLocation[]> {
      return ((await load()).locations.get(key(carrierId, countryId)) ?? []).map((l) => toLocation(l, lang));
    },

    async location(id: number, lang: 'ro' | 'en' = 'ro'): Promise<CarrierLocation | null> {
      for (const list of (await load()).locations.values()) {
        const found = list.find((l) => l.id === id);
        if (found) return toLocation(found, lang);
      }
      return null;
    },

    /**
     * Lockers whose locality starts with the text (diacritics ignored) or whose postal code starts with the
     * digits; all of them, by locality, for an empty text. At most `limit`.
     */
    async lockers(query: { query?: string; limit?: number }): Promise<GlsLocker[]> {
      const text = foldName(query.query ?? '');
      const limit = query.limit ?? 50;
      const all = (await load()).lockers;
      const matching = text
        ? all.filter((l) => (/^\d+$/.test(text) ? l.zipCode.startsWith(text) : l.cityAscii.startsWith(text)))
        : all;
      return matching.slice(0, limit).map(toLocker);
    },

    async locker(lockerId: string): Promise<GlsLocker | null> {
      const found = (await load()).lockers.find((l) => l.lockerId === lockerId);
      return found ? toLocker(found) : null;
    },

    /**
     * The cart total from which a carrier to a country is free (SPEC §9: GLS in Romania), as its lightest band
     * says; null when it never is. The cart's free-shipping meter reads it, so a change in the back office shows
     * there as soon as the `carriers` caches are cleared.
     */
    async freeShippingMinimum(carrierId: CarrierId, countryId: CountryId): Promise<Bani | null> {
      const data = await load();
      if (!data.carriers.find((c) => c.id === carrierId)?.active) return null;
      const bands = data.rates.get(key(carrierId, countryId)) ?? [];
      return bands.find((b) => b.freeShippingMinimum !== null)?.freeShippingMinimum ?? null;
    },

    /** The carrier rows, for names (the order's snapshot) and the back office. */
    async carrier(id: CarrierId): Promise<{ id: CarrierId; name: string; trackingUrl: string | null } | null> {
      const found = (await load()).carriers.find((c) => c.id === id);
      return found ? { id, name: found.name, trackingUrl: found.trackingUrl } : null;
    },
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;
