import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { GLS_DOMESTIC_FREE_SHIPPING_MINIMUM } from '../../contracts/cart';
import { CARRIER, type CarrierId } from '../../contracts/shipping';
import { COUNTRIES, type CountryId, ROMANIA } from '../../contracts/geography';
import type { Db } from '../client';
import {
  carrierLocations,
  carrierRates,
  carriers,
  geoCounties,
  geoLocalities,
  geoStreets,
  glsLockers,
} from '../schema';
import { Random } from './random';

/** The seven carriers of SPEC §3, the shop's own facts (not demo): names, tracking pages, GLS's free shipping. */
const CARRIERS: { id: CarrierId; name: string; trackingUrl: string | null }[] = [
  {
    id: CARRIER.GLSDomiciliu,
    name: 'GLS',
    trackingUrl: 'https://gls-group.com/RO/ro/urmarire-colet?match={awb}',
  },
  {
    id: CARRIER.GLSLocker,
    name: 'GLS Locker',
    trackingUrl: 'https://gls-group.com/RO/ro/urmarire-colet?match={awb}',
  },
  { id: CARRIER.Pickup, name: 'Ridicare din depozit (Arad)', trackingUrl: null },
  { id: CARRIER.TabitaTour, name: 'Tabita Tour', trackingUrl: null },
  { id: CARRIER.Atlassib, name: 'Atlassib', trackingUrl: null },
  { id: CARRIER.Tarsin, name: 'Tarsin', trackingUrl: null },
  {
    id: CARRIER.PostaInternationala,
    name: 'Poșta Română International',
    trackingUrl: 'https://www.posta-romana.ro/track-trace.html?awb={awb}',
  },
];

/**
 * SPEC §9: GLS in Romania is 19 lei a parcel whatever its weight, 1–2 working days, free from 200 lei (the cart's
 * GLS_DOMESTIC_FREE_SHIPPING_MINIMUM). Depot pickup is free.
 */
const DOMESTIC = [
  {
    carrierId: CARRIER.GLSDomiciliu,
    price: 1900,
    realCost: 1500,
    deliveryTime: '1-2',
    freeShippingMinimum: GLS_DOMESTIC_FREE_SHIPPING_MINIMUM,
  },
  {
    carrierId: CARRIER.GLSLocker,
    price: 1900,
    realCost: 1300,
    deliveryTime: '1-2',
    freeShippingMinimum: GLS_DOMESTIC_FREE_SHIPPING_MINIMUM,
  },
  { carrierId: CARRIER.Pickup, price: 0, realCost: 0, deliveryTime: null, freeShippingMinimum: null },
];

/** SPEC §9's GLS International delivery times; countries not listed are served with no time given. */
const GLS_TIMES: Partial<Record<CountryId, string>> = {
  AT: '3-4',
  DE: '4-6',
  NL: '4-6',
  BE: '4-6',
  IT: '5-7',
  FR: '6-8',
  ES: '7-9',
  DK: '7-9',
};
/** SPEC §9: these go only by Poșta Română International. */
const POST_ONLY: CountryId[] = ['GR', 'FI'];

/** Where each agency has pickup points (demo), and its base fee; SPEC §9: 2–4 working days. */
const AGENCIES: { carrierId: CarrierId; name: string; countries: CountryId[]; base: number }[] = [
  {
    carrierId: CARRIER.TabitaTour,
    name: 'Tabita Tour',
    countries: ['DE', 'AT', 'IT', 'ES', 'BE', 'NL', 'FR'],
    base: 3500,
  },
  {
    carrierId: CARRIER.Atlassib,
    name: 'Atlassib',
    countries: ['DE', 'AT', 'IT', 'ES', 'BE', 'NL', 'FR', 'HU', 'CZ', 'PL', 'PT', 'DK'],
    base: 4000,
  },
  { carrierId: CARRIER.Tarsin, name: 'Tarsin', countries: ['DE', 'AT', 'IT', 'ES', 'BE'], base: 3000 },
];

/** Cities of each country where the demo pickup points are. */
const CITIES: Partial<Record<CountryId, string[]>> = {
  DE: ['Berlin', 'München', 'Stuttgart', 'Nürnberg', 'Frankfurt am Main'],
  AT: ['Wien', 'Linz', 'Graz'],
  IT: ['Roma', 'Torino', 'Milano', 'Padova'],
  ES: ['Madrid', 'Castellón de la Plana', 'Valencia', 'Zaragoza'],
  BE: ['Bruxelles', 'Antwerpen'],
  NL: ['Amsterdam', 'Rotterdam'],
  FR: ['Paris', 'Lyon', 'Marseille'],
  HU: ['Budapest', 'Szeged'],
  CZ: ['Praha', 'Brno'],
  PL: ['Warszawa', 'Kraków'],
  PT: ['Lisboa', 'Porto'],
  DK: ['København'],
};

/** Weight bands (grams) of the international rates: each step adds to the base fee. */
const BANDS = [1000, 2000, 5000, 10_000, 20_000, 30_000];
const BAND_STEP = [0, 800, 2000, 4000, 7000, 10_000];

/** Distance groups for the demo fees of Poșta Română International and GLS International. */
const NEAR: CountryId[] = ['BG', 'HU', 'RS', 'SK', 'CZ', 'SI', 'HR', 'AT', 'GR'];
const FAR: CountryId[] = ['ES', 'PT', 'FR', 'DK', 'FI'];
const baseFee = (country: CountryId, near: number, mid: number, far: number) =>
  NEAR.includes(country) ? near : FAR.includes(country) ? far : mid;

function bandRows(carrierId: CarrierId, countryId: CountryId, base: number, deliveryTime: string | null) {
  return BANDS.map((maxWeightGrams, i) => {
    const price = base + BAND_STEP[i];
    return {
      carrierId,
      countryId,
      maxWeightGrams,
      price,
      realCost: Math.round(price * 0.8),
      deliveryTime,
      isDemo: true,
    };
  });
}

/**
 * The carriers (always: the shop cannot take an order without them), and with `demo` the international fees,
 * the agencies' pickup points and a few hundred GLS lockers in real Romanian localities, labelled demo. Runs
 * after the address data is loaded (the lockers take their localities, streets and postal codes from it).
 * Does nothing for a part already there.
 */
export async function seedShippingData(db: Db, options: { demo: boolean }): Promise<void> {
  const [{ n: carrierCount }] = await db.select({ n: count() }).from(carriers);
  if (carrierCount === 0) {
    await db.transaction(async (tx) => {
      await tx.insert(carriers).values(CARRIERS.map((c, position) => ({ ...c, position })));
      await tx
        .insert(carrierRates)
        .values(DOMESTIC.map((r) => ({ ...r, countryId: ROMANIA, maxWeightGrams: null, isDemo: false })));
    });
  }
  if (!options.demo) return;

  const [{ n: locationCount }] = await db.select({ n: count() }).from(carrierLocations);
  if (locationCount === 0) {
    await db.transaction(async (tx) => {
      const abroad = COUNTRIES.map((c) => c.id).filter((id) => id !== ROMANIA);
      const rates = abroad.flatMap((country) => [
        ...bandRows(CARRIER.PostaInternationala, country, baseFee(country, 5500, 6500, 7500), null),
        ...(POST_ONLY.includes(country)
          ? []
          : bandRows(CARRIER.GLSDomiciliu, country, baseFee(country, 6000, 7500, 9000), GLS_TIMES[country] ?? null)),
      ]);
      const agencyRates = AGENCIES.flatMap((a) =>
        a.countries.map((country) =>
          bandRows(a.carrierId, country, a.base + (FAR.includes(country) ? 1500 : 0), '2-4'),
        ),
      ).flat();
      await tx.insert(carrierRates).values([...rates, ...agencyRates]);
      const random = new Random(7);
      const locations = AGENCIES.flatMap((a) =>
        a.countries.flatMap((country) =>
          (CITIES[country] ?? []).slice(0, random.int(2, 5)).map((city, i) => ({
            carrierId: a.carrierId,
            countryId: country,
            agency: `${a.name} ${city}`,
            contactInfo: `${city}, punct de ridicare ${i + 1} (demo) · tel. +40 700 000 ${String(100 + i).padStart(3, '0')}`,
            isDemo: true,
          })),
        ),
      );
      await tx.insert(carrierLocations).values(locations);
    });
  }

  const [{ n: lockerCount }] = await db.select({ n: count() }).from(glsLockers);
  if (lockerCount === 0) await seedDemoLockers(db);
}

/** About 300 lockers: several in each city with street-level postal codes, one in other towns. */
async function seedDemoLockers(db: Db): Promise<void> {
  const random = new Random(11);
  const counties = new Map((await db.select().from(geoCounties)).map((c) => [c.code, c.name]));
  const places = await db
    .select()
    .from(geoLocalities)
    .where(isNotNull(geoLocalities.postalCode))
    .orderBy(desc(geoLocalities.hasStreets), desc(geoLocalities.rank), asc(geoLocalities.siruta))
    .limit(220);
  const cities = places.filter((p) => p.hasStreets).map((p) => p.siruta);
  const streets = cities.length
    ? await db
        .select()
        .from(geoStreets)
        .where(and(inArray(geoStreets.localitySiruta, cities), eq(geoStreets.numbers, '')))
        .orderBy(asc(geoStreets.id))
    : [];
  const byCity = new Map<number, (typeof streets)[number][]>();
  for (const street of streets) {
    const list = byCity.get(street.localitySiruta);
    if (list) list.push(street);
    else byCity.set(street.localitySiruta, [street]);
  }
  const rows: (typeof glsLockers.$inferInsert)[] = [];
  for (const place of places) {
    const county = counties.get(place.countyCode) ?? place.countyCode;
    const cityStreets = byCity.get(place.siruta) ?? [];
    const howMany = cityStreets.length ? Math.min(4, cityStreets.length) : 1;
    for (let i = 0; i < howMany; i++) {
      const street = cityStreets.length ? cityStreets[random.int(0, cityStreets.length - 1)] : null;
      rows.push({
        lockerId: `RO-${place.siruta}-${i + 1}`,
        name: `GLS Locker ${place.name}${howMany > 1 ? ` ${i + 1}` : ''} (demo)`,
        county,
        city: place.name,
        street: street?.street ?? 'Strada Principală',
        number: String(random.int(1, 120)),
        zipCode: street?.postalCode ?? place.postalCode ?? '',
        isDemo: true,
      });
    }
  }
  if (rows.length) await db.insert(glsLockers).values(rows);
}

/** How many rows each shipping table holds (the seed's tests; the back office's overview later). */
export async function shippingSeedCounts(db: Db) {
  const [c, r, l, g] = await Promise.all([
    db.$count(carriers),
    db.$count(carrierRates),
    db.$count(carrierLocations),
    db.$count(glsLockers),
  ]);
  return { carriers: c, rates: r, locations: l, lockers: g };
}
