import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import { forgetNetopia3ds, PaymentRedirectOverlay } from '../payments/card-redirect';
import type { ClientAddress } from '../../../contracts/addresses';
import {
  type CheckoutInput,
  type CheckoutQuote,
  checkoutFormSchema,
  DONATION_PRESETS,
  deliveryOptionOf,
  shippingCountry,
} from '../../../contracts/checkout';
import { type CountryId, ROMANIA } from '../../../contracts/geography';
import { formatCurrencyAmount, formatMoney } from '../../../contracts/money';
import type { GlsLocker, PaymentMethod } from '../../../contracts/shipping';
import { type MessageKey, useLanguage, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { useRootData } from '../../root-data';
import { useHydrated } from '../../use-hydrated';
import { useConsent } from '../consent/consent';
import {
  type AddressFieldName,
  type AddressFieldset,
  AddressFields,
  type AddressStart,
  FieldError,
  inputClass,
  Section,
} from '../addresses/address-fields';
import { trackCart } from '../cart/cart-analytics';
import type { CheckoutPageData, CheckoutRefusal } from './checkout.server';
import { type CheckoutDraft, draftOf, nestFields, readDraft, saveDraft } from './checkout-draft';
import { HelpCaseCard } from './help-case';
import { LockerDialog, lockerAddress } from './locker-dialog';
import { OrderSummary } from './order-summary';
import { fieldsReadOnce } from '../../ui/fields-read-once';
import { inputProps } from '../../ui/input-props';

/** SPEC §9: the locker dialog opens 100 ms after the locker carrier is chosen. */
const LOCKER_DIALOG_DELAY_MS = 100;

type AddressText = Partial<Record<AddressFieldName, string>>;

/** The form's fields as text, the way the browser sends them (the schema turns them into the order). */
interface CheckoutFormShape {
  client_email: string;
  billing: AddressText;
  delivery: AddressText;
  deliveryAddressFlag: string;
  carrier: string;
  carrier_location_id: string;
  locker_id: string;
  payment_method: string;
  donation: string;
  couponCode: string;
  client_comments: string;
  terms: string;
  saveNewAddress: string;
  selectedAddressId: string;
  selectedDeliveryAddressId: string;
  idempotency_key: string;
  expected_total: string;
}

/** A stored address as the form's text values. */
function addressValues(address: ClientAddress): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ ...address, is_company: address.is_company ? '1' : '0' }).map(([k, v]) => [
      k,
      v === null ? '' : String(v),
    ]),
  );
}

/** The form's text values as the start of an address's fields (their own state: country, locality, street…). */
function addressStart(values: AddressText): AddressStart {
  const number = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
  return {
    is_company: values.is_company === '1',
    country_id: (values.country_id as CountryId | undefined) ?? ROMANIA,
    county: values.county ?? '',
    city: values.city ?? '',
    locality_siruta: number(values.locality_siruta),
    sector: number(values.sector),
    street: values.street ?? '',
    zip_code: values.zip_code ?? '',
  };
}

/** A posted form's values (nested one level: `billing.city`) as the flat names of its fields. */
function flattenFields(values: Record<string, unknown> | null | undefined): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === 'string') flat[name] = value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [field, text] of Object.entries(value)) if (typeof text === 'string') flat[`${name}.${field}`] = text;
    }
  }
  return flat;
}

/** The choices of a draft, as the page's address carries them (see checkoutChoicesSchema). */
function draftChoices(fields: Record<string, string>): Record<string, string> {
  const country = shippingCountry(
    (fields['billing.country_id'] as CountryId | undefined) ?? ROMANIA,
    fields.deliveryAddressFlag === '1',
    fields['delivery.country_id'],
  );
  const choices: Record<string, string | undefined> = {
    country,
    carrier: fields.carrier,
    payment: fields.payment_method,
    location: fields.carrier_location_id,
    donation: fields.donation,
    coupon: fields.couponCode,
  };
  return Object.fromEntries(Object.entries(choices).filter((e): e is [string, string] => Boolean(e[1])));
}

/**
 * The checkout page's form (SPEC §2, §4, §5): restores the draft this browser kept (SPEC §4) once, then
 * renders the fields from it, or from the client's preferred address.
 */
export function CheckoutForm({ data, refusal }: { data: CheckoutPageData; refusal: CheckoutRefusal | undefined }) {
  const [draft, setDraft] = useState<CheckoutDraft | null>(null);
  const [, setSearchParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft is read once, when the page opens
  useEffect(() => {
    if (refusal) return;
    const kept = readDraft();
    if (!kept) return;
    setDraft(kept);
    setSearchParams(draftChoices(kept.fields), { replace: true, preventScrollReset: true });
  }, []);
  return (
    <CheckoutFields
      key={draft ? `draft-${draft.savedAt}` : 'page'}
      data={data}
      quote={refusal?.quote ?? data.quote}
      refusal={refusal}
      draft={draft}
    />
  );
}

function CheckoutFields({
  data,
  quote,
  refusal,
  draft,
}: {
  data: CheckoutPageData;
  quote: CheckoutQuote;
  refusal: CheckoutRefusal | undefined;
  draft: CheckoutDraft | null;
}) {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  const hydrated = useHydrated();
  const consent = useConsent();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [, setSearchParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const money = (bani: number) => formatMoney(bani, currency, lang);

  // Where the form starts: the draft, else what a refused post sent (the page rendered again without
  // JavaScript), else the page's prefill.
  const kept = draft?.fields ?? flattenFields(refusal?.result.initialValue);
  const resumed = draft !== null || Object.keys(kept).length > 0;
  const billingAccount = data.addresses.filter((a) => a.address_type === 'billing');
  const deliveryAccount = data.addresses.filter((a) => a.address_type === 'delivery');
  const [billingStart, setBillingStart] = useState<{ key: string; values: Record<string, string> }>(() =>
    resumed
      ? { key: 'resumed', values: (nestFields(kept).billing as Record<string, string> | undefined) ?? {} }
      : {
          key: 'prefill',
          values: data.prefill ? addressValues(data.prefill) : { country_id: ROMANIA, is_company: '0' },
        },
  );
  const [deliveryStart, setDeliveryStart] = useState<{ key: string; values: Record<string, string> }>(() => ({
    key: 'start',
    values: (nestFields(kept).delivery as Record<string, string> | undefined) ?? {
      country_id: ROMANIA,
      is_company: '0',
    },
  }));

  const [form, conformFields] = useForm<CheckoutFormShape, CheckoutInput>({
    id: 'checkout',
    lastResult: refusal?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutFormSchema }),
    defaultValue: {
      ...(resumed ? nestFields(kept) : {}),
      client_email: kept.client_email ?? data.client?.email ?? '',
      billing: billingStart.values,
      delivery: deliveryStart.values,
      selectedAddressId:
        kept.selectedAddressId ?? (data.prefill?.address_type === 'billing' ? String(data.prefill.id) : ''),
    },
  });
  const fields = fieldsReadOnce(conformFields);
  const billing = fields.billing.getFieldset() as unknown as AddressFieldset;
  const delivery = fields.delivery.getFieldset() as unknown as AddressFieldset;
  const update = (name: string, value: string) => form.update({ name, value });

  const [deliveryFlag, setDeliveryFlag] = useState(kept.deliveryAddressFlag === '1');
  const [billingCountry, setBillingCountry] = useState<CountryId>(
    (billingStart.values.country_id as CountryId | undefined) ?? ROMANIA,
  );
  const [deliveryCountry, setDeliveryCountry] = useState<string>(deliveryStart.values.country_id ?? ROMANIA);
  const [carrierId, setCarrierId] = useState(quote.carrier?.id ?? null);
  const [payment, setPayment] = useState<PaymentMethod>(quote.paymentMethod);
  const [donation, setDonation] = useState(Number(kept.donation ?? data.donation) || 0);
  const [customDonation, setCustomDonation] = useState(
    donation > 0 && !(DONATION_PRESETS as readonly number[]).includes(donation),
  );
  const [coupon, setCoupon] = useState(kept.couponCode ?? data.coupon);
  const [terms, setTerms] = useState(false);
  const [locker, setLocker] = useState<GlsLocker | null>(draft?.locker ?? null);
  const [lockerOpen, setLockerOpen] = useState(false);

  // The server's answer is the truth: what it chose (SPEC §4: the carrier kept while offered, else the first;
  // the payment kept while allowed, else the default) replaces what was clicked.
  useEffect(() => {
    setCarrierId(quote.carrier?.id ?? null);
    setPayment(quote.paymentMethod);
  }, [quote]);

  const setChoice = (patch: Record<string, string | null>) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // Country change reloads the carriers (SPEC §4).
  const country = shippingCountry(billingCountry, deliveryFlag, deliveryCountry);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the parcel's country asks again
  useEffect(() => {
    if (hydrated && country !== quote.country) setChoice({ country });
  }, [country, hydrated]);

  // SPEC §4 tracking: begin_checkout once per visit, when consent is known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit
  useEffect(() => {
    if (consent === 'analytics')
      trackCart(
        'begin_checkout',
        quote.cart.lines.map((line) => ({ line, quantity: line.quantity })),
      );
  }, [consent]);

  // The draft follows every change (SPEC §4), written at once: a shopper may leave by a full page load
  // (a typed address, a closed tab) right after the last keystroke, when no timer or unmount would run.
  // It is removed once the order is placed.
  const keepDraft = (chosenLocker: GlsLocker | null = locker) => {
    if (formRef.current) saveDraft(draftOf(formRef.current, chosenLocker));
  };

  const option = carrierId ? deliveryOptionOf(carrierId) : null;
  const chooseCarrier = (id: number) => {
    const chosen = quote.carriers.find((c) => c.id === id);
    if (!chosen) return;
    setCarrierId(chosen.id);
    setChoice({ carrier: String(chosen.id), location: null });
    if (consent === 'analytics') {
      trackCart(
        'add_shipping_info',
        quote.cart.lines.map((line) => ({ line, quantity: line.quantity })),
        { shipping_tier: chosen.name },
      );
    }
    // SPEC §4: the locker carrier opens the dialog when no locker is chosen.
    if (chosen.delivery_option === 'locker' && !locker) setTimeout(() => setLockerOpen(true), LOCKER_DIALOG_DELAY_MS);
  };
  const choosePayment = (method: PaymentMethod) => {
    setPayment(method);
    setChoice({ payment: method });
    if (consent === 'analytics') {
      trackCart(
        'add_payment_info',
        quote.cart.lines.map((line) => ({ line, quantity: line.quantity })),
        { payment_type: method },
      );
    }
  };
  const chooseDonation = (units: number) => {
    setDonation(units);
    setChoice({ donation: units > 0 ? String(units) : null });
  };
  const pickSaved = (kind: 'billing' | 'delivery', id: string) => {
    const address = data.addresses.find((a) => String(a.id) === id);
    if (!address) return;
    const values = addressValues(address);
    if (kind === 'billing') {
      setBillingStart({ key: `saved-${id}`, values });
      setBillingCountry(address.country_id);
    } else {
      setDeliveryStart({ key: `saved-${id}`, values });
      setDeliveryCountry(address.country_id);
    }
    form.update({ name: kind, value: values });
  };

  const formProps = getFormProps(form);
  const errorText = (messages: string[] | undefined) => (messages?.length ? translateMessage(t, messages[0]) : null);
  const radioClass = 'size-4 shrink-0 accent-brand';
  const lockerError = errorText(fields.locker_id.errors);

  return (
    <Form
      discover="none"
      method="post"
      ref={formRef}
      {...formProps}
      onSubmit={(event) => {
        // SPEC §4: a new order's payment starts without the 3-D Secure data of an earlier one.
        forgetNetopia3ds();
        formProps.onSubmit(event);
      }}
      onChange={hydrated ? () => keepDraft() : undefined}
      className="grid gap-8 lg:grid-cols-3 [&>*]:min-w-0"
    >
      <input type="hidden" name="idempotency_key" value={data.idempotencyKey} />
      {/* The hydrated page goes to NETOPIA itself, keeping netopia3ds first (routes/checkout.tsx). */}
      {hydrated && <input type="hidden" name="enhanced" value="1" />}
      {hydrated && <input type="hidden" name="expected_total" value={String(quote.totals.total)} />}
      <div className="space-y-6 lg:col-span-2">
        {(refusal?.message || form.status === 'error') && (
          <div role="alert" className="rounded border border-brand bg-white p-3 font-semibold text-brand">
            {refusal?.message || t('checkout.fillRequired')}
          </div>
        )}
        {draft && (
          <p role="status" className="rounded border border-line bg-white p-3 text-sm">
            {t('checkout.draftRestored')}
          </p>
        )}

        <section aria-labelledby="checkout-billing-title" className="space-y-4">
          <h2 id="checkout-billing-title" className="font-serif text-2xl font-bold">
            {t('checkout.billing.title')}
          </h2>
          <div>
            <label htmlFor={fields.client_email.id} className="text-sm font-semibold">
              {t('checkout.email')} <span aria-hidden="true">*</span>
            </label>
            <input
              {...inputProps(fields.client_email, { type: 'email' })}
              autoComplete="email"
              className={inputClass}
            />
            <FieldError field={fields.client_email} />
          </div>
          {billingAccount.length > 0 && (
            <SavedAddressSelect
              id="checkout-saved-billing"
              name={fields.selectedAddressId.name}
              label={t('checkout.savedBilling')}
              addresses={billingAccount}
              defaultValue={String(fields.selectedAddressId.initialValue ?? '')}
              onPick={(id) => pickSaved('billing', id)}
            />
          )}
          <AddressFields
            key={billingStart.key}
            fields={billing}
            update={update}
            address={addressStart(billingStart.values)}
            lookups={data.lookups}
            companyDetails="name-and-cui"
            onCountryChange={setBillingCountry}
          />
          {data.client && (
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name={fields.saveNewAddress.name}
                value="1"
                defaultChecked={kept.saveNewAddress === '1'}
                className={radioClass}
              />
              {t('checkout.saveNewAddress')}
            </label>
          )}
        </section>

        <section aria-labelledby="checkout-delivery-title" className="space-y-4">
          <h2 id="checkout-delivery-title" className="sr-only">
            {t('checkout.delivery.title')}
          </h2>
          <label className="flex items-center gap-2 font-semibold">
            <input
              type="checkbox"
              name={fields.deliveryAddressFlag.name}
              value="1"
              checked={deliveryFlag}
              onChange={(e) => setDeliveryFlag(e.currentTarget.checked)}
              className={radioClass}
            />
            {t('checkout.deliveryFlag')}
          </label>
          <div hidden={hydrated && !deliveryFlag} className="space-y-4">
            {option && option !== 'home' && <p className="text-sm text-muted">{t('checkout.delivery.contactOnly')}</p>}
            {deliveryAccount.length > 0 && (
              <SavedAddressSelect
                id="checkout-saved-delivery"
                name={fields.selectedDeliveryAddressId.name}
                label={t('checkout.savedDelivery')}
                addresses={deliveryAccount}
                defaultValue={String(fields.selectedDeliveryAddressId.initialValue ?? '')}
                onPick={(id) => pickSaved('delivery', id)}
              />
            )}
            <Section title={t('checkout.delivery.title')}>
              <div className="sm:col-span-2">
                <AddressFields
                  key={deliveryStart.key}
                  fields={delivery}
                  update={update}
                  address={addressStart(deliveryStart.values)}
                  lookups={data.lookups}
                  companyDetails="name-and-cui"
                  onCountryChange={setDeliveryCountry}
                />
              </div>
            </Section>
          </div>
        </section>

        <div>
          <label htmlFor={fields.client_comments.id} className="text-sm font-semibold">
            {t('checkout.comments')}
          </label>
          <textarea {...getTextareaProps(fields.client_comments)} rows={3} className={inputClass} />
          <FieldError field={fields.client_comments} />
        </div>

        <fieldset className="rounded-lg border border-line bg-white p-5" aria-describedby="checkout-shipping-country">
          <legend className="px-1 font-serif text-xl font-bold">{t('checkout.shipping.title')}</legend>
          <p id="checkout-shipping-country" className="text-sm text-muted">
            {t('checkout.shipping.country', {
              country:
                data.lookups.countries.find((c) => c.country_id === quote.country)?.country_name ?? quote.country,
            })}
          </p>
          {quote.carriers.length === 0 ? (
            <p role="alert" className="mt-3 font-semibold text-brand">
              {t('checkout.shipping.none')}
            </p>
          ) : (
            <ul className="mt-3 space-y-2">
              {quote.carriers.map((c) => (
                <li key={c.id}>
                  <label className="flex items-start gap-3 rounded border border-line p-3 has-[:checked]:border-brand">
                    <input
                      type="radio"
                      name={fields.carrier.name}
                      value={String(c.id)}
                      checked={carrierId === c.id}
                      onChange={() => chooseCarrier(c.id)}
                      className={`${radioClass} mt-1`}
                    />
                    <span className="flex-1">
                      <span className="block font-semibold">{c.name}</span>
                      {c.delivery_time && (
                        <span className="block text-sm text-muted">
                          {t('checkout.shipping.days', { days: c.delivery_time })}
                        </span>
                      )}
                    </span>
                    <span className="font-semibold">
                      {c.shippingCost === 0 ? t('checkout.shipping.free') : money(c.shippingCost)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <FieldError field={fields.carrier} />
          {option === 'agency' && quote.locations.length > 0 && (
            <div className="mt-4">
              <label htmlFor={fields.carrier_location_id.id} className="text-sm font-semibold">
                {t('checkout.location')} <span aria-hidden="true">*</span>
              </label>
              <select
                id={fields.carrier_location_id.id}
                name={fields.carrier_location_id.name}
                key={`${quote.country}-${carrierId}`}
                defaultValue={String(quote.locationId ?? '')}
                onChange={(e) => setChoice({ location: e.currentTarget.value })}
                aria-describedby={`${fields.carrier_location_id.id}-hint`}
                className={inputClass}
              >
                {quote.locations.map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.agency} — {l.location_contact_info}
                  </option>
                ))}
              </select>
              <p id={`${fields.carrier_location_id.id}-hint`} className="mt-1 text-xs text-muted">
                {t('checkout.location.hint')}
              </p>
              <FieldError field={fields.carrier_location_id} />
            </div>
          )}
          {option === 'locker' && (
            <div className="mt-4 rounded border border-line bg-paper p-3">
              <input type="hidden" name={fields.locker_id.name} value={locker?.locker_id ?? ''} />
              <p id="checkout-locker-state" className={locker ? '' : 'font-semibold text-brand'}>
                {locker
                  ? t('checkout.locker.chosen', { name: locker.location_name, address: lockerAddress(locker) })
                  : (lockerError ?? t('checkout.locker.notChosen'))}
              </p>
              {hydrated ? (
                <button
                  type="button"
                  onClick={() => setLockerOpen(true)}
                  aria-describedby="checkout-locker-state"
                  className="mt-2 rounded border border-brand px-4 py-1.5 font-semibold text-brand hover:bg-brand hover:text-white"
                >
                  {locker ? t('checkout.locker.change') : t('checkout.locker.choose')}
                </button>
              ) : (
                <p className="mt-2 text-sm text-muted">{t('checkout.locker.noScript')}</p>
              )}
            </div>
          )}
          {option === 'pickup' && (
            <div className="mt-4 rounded border border-line bg-paper p-3 text-sm">
              <p>
                {t('checkout.depot.note', {
                  address: `${data.depot.street} ${data.depot.number}, ${data.depot.city}, ${data.depot.county}, ${data.depot.zip_code}`,
                })}
              </p>
              {deliveryFlag && <p className="mt-1 font-semibold text-brand">{t('checkout.depot.noDelivery')}</p>}
            </div>
          )}
        </fieldset>

        <fieldset className="rounded-lg border border-line bg-white p-5">
          <legend className="px-1 font-serif text-xl font-bold">{t('checkout.payment.title')}</legend>
          <ul className="space-y-2">
            {quote.paymentMethods.map((method) => (
              <li key={method}>
                <label className="flex items-start gap-3 rounded border border-line p-3 has-[:checked]:border-brand">
                  <input
                    type="radio"
                    name={fields.payment_method.name}
                    value={method}
                    checked={payment === method}
                    onChange={() => choosePayment(method)}
                    className={`${radioClass} mt-1`}
                  />
                  <span>
                    <span className="block font-semibold">{t(`checkout.payment.${method}` as MessageKey)}</span>
                    <span className="block text-sm text-muted">
                      {t(`checkout.payment.help.${method}` as MessageKey)}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <FieldError field={fields.payment_method} />
        </fieldset>

        {data.helpCase && <HelpCaseCard helpCase={data.helpCase} />}

        <fieldset className="rounded-lg border border-line bg-white p-5" aria-describedby="checkout-donation-intro">
          <legend className="px-1 font-serif text-xl font-bold">{t('checkout.donation.title')}</legend>
          <p id="checkout-donation-intro" className="text-sm text-muted">
            {t('checkout.donation.intro')}
          </p>
          {hydrated && <input type="hidden" name={fields.donation.name} value={String(donation)} />}
          <div className="mt-3 flex flex-wrap gap-2">
            {[0, ...DONATION_PRESETS].map((units) => (
              <label
                key={units}
                className="inline-flex items-center gap-2 rounded border border-line px-3 py-2 has-[:checked]:border-brand"
              >
                <input
                  type="radio"
                  name={hydrated ? 'donation_choice' : fields.donation.name}
                  value={String(units)}
                  checked={hydrated ? !customDonation && donation === units : undefined}
                  defaultChecked={hydrated ? undefined : donation === units}
                  onChange={() => {
                    setCustomDonation(false);
                    chooseDonation(units);
                  }}
                  className={radioClass}
                />
                {units === 0
                  ? t('checkout.donation.none')
                  : formatCurrencyAmount({ sum: units * 100, currency: currency.code }, lang)}
              </label>
            ))}
            {hydrated && (
              <label className="inline-flex items-center gap-2 rounded border border-line px-3 py-2 has-[:checked]:border-brand">
                <input
                  type="radio"
                  name="donation_choice"
                  value="custom"
                  checked={customDonation}
                  onChange={() => setCustomDonation(true)}
                  className={radioClass}
                />
                {t('checkout.donation.custom', { currency: currency.code })}
              </label>
            )}
          </div>
          {hydrated && customDonation && (
            <div className="mt-3 max-w-xs">
              <label htmlFor="checkout-donation-custom" className="text-sm font-semibold">
                {t('checkout.donation.custom', { currency: currency.code })}
              </label>
              <input
                id="checkout-donation-custom"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                defaultValue={donation > 0 ? String(donation) : ''}
                onChange={(e) => {
                  const units = Number(e.currentTarget.value);
                  if (Number.isInteger(units) && units >= 1) chooseDonation(units);
                }}
                className={inputClass}
              />
            </div>
          )}
          <FieldError field={fields.donation} />
        </fieldset>
      </div>

      {/* On a wide screen the summary and the place-order button stay in view while the long form scrolls. */}
      <div className="space-y-6 lg:sticky lg:top-4 lg:self-start">
        <OrderSummary quote={quote} lineErrors={refusal?.lineErrors ?? {}} />

        <div className="rounded-lg border border-line bg-white p-5">
          <label htmlFor={fields.couponCode.id} className="text-sm font-semibold">
            {t('checkout.coupon.label')}
          </label>
          <div className="mt-1 flex gap-2">
            {/* mt-0! beats the field's own mt-1 (later in the stylesheet), so the input lines up with the button. */}
            <input
              {...inputProps(fields.couponCode, { type: 'text' })}
              value={hydrated ? coupon : undefined}
              onChange={hydrated ? (e) => setCoupon(e.currentTarget.value) : undefined}
              aria-describedby={quote.coupon !== 'none' ? 'checkout-coupon-outcome' : fields.couponCode.errorId}
              autoComplete="off"
              className={`${inputClass} mt-0!`}
            />
            {hydrated ? (
              <button
                type="button"
                onClick={() => setChoice({ coupon: coupon.trim() || null })}
                className="rounded border border-brand px-4 font-semibold text-brand hover:bg-brand hover:text-white"
              >
                {t('checkout.coupon.apply')}
              </button>
            ) : (
              <button
                type="submit"
                name="intent"
                value="refresh"
                className="rounded border border-brand px-4 font-semibold text-brand"
              >
                {t('checkout.coupon.apply')}
              </button>
            )}
          </div>
          {quote.coupon !== 'none' && (
            <p
              id="checkout-coupon-outcome"
              role="status"
              className={`mt-2 text-sm font-semibold ${quote.coupon === 'applied' ? 'text-leaf' : 'text-brand'}`}
            >
              {t(`checkout.coupon.${quote.coupon}` as MessageKey)}
            </p>
          )}
          <FieldError field={fields.couponCode} />
        </div>

        <div className="space-y-4 rounded-lg border border-line bg-white p-5">
          <div>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                id={fields.terms.id}
                name={fields.terms.name}
                value="1"
                checked={hydrated ? terms : undefined}
                onChange={(e) => setTerms(e.currentTarget.checked)}
                aria-invalid={fields.terms.errors?.length ? true : undefined}
                aria-describedby={fields.terms.errors?.length ? fields.terms.errorId : undefined}
                className={`${radioClass} mt-1`}
              />
              <span>
                {t('checkout.terms.before')}{' '}
                <Link discover="none" to="/pages/termeni-si-conditii" className="text-brand underline">
                  {t('checkout.terms.link')}
                </Link>{' '}
                {t('checkout.terms.and')}{' '}
                <Link discover="none" to="/pages/confidentialitate" className="text-brand underline">
                  {t('checkout.terms.privacy')}
                </Link>
                <span aria-hidden="true"> *</span>
              </span>
            </label>
            <FieldError field={fields.terms} />
          </div>
          {!hydrated && (
            <button
              type="submit"
              name="intent"
              value="refresh"
              className="w-full rounded border border-brand px-4 py-2 font-semibold text-brand"
            >
              {t('checkout.refresh')}
            </button>
          )}
          <button
            type="submit"
            name="intent"
            value="place"
            disabled={hydrated && (!terms || busy)}
            className="w-full rounded bg-brand px-6 py-3 text-lg font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-60"
          >
            {navigation.state === 'submitting' ? t('checkout.placing') : t('checkout.place')}
          </button>
          <Link discover="none" to="/pages/cart" className="block text-center text-brand underline">
            {t('checkout.backToCart')}
          </Link>
        </div>
      </div>
      {hydrated && payment === 'card' && navigation.formData?.get('intent') === 'place' && (
        // SPEC §2/§4: while a card order is placed and the shopper is sent to NETOPIA's page.
        <PaymentRedirectOverlay />
      )}
      {hydrated && (
        <LockerDialog
          open={lockerOpen}
          onClose={(picked) => {
            setLockerOpen(false);
            setLocker(picked);
            keepDraft(picked);
          }}
        />
      )}
    </Form>
  );
}

function SavedAddressSelect({
  id,
  name,
  label,
  addresses,
  defaultValue,
  onPick,
}: {
  id: string;
  name: string;
  label: string;
  addresses: ClientAddress[];
  defaultValue: string;
  onPick: (id: string) => void;
}) {
  const t = useT();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        onChange={(e) => onPick(e.currentTarget.value)}
        className={inputClass}
      >
        <option value="">{t('checkout.savedNone')}</option>
        {addresses.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {a.first_name} {a.last_name}, {a.street} {a.number}, {a.city}
          </option>
        ))}
      </select>
    </div>
  );
}
