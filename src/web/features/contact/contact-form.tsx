import { type FieldMetadata, getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Form, useNavigation } from 'react-router';
import { contactMessageSchema, HONEYPOT_FIELD } from '../../../contracts/contact';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { inputProps } from '../../ui/input-props';

const inputClass =
  'mt-1 w-full rounded border border-line bg-white px-3 py-2 aria-[invalid=true]:border-brand aria-[invalid=true]:bg-brand/5';

/** The schema's messages are keys (decision 010), shown in the shopper's language. */
function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  const t = useT();
  if (!field.errors?.length) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm font-semibold text-brand">
      {translateMessage(t, field.errors[0])}
    </p>
  );
}

/**
 * "Trimite un mesaj": validated in the browser and again by the page action with the same schema (Conform +
 * zod); works without JavaScript. The honeypot field is invisible to people and left empty by them.
 */
export function ContactForm({ lastResult, sent }: { lastResult: SubmissionResult<string[]> | null; sent: boolean }) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactMessageSchema }),
  });
  return (
    <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
      {sent && (
        <p role="status" className="rounded border border-leaf bg-leaf/10 p-3 font-semibold text-leaf">
          {t('contact.sent')}
        </p>
      )}
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded border border-brand bg-white p-3 font-semibold text-brand">
          {form.errors[0]}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.name.id} className="font-semibold">
            {t('contact.name')} <span aria-hidden="true">*</span>
          </label>
          <input {...inputProps(fields.name, { type: 'text' })} autoComplete="name" className={inputClass} />
          <FieldError field={fields.name} />
        </div>
        <div>
          <label htmlFor={fields.email.id} className="font-semibold">
            {t('contact.email')} <span aria-hidden="true">*</span>
          </label>
          <input {...inputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
          <FieldError field={fields.email} />
        </div>
        <div>
          <label htmlFor={fields.phone.id} className="font-semibold">
            {t('contact.phone')}
          </label>
          <input {...inputProps(fields.phone, { type: 'tel' })} autoComplete="tel" className={inputClass} />
          <FieldError field={fields.phone} />
        </div>
        <div>
          <label htmlFor={fields.subject.id} className="font-semibold">
            {t('contact.subject')} <span aria-hidden="true">*</span>
          </label>
          <input {...inputProps(fields.subject, { type: 'text' })} className={inputClass} />
          <FieldError field={fields.subject} />
        </div>
      </div>
      <div>
        <label htmlFor={fields.message.id} className="font-semibold">
          {t('contact.message')} <span aria-hidden="true">*</span>
        </label>
        <textarea {...getTextareaProps(fields.message)} rows={6} className={inputClass} />
        <FieldError field={fields.message} />
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t('contact.honeypot')}</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <div className="flex items-start gap-2">
          <input
            {...inputProps(fields.consent, { type: 'checkbox', value: 'on' })}
            className="mt-1 size-4 accent-brand"
          />
          <label htmlFor={fields.consent.id}>{t('contact.consent')}</label>
        </div>
        <FieldError field={fields.consent} />
      </div>
      <p className="text-sm text-muted">{t('contact.required')}</p>
      <button
        type="submit"
        disabled={sending}
        className="rounded bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-70"
      >
        {sending ? t('contact.sending') : t('contact.submit')}
      </button>
    </Form>
  );
}
