import { describe, expect, it } from 'vitest';
import { addressInputSchema, isValidCui, isValidIban } from './addresses';
import { countryList, foldName, splitBucharestSector } from './geography';

const base = {
  address_type: 'billing',
  first_name: 'Ana',
  last_name: 'Pop',
  phone: '0744 123 456',
  country_id: 'RO',
  county: 'Arad',
  city: 'Arad',
  number: '81',
  zip_code: '310130',
};

const issues = (input: object) => {
  const r = addressInputSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('address schema', () => {
  it('accepts a person in Romania and reads the form flags', () => {
    const r = addressInputSchema.parse({ ...base, is_company: '0', block: '' });
    expect(r).toMatchObject({ is_company: false, block: null, street: null });
    expect(
      addressInputSchema.parse({
        ...base,
        is_company: true,
        company_name: 'X',
        cui: 'RO124',
        company_registration_number: 'J1',
        bank: 'B',
        iban: 'RO49AAAA1B31007593840000',
      }).is_company,
    ).toBe(true);
  });

  it('needs the company fields only for a company', () => {
    expect(issues(base)).toEqual({});
    expect(issues({ ...base, is_company: '1' })).toEqual({
      company_name: 'validation.address.required',
      cui: 'validation.address.required',
      company_registration_number: 'validation.address.required',
      bank: 'validation.address.required',
      iban: 'validation.address.required',
    });
  });

  it('checks the phone by country, the county and six-digit code in Romania, free text elsewhere', () => {
    expect(issues({ ...base, phone: '+49 30 1234567' })).toEqual({ phone: 'validation.address.phone' });
    expect(issues({ phone: '12' })).toMatchObject({ phone: 'validation.address.phone' });
    expect(issues({ ...base, county: '', zip_code: '3101' })).toEqual({
      county: 'validation.address.required',
      zip_code: 'validation.address.zipFormat',
    });
    expect(issues({ ...base, country_id: 'DE', county: '', zip_code: '10117', phone: '+49 30 1234567' })).toEqual({});
    expect(issues({ ...base, country_id: 'XX' })).toEqual({ country_id: 'validation.address.country' });
    expect(issues({ ...base, city: 'A\u0000' })).toEqual({ city: 'validation.controlCharacters' });
  });
});

describe('IBAN check', () => {
  it('checks a CUI’s check digit (key 753217532), with or without RO and spaces', () => {
    for (const good of ['RO124', '12345674', 'RO 12345674', '13590']) expect(isValidCui(good)).toBe(true);
    for (const bad of ['RO123', '12345675', 'RO1', 'ABC', '12345678901']) expect(isValidCui(bad)).toBe(false);
  });

  it('accepts valid IBANs with spaces and refuses a wrong check digit', () => {
    expect(isValidIban('RO49 AAAA 1B31 0075 9384 0000')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('RO48AAAA1B31007593840000')).toBe(false);
    expect(isValidIban('RO49')).toBe(false);
  });
});

describe('geography helpers', () => {
  it('folds ș, ş, ț, ţ and the other marks alike', () => {
    expect(foldName('Ștefan  cel Mare')).toBe('stefan cel mare');
    expect(foldName('Ştefan')).toBe(foldName('Ștefan'));
    expect(foldName('Târgu Mureş')).toBe('targu mures');
  });

  it("splits Bucharest's sector from the city", () => {
    expect(splitBucharestSector('Sector-3')).toEqual({ city: 'București', sector: 3 });
    expect(splitBucharestSector('București Sectorul 1')).toEqual({ city: 'București', sector: 1 });
    expect(splitBucharestSector('Arad')).toEqual({ city: 'Arad', sector: null });
  });

  it('lists 21 countries with Denmark as Danemarca', () => {
    expect(countryList('ro')).toHaveLength(21);
    expect(countryList('ro').find((c) => c.country_id === 'DK')?.country_name).toBe('Danemarca');
  });
});
