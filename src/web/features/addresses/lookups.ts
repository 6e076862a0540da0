import type { Country, County, Locality, StreetSuggestion, VerifyZipResult } from '../../../contracts/geography';

/** What the address form needs besides the address: the lists, and whether Romania's data is loaded. */
export interface AddressLookups {
  countries: Country[];
  counties: County[];
  source: 'official' | 'builtin';
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The lists of the modal, from the geography API (countries named in the language cookie's language); the no-JS pages get them from their loader. */
export async function fetchLookups(): Promise<AddressLookups> {
  const [countries, counties, status] = await Promise.all([
    fetch('/api/geography/countries').then((r) => json<Country[]>(r)),
    fetch('/api/geography/counties').then((r) => json<County[]>(r)),
    fetch('/api/geography/status').then((r) => json<{ source: AddressLookups['source'] }>(r)),
  ]);
  return { countries, counties, source: status.source };
}

export function fetchLocalities(county: string, q: string, signal: AbortSignal): Promise<Locality[]> {
  const query = new URLSearchParams({ q, limit: '15' });
  return fetch(`/api/geography/counties/${encodeURIComponent(county)}/localities?${query}`, { signal }).then((r) =>
    json<Locality[]>(r),
  );
}

export function fetchStreets(
  place: { county: string; city: string; sector: number | null },
  q: string,
  signal: AbortSignal,
): Promise<StreetSuggestion[]> {
  const query = new URLSearchParams({ county: place.county, city: place.city, q, limit: '20' });
  if (place.sector) query.set('sector', String(place.sector));
  return fetch(`/api/geography/streets?${query}`, { signal }).then((r) => json<StreetSuggestion[]>(r));
}

/** SPEC §7 Verify zip. */
export function verifyZip(input: {
  county: string;
  city: string;
  sector: number | null;
  street: string;
}): Promise<VerifyZipResult> {
  return fetch('/api/zip-codes/verify-zip-codes', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  }).then((r) => json<VerifyZipResult>(r));
}
