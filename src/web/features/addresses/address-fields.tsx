import type { FieldMetadata } from '@conform-to/react';
import { getTextareaProps } from '@conform-to/react';
import { type ReactNode, useCallback, useState } from 'react';
import type { z } from 'zod';
import type { addressFieldsSchema, ClientAddress } from '../../../contracts/addresses';
import { type CountryId, ROMANIA, type StreetSuggestion } from '../../../contracts/geography';
import { type MessageKey, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { useHydrated } from '../../use-hydrated';
import { type AddressLookups, fetchLocalities, fetchStreets, verifyZip } from './lookups';
import { Typeahead, type TypeaheadOption } from './typeahead';
import { fieldsReadOnce } from '../../ui/fields-read-once';
import { inputProps } from '../../ui/input-props';

export const inputClass =
  'mt-1 w-full rounded border border-muted bg-white px-3 py-2 disabled:bg-paper aria-[invalid=true]:border-brand aria-[invalid=true]:bg-brand/5';

export type AddressFieldName = keyof z.input<typeof addressFieldsSchema>;
type FieldName = AddressFieldName;

/**
 * The address's fields as Conform gives them: the form's own fields (the address modal) or a nested
 * fieldset (the checkout's `billing.*` and `delivery.*`).
 */
export type AddressFieldset = {
  // The form around the fields differs (the address modal, the checkout) and only its fields' own metadata is
  // read here, so the form's shape is left open.
  // biome-ignore lint/suspicious/noExplicitAny: the enclosing form's schema is irrelevant to these fields
  [K in AddressFieldName]: FieldMetadata<string, any, string[]>;
};

/** The values an address's fields start from: a stored address, or a checkout draft with the same fields. */
export type AddressStart = Partial<ClientAddress>;

export function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  const t = useT();
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm font-semibold text-brand">
      {translateMessage(t, field.errors[0])}
    </p>
  );
}

export function Label({ htmlFor, text, required }: { htmlFor: string; text: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold">
      {text} {required && <span aria-hidden="true">*</span>}
    </label>
  );
}

/** A collapsible part of the form (SPEC §2: contact, company data, address); native, so it needs no script. */
export function Section({ title, children, hidden }: { title: string; children: ReactNode; hidden?: boolean }) {
  return (
    <details open hidden={hidden} className="rounded border border-line bg-white">
      <summary className="cursor-pointer px-4 py-2 font-semibold">{title}</summary>
      <div className="grid gap-3 px-4 pb-4 sm:grid-cols-2">{children}</div>
    </details>
  );
}

const streetOption = (s: StreetSuggestion): TypeaheadOption<StreetSuggestion> => ({
  key: `${s.street}|${s.sector}|${s.numbers}|${s.zip_code}`,
  label: s.numbers ? `${s.street}, ${s.numbers}` : s.street,
  detail: [s.zip_code, s.sector ? `Sector ${s.sector}` : ''].filter(Boolean).join(' · '),
  value: s,
});

/**
 * An address's fields (SPEC §2, §5): person type, contact, company data (only for juridica), and the address —
 * in Romania the county from the list, then the locality and street typeaheads, the street filling the postal
 * code (verify-zip-codes when typed); elsewhere free text. The address modal and the checkout's billing and
 * delivery addresses use it; the form around it validates with its own schema.
 */
export function AddressFields({
  fields: conformFields,
  update,
  address,
  lookups,
  companyDetails,
  onCountryChange,
}: {
  fields: AddressFieldset;
  /** Sets a field's value in the form (Conform's `form.update`). */
  update: (name: string, value: string) => void;
  address: AddressStart | null;
  lookups: AddressLookups;
  /** Which company fields are required: all (the address book) or the name and CUI (checkout, SPEC §5). */
  companyDetails: 'all' | 'name-and-cui';
  onCountryChange?: (country: CountryId) => void;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const fields = fieldsReadOnce(conformFields);
  const [isCompany, setIsCompany] = useState(address?.is_company ?? false);
  const [country, setCountry] = useState<CountryId>(address?.country_id ?? ROMANIA);
  const [county, setCounty] = useState(address?.county ?? '');
  const [city, setCity] = useState(address?.city ?? '');
  const [siruta, setSiruta] = useState<number | null>(address?.locality_siruta ?? null);
  const [sector, setSector] = useState<number | null>(address?.sector ?? null);
  const [hasStreets, setHasStreets] = useState(false);
  const [street, setStreet] = useState(address?.street ?? '');
  const [zip, setZip] = useState(address?.zip_code ?? '');
  const [choices, setChoices] = useState<StreetSuggestion[]>([]);
  // A parent that follows the country (the checkout's carriers) hears of every change.
  const changeCountry = (next: CountryId) => {
    setCountry(next);
    onCountryChange?.(next);
  };

  const romania = country === ROMANIA;
  const lists = romania && lookups.source === 'official' && hydrated;
  const countyCode = lookups.counties.find((c) => c.Nume === county || c.Cod === county)?.Cod ?? '';

  const loadLocalities = useCallback(
    async (q: string, signal: AbortSignal) =>
      (await fetchLocalities(countyCode, q, signal)).map((l) => ({
        key: String(l.siruta),
        label: l.Nume,
        detail: [l.uat !== l.Nume ? l.uat : '', l.zip_code ?? ''].filter(Boolean).join(' · '),
        value: l,
      })),
    [countyCode],
  );
  const loadStreets = useCallback(
    async (q: string, signal: AbortSignal) =>
      (await fetchStreets({ county: countyCode, city, sector }, q, signal)).map(streetOption),
    [countyCode, city, sector],
  );

  const setField = (name: FieldName, value: string) => update(fields[name].name, value);
  const pickStreet = (s: StreetSuggestion) => {
    setStreet(s.street);
    setZip(s.zip_code);
    setChoices([]);
    setField('zip_code', s.zip_code);
  };
  /** A street typed without picking: verify-zip-codes; one code fills it, several ask to choose (SPEC §5). */
  const checkStreet = async () => {
    if (!lists || !hasStreets || !street.trim() || !countyCode) return;
    try {
      const found = await verifyZip({ county: countyCode, city, sector, street });
      if (found.count === 1) pickStreet(found.data[0]);
      else setChoices(found.data);
    } catch (err) {
      console.error('Street verification failed', err);
    }
  };

  const required = (name: FieldName, label: MessageKey, type = 'text', autoComplete?: string) => {
    const field = fields[name];
    return (
      <div>
        <Label htmlFor={field.id} text={t(label)} required />
        <input {...inputProps(field, { type: type as 'text' })} autoComplete={autoComplete} className={inputClass} />
        <FieldError field={field} />
      </div>
    );
  };
  const optional = (name: FieldName, label: MessageKey, autoComplete?: string) => {
    const field = fields[name];
    return (
      <div>
        <Label htmlFor={field.id} text={t(label)} />
        <input {...inputProps(field, { type: 'text' })} autoComplete={autoComplete} className={inputClass} />
        <FieldError field={field} />
      </div>
    );
  };
  const invalid = (name: FieldName) => (fields[name].errors?.length ? true : undefined);
  const describedBy = (name: FieldName) => {
    const field = fields[name];
    return field.errors?.length ? field.errorId : undefined;
  };

  const companyField = (name: FieldName, label: MessageKey, autoComplete?: string) =>
    companyDetails === 'all' || name === 'company_name' || name === 'cui'
      ? required(name, label, 'text', autoComplete)
      : optional(name, label, autoComplete);

  return (
    <>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-semibold">{t('addresses.form.personType')}</legend>
        {(['0', '1'] as const).map((value) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={fields.is_company.name}
              value={value}
              defaultChecked={(value === '1') === isCompany}
              onChange={() => setIsCompany(value === '1')}
              className="size-4 accent-brand"
            />
            {t(value === '1' ? 'addresses.form.juridica' : 'addresses.form.fizica')}
          </label>
        ))}
      </fieldset>

      <Section title={t('addresses.form.section.contact')}>
        {required('first_name', 'addresses.form.first_name', 'text', 'given-name')}
        {required('last_name', 'addresses.form.last_name', 'text', 'family-name')}
        {required('phone', 'addresses.form.phone', 'tel', 'tel')}
      </Section>

      <Section title={t('addresses.form.section.company')} hidden={hydrated && !isCompany}>
        {companyField('company_name', 'addresses.form.company_name', 'organization')}
        {companyField('cui', 'addresses.form.cui')}
        {companyField('company_registration_number', 'addresses.form.company_registration_number')}
        {companyField('bank', 'addresses.form.bank')}
        {companyField('iban', 'addresses.form.iban')}
      </Section>

      <Section title={t('addresses.form.section.address')}>
        <div>
          <Label htmlFor={fields.country_id.id} text={t('addresses.form.country_id')} required />
          <select
            id={fields.country_id.id}
            name={fields.country_id.name}
            value={country}
            aria-invalid={invalid('country_id')}
            aria-describedby={describedBy('country_id')}
            onChange={(e) => {
              // SPEC §5: changing the country clears county, city, street and postal code.
              changeCountry(e.currentTarget.value as CountryId);
              setCounty('');
              setCity('');
              setSiruta(null);
              setSector(null);
              setStreet('');
              setZip('');
              setChoices([]);
            }}
            className={inputClass}
          >
            {lookups.countries.map((c) => (
              <option key={c.country_id} value={c.country_id}>
                {c.country_name}
              </option>
            ))}
          </select>
          <FieldError field={fields.country_id} />
        </div>
        <div>
          <Label htmlFor={fields.county.id} text={t('addresses.form.county')} required={romania} />
          {romania ? (
            <select
              id={fields.county.id}
              name={fields.county.name}
              value={county}
              aria-invalid={invalid('county')}
              aria-describedby={describedBy('county')}
              onChange={(e) => {
                // Changing the county clears the locality (and what hangs on it).
                setCounty(e.currentTarget.value);
                setCity('');
                setSiruta(null);
                setSector(null);
                setStreet('');
                setZip('');
                setChoices([]);
              }}
              className={inputClass}
            >
              <option value="">{t('addresses.form.countyPlaceholder')}</option>
              {lookups.counties.map((c) => (
                <option key={c.Cod} value={c.Nume}>
                  {c.Nume}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={fields.county.id}
              name={fields.county.name}
              type="text"
              value={county}
              onChange={(e) => setCounty(e.currentTarget.value)}
              aria-invalid={invalid('county')}
              aria-describedby={describedBy('county')}
              autoComplete="address-level1"
              className={inputClass}
            />
          )}
          <FieldError field={fields.county} />
        </div>
        {romania && lookups.source !== 'official' && (
          <p className="text-sm text-muted sm:col-span-2">{t('addresses.form.freeText')}</p>
        )}
        <div>
          {lists ? (
            <Typeahead
              id={fields.city.id}
              name={fields.city.name}
              value={city}
              disabled={!countyCode}
              invalid={invalid('city')}
              describedBy={describedBy('city') ?? `${fields.city.id}-hint`}
              onType={(text) => {
                setCity(text);
                setSiruta(null);
                setHasStreets(false);
              }}
              onPick={({ value: l }) => {
                setCity(l.Nume);
                setSiruta(l.siruta);
                setSector(l.sector);
                setHasStreets(l.has_streets);
                setStreet('');
                setChoices([]);
                setZip(l.zip_code ?? '');
                if (l.zip_code) setField('zip_code', l.zip_code);
              }}
              load={loadLocalities}
            >
              <Label htmlFor={fields.city.id} text={t('addresses.form.city')} required />
            </Typeahead>
          ) : (
            <>
              <Label htmlFor={fields.city.id} text={t('addresses.form.city')} required />
              <input
                id={fields.city.id}
                name={fields.city.name}
                type="text"
                value={city}
                onChange={(e) => setCity(e.currentTarget.value)}
                aria-invalid={invalid('city')}
                aria-describedby={describedBy('city')}
                autoComplete="address-level2"
                className={inputClass}
              />
            </>
          )}
          {lists && !fields.city.errors?.length && (
            <p id={`${fields.city.id}-hint`} className="mt-1 text-xs text-muted">
              {t('addresses.form.cityHint')}
            </p>
          )}
          <FieldError field={fields.city} />
          <input type="hidden" name={fields.locality_siruta.name} value={romania && siruta ? String(siruta) : ''} />
          <input type="hidden" name={fields.sector.name} value={romania && sector ? String(sector) : ''} />
        </div>
        <div>
          {lists && hasStreets ? (
            <Typeahead
              id={fields.street.id}
              name={fields.street.name}
              value={street}
              invalid={invalid('street')}
              describedBy={describedBy('street') ?? `${fields.street.id}-hint`}
              onType={(text) => {
                setStreet(text);
                setChoices([]);
              }}
              onPick={({ value }) => pickStreet(value)}
              load={loadStreets}
            >
              <Label htmlFor={fields.street.id} text={t('addresses.form.street')} />
            </Typeahead>
          ) : (
            <>
              <Label htmlFor={fields.street.id} text={t('addresses.form.street')} />
              <input
                id={fields.street.id}
                name={fields.street.name}
                type="text"
                value={street}
                onChange={(e) => setStreet(e.currentTarget.value)}
                aria-invalid={invalid('street')}
                aria-describedby={describedBy('street')}
                autoComplete="address-line1"
                className={inputClass}
              />
            </>
          )}
          {lists && hasStreets && (
            <p id={`${fields.street.id}-hint`} className="mt-1 text-xs text-muted">
              {t('addresses.form.streetHint')}
            </p>
          )}
          <FieldError field={fields.street} />
        </div>
        {choices.length > 1 && (
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-semibold">{t('addresses.form.chooseStreet')}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {choices.map((s) => (
                <button
                  key={streetOption(s).key}
                  type="button"
                  onClick={() => pickStreet(s)}
                  className="rounded border border-muted bg-white px-2 py-1 text-sm hover:border-brand"
                >
                  {streetOption(s).label} — {s.zip_code}
                </button>
              ))}
            </div>
          </fieldset>
        )}
        {required('number', 'addresses.form.number')}
        <div className="grid grid-cols-4 gap-2 sm:col-span-2">
          {optional('block', 'addresses.form.block')}
          {optional('door', 'addresses.form.door')}
          {optional('floor', 'addresses.form.floor')}
          {optional('apartment', 'addresses.form.apartment')}
        </div>
        <div>
          <Label htmlFor={fields.zip_code.id} text={t('addresses.form.zip_code')} required />
          <input
            id={fields.zip_code.id}
            name={fields.zip_code.name}
            type="text"
            inputMode={romania ? 'numeric' : 'text'}
            value={zip}
            onChange={(e) => setZip(e.currentTarget.value)}
            onFocus={() => void checkStreet()}
            aria-invalid={invalid('zip_code')}
            aria-describedby={describedBy('zip_code')}
            autoComplete="postal-code"
            className={inputClass}
          />
          <FieldError field={fields.zip_code} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={fields.other_delivery_details.id} text={t('addresses.form.other_delivery_details')} />
          <textarea {...getTextareaProps(fields.other_delivery_details)} rows={2} className={inputClass} />
          <FieldError field={fields.other_delivery_details} />
        </div>
      </Section>
    </>
  );
}
