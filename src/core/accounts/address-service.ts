import { and, desc, eq } from 'drizzle-orm';
import type { AddressInput, ClientAddress } from '../../contracts/addresses';
import { AppError } from '../../contracts/errors';
import { type CountryId, countryName, ROMANIA } from '../../contracts/geography';
import type { Db } from '../../db/client';
import { clientAddresses } from '../../db/schema';
import type { GeographyService } from '../geography/geography-service';

type Row = typeof clientAddresses.$inferSelect;

const toAddress = (r: Row): ClientAddress => ({
  id: r.id,
  address_type: r.addressType,
  is_company: r.isCompany,
  first_name: r.firstName,
  last_name: r.lastName,
  phone: r.phone,
  company_name: r.companyName,
  cui: r.cui,
  company_registration_number: r.companyRegistrationNumber,
  bank: r.bank,
  iban: r.iban,
  country_id: r.countryId as CountryId,
  country: countryName(r.countryId, 'ro'),
  county: r.county,
  county_code: r.countyCode,
  city: r.city,
  locality_siruta: r.localitySiruta,
  sector: r.sector,
  street: r.street,
  number: r.number,
  block: r.block,
  door: r.door,
  floor: r.floor,
  apartment: r.apartment,
  zip_code: r.zipCode,
  other_delivery_details: r.otherDeliveryDetails,
});

const notFound = () => new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.address' });
const invalid = (field: string, key: string) => new AppError('VALIDATION', { fields: { [field]: key } });

/** A client's saved addresses (SPEC §2 Adrese, §7): every call is scoped to the client it is given. */
export function createAddressService(db: Db, geography: GeographyService) {
  /**
   * The stored columns of a valid address. In Romania the county must be one of the list and, with
   * the full data loaded, the locality one of the county's and the postal code one of the locality's;
   * company fields are dropped for a person.
   */
  async function columns(input: AddressInput) {
    const company = input.is_company;
    const base = {
      addressType: input.address_type,
      isCompany: company,
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      companyName: company ? input.company_name : null,
      cui: company && input.cui ? input.cui.replace(/\s+/g, '').toUpperCase() : null,
      companyRegistrationNumber: company ? input.company_registration_number : null,
      bank: company ? input.bank : null,
      iban: company && input.iban ? input.iban.replace(/\s+/g, '').toUpperCase() : null,
      countryId: input.country_id,
      street: input.street ?? '-',
      number: input.number,
      block: input.block,
      door: input.door,
      floor: input.floor,
      apartment: input.apartment,
      zipCode: input.zip_code,
      otherDeliveryDetails: input.other_delivery_details,
    };
    if (input.country_id !== ROMANIA) {
      return {
        ...base,
        county: input.county ?? '',
        countyCode: null,
        city: input.city,
        localitySiruta: null,
        sector: null,
      };
    }
    const county = await geography.countyByCodeOrName(input.county ?? '');
    if (!county) throw invalid('county', 'validation.address.countyUnknown');
    const { source } = await geography.status();
    if (source !== 'official') {
      return {
        ...base,
        county: county.name,
        countyCode: county.code,
        city: input.city,
        localitySiruta: null,
        sector: null,
      };
    }
    const locality = await geography.findLocality(county.code, input.city, input.locality_siruta);
    if (!locality) throw invalid('city', 'validation.address.cityUnknown');
    if (!(await geography.postalCodeBelongs(locality.siruta, input.zip_code))) {
      throw invalid('zip_code', 'validation.address.zipMismatch');
    }
    return {
      ...base,
      county: county.name,
      countyCode: county.code,
      city: locality.name,
      localitySiruta: locality.siruta,
      sector: locality.sector,
    };
  }

  return {
    /** Billing and delivery addresses of the client, newest first (SPEC §6 prefers the latest). */
    async list(clientId: number): Promise<ClientAddress[]> {
      const rows = await db
        .select()
        .from(clientAddresses)
        .where(eq(clientAddresses.clientId, clientId))
        .orderBy(desc(clientAddresses.createdAt), desc(clientAddresses.id));
      return rows.map(toAddress);
    },

    /** One of the client's addresses; another client's id is NOT_FOUND, as if it did not exist. */
    async get(clientId: number, id: number): Promise<ClientAddress> {
      const [row] = await db
        .select()
        .from(clientAddresses)
        .where(and(eq(clientAddresses.id, id), eq(clientAddresses.clientId, clientId)));
      if (!row) throw notFound();
      return toAddress(row);
    },

    async create(clientId: number, input: AddressInput): Promise<ClientAddress> {
      const values = await columns(input);
      const [row] = await db
        .insert(clientAddresses)
        .values({ ...values, clientId })
        .returning();
      return toAddress(row);
    },

    async update(clientId: number, id: number, input: AddressInput): Promise<ClientAddress> {
      const values = await columns(input);
      const [row] = await db
        .update(clientAddresses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(clientAddresses.id, id), eq(clientAddresses.clientId, clientId)))
        .returning();
      if (!row) throw notFound();
      return toAddress(row);
    },

    async remove(clientId: number, id: number): Promise<void> {
      const deleted = await db
        .delete(clientAddresses)
        .where(and(eq(clientAddresses.id, id), eq(clientAddresses.clientId, clientId)))
        .returning({ id: clientAddresses.id });
      if (!deleted.length) throw notFound();
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
