import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form } from 'react-router';
import { nameFormSchema, phoneFormSchema } from '../../../contracts/profile';
import { useT } from '../../i18n/i18n';
import { useHydrated } from '../../use-hydrated';
import type { ProfileActionData } from './action-data';
import { buttonClass, FieldError, FormNotice, inputClass } from './field-error';
import { InlineField } from './inline-field';
import { inputProps } from '../../ui/input-props';

interface ProfilClient {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** Without JavaScript: the name and the phone as two plain forms, validated by the page action. */
function PlainForms({ client, last }: { client: ProfilClient; last: ProfileActionData | null }) {
  const t = useT();
  const [nameForm, nameFields] = useForm({
    id: 'profile-name',
    lastResult: last?.intent === 'name' ? last.result : null,
    defaultValue: { first_name: client.firstName, last_name: client.lastName },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nameFormSchema }),
  });
  const [phoneForm, phoneFields] = useForm({
    id: 'profile-phone',
    lastResult: last?.intent === 'phone' ? last.result : null,
    defaultValue: { phone: client.phone },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneFormSchema }),
  });
  const notice =
    last && (last.intent === 'name' || last.intent === 'phone') ? (
      <FormNotice ok={last.ok} text={last.ok ? t('profile.updated') : t('profile.updateFailed')} />
    ) : null;
  return (
    <div className="space-y-6">
      {notice}
      <Form discover="none" method="post" {...getFormProps(nameForm)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="name" />
        <div>
          <label htmlFor={nameFields.first_name.id} className="font-semibold">
            {t('profile.field.firstName')}
          </label>
          <input
            {...inputProps(nameFields.first_name, { type: 'text' })}
            autoComplete="given-name"
            className={inputClass}
          />
          <FieldError id={nameFields.first_name.errorId} errors={nameFields.first_name.errors} />
        </div>
        <div>
          <label htmlFor={nameFields.last_name.id} className="font-semibold">
            {t('profile.field.lastName')}
          </label>
          <input
            {...inputProps(nameFields.last_name, { type: 'text' })}
            autoComplete="family-name"
            className={inputClass}
          />
          <FieldError id={nameFields.last_name.errorId} errors={nameFields.last_name.errors} />
        </div>
        <div>
          <button type="submit" className={buttonClass}>
            {t('profile.save')}
          </button>
        </div>
      </Form>
      <Form discover="none" method="post" {...getFormProps(phoneForm)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="phone" />
        <div>
          <label htmlFor={phoneFields.phone.id} className="font-semibold">
            {t('profile.field.phone')}
          </label>
          <input {...inputProps(phoneFields.phone, { type: 'tel' })} autoComplete="tel" className={inputClass} />
          <FieldError id={phoneFields.phone.errorId} errors={phoneFields.phone.errors} />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass}>
            {t('profile.save')}
          </button>
        </div>
      </Form>
    </div>
  );
}

/**
 * SPEC §2 Profil: name and phone editable by a click (in the browser), the e-mail read-only; without
 * JavaScript the same fields as plain forms.
 */
export function ProfilPanel({
  client,
  address,
  last,
}: {
  client: ProfilClient;
  /** The delivery address shown read-only, or null when the client has none. */
  address: string | null;
  last: ProfileActionData | null;
}) {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <div className="space-y-6">
      {hydrated ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <InlineField
            label={t('profile.field.firstName')}
            name="first_name"
            value={client.firstName}
            others={{ last_name: client.lastName }}
            intent="name"
            schema={nameFormSchema}
            autoComplete="given-name"
          />
          <InlineField
            label={t('profile.field.lastName')}
            name="last_name"
            value={client.lastName}
            others={{ first_name: client.firstName }}
            intent="name"
            schema={nameFormSchema}
            autoComplete="family-name"
          />
          <InlineField
            label={t('profile.field.phone')}
            name="phone"
            value={client.phone}
            intent="phone"
            schema={phoneFormSchema}
            type="tel"
            autoComplete="tel"
          />
        </div>
      ) : (
        <PlainForms client={client} last={last} />
      )}
      <div>
        <span className="block text-sm font-semibold text-muted">{t('profile.field.email')}</span>
        <p className="mt-1 px-3 py-2">{client.email}</p>
      </div>
      {address && (
        <div>
          <span className="block text-sm font-semibold text-muted">{t('profile.field.address')}</span>
          <p className="mt-1 px-3 py-2">{address}</p>
        </div>
      )}
    </div>
  );
}
