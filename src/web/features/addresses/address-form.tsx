import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ComponentType, ReactNode } from 'react';
import type { Form } from 'react-router';
import {
  type AddressInput,
  type AddressType,
  addressInputSchema,
  type ClientAddress,
} from '../../../contracts/addresses';
import { ROMANIA } from '../../../contracts/geography';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { type AddressFieldName, AddressFields } from './address-fields';
import type { AddressLookups } from './lookups';

/** Marks the hidden input a modal's post carries, so the action answers data instead of redirecting. */
export const MODAL_FIELD = '_modal';

/** The stored address as the form's text values. */
function formValues(address: ClientAddress): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ ...address, is_company: address.is_company ? '1' : '0' }).map(([k, v]) => [
      k,
      v === null ? '' : String(v),
    ]),
  );
}

/**
 * The address form of the modal and of the no-JavaScript pages (SPEC §2, §5): the address's fields, validated
 * in the browser and by the page action with the same schema.
 */
export function AddressForm({
  as: FormComponent,
  action,
  address,
  addressType,
  lookups,
  lastResult,
  modal = false,
  submitting = false,
  footer,
}: {
  as: ComponentType<React.ComponentProps<typeof Form>>;
  action: string;
  address: ClientAddress | null;
  addressType: AddressType;
  lookups: AddressLookups;
  lastResult: SubmissionResult<string[]> | null | undefined;
  modal?: boolean;
  submitting?: boolean;
  footer?: ReactNode;
}) {
  const t = useT();
  // Every value of a form is text; the schema turns it into the address.
  const [form, fields] = useForm<Record<AddressFieldName | 'address_type', string>, AddressInput>({
    id: `address-form-${address?.id ?? addressType}`,
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressInputSchema }),
    defaultValue: address ? formValues(address) : { address_type: addressType, is_company: '0', country_id: ROMANIA },
  });

  return (
    <FormComponent discover="none" method="post" action={action} {...getFormProps(form)} className="space-y-4">
      {modal && <input type="hidden" name={MODAL_FIELD} value="1" />}
      <input type="hidden" name={fields.address_type.name} value={address?.address_type ?? addressType} />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded border border-brand bg-white p-3 font-semibold text-brand">
          {translateMessage(t, form.errors[0])}
        </p>
      ) : null}
      <AddressFields
        fields={fields}
        update={(name, value) => form.update({ name, value })}
        address={address}
        lookups={lookups}
        companyDetails="all"
      />

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={submitting}
          className="rounded bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-70"
        >
          {submitting ? t('addresses.form.saving') : t('addresses.form.save')}
        </button>
        {footer}
      </div>
    </FormComponent>
  );
}
