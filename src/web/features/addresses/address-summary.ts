import type { ClientAddress } from '../../../contracts/addresses';

/** One line naming an address: street and number, locality, postal code. */
export function addressSummary(a: ClientAddress): string {
  const street = [a.street && a.street !== '-' ? a.street : '', a.number ? `nr. ${a.number}` : '']
    .filter(Boolean)
    .join(' ');
  const flat = [
    a.block && `bl. ${a.block}`,
    a.door && `sc. ${a.door}`,
    a.floor && `et. ${a.floor}`,
    a.apartment && `ap. ${a.apartment}`,
  ]
    .filter(Boolean)
    .join(', ');
  return [street, flat, `${a.zip_code} ${a.city}`, a.county, a.country].filter(Boolean).join(', ');
}
