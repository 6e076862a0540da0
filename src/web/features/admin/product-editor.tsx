import {
  type FieldMetadata,
  getFormProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import {
  type AdminProduct,
  baniToLeiInput,
  buildPersonalizationForm,
  personalizationEditorInput,
  personalizationEditorRows,
  productActionSchema,
} from '../../../contracts/admin-catalogue';
import { productTypes } from '../../../contracts/catalogue';
import { formatCurrencyAmount, VAT_RATES } from '../../../contracts/money';
import { PERSONALIZATION_INPUT_TYPES, type PersonalizationForm } from '../../../contracts/personalization';
import { useLanguage, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { buttonClass, FieldError, FormBanner } from '../account/account-form';
import { PersonalizationFields } from '../product/personalization-fields';
import { adminFieldClass, fieldRows, rowKey, smallButtonClass } from './admin-form';
import { ImagesField } from './images-field';
import { inputProps } from '../../ui/input-props';

/** Blank personalisation rows offered after the form's own, so a field can be added without JavaScript. */
const BLANK_INPUT_ROWS = 3;

type Field = FieldMetadata<unknown>;

/** Conform's props without `required`: the schema's message shows, not the browser's bubble. */
function noNative<P extends { required?: boolean }>(props: P) {
  const { required: _native, ...rest } = props;
  return rest;
}

function Labelled({
  field,
  label,
  children,
  hint,
}: {
  field: Field;
  label: string;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
      <FieldError field={field} />
    </div>
  );
}

function TextInput({
  field,
  label,
  hint,
  inputMode,
}: {
  field: Field;
  label: string;
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <Labelled field={field} label={label} hint={hint}>
      <input {...inputProps(field, { type: 'text' })} inputMode={inputMode} className={adminFieldClass} />
    </Labelled>
  );
}

function TextArea({ field, label, rows = 3 }: { field: Field; label: string; rows?: number }) {
  return (
    <Labelled field={field} label={label}>
      <textarea
        {...noNative(getTextareaProps(field as FieldMetadata<string>))}
        rows={rows}
        className={adminFieldClass}
      />
    </Labelled>
  );
}

function Select({
  field,
  label,
  options,
}: {
  field: Field;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Labelled field={field} label={label}>
      <select {...noNative(getSelectProps(field as FieldMetadata<string>))} className={adminFieldClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

function Checkbox({ field, label }: { field: Field; label: string }) {
  return (
    <div>
      <label className="flex items-center gap-2 text-sm font-semibold">
        <input {...inputProps(field, { type: 'checkbox' })} className="h-4 w-4" />
        {label}
      </label>
      <FieldError field={field} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-line bg-white p-4">
      <legend className="px-1 font-serif text-lg font-bold">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The form's starting values: the product's, as the fields hold them (lei as "12,50", lists one a line). */
function defaultsOf(product: AdminProduct | null) {
  const rows = personalizationEditorRows(product?.personalizationForm ?? null);
  const lastSection = rows[rows.length - 1]?.section ?? '';
  const blank = Array.from({ length: BLANK_INPUT_ROWS }, (_, i) => ({
    section: lastSection,
    row: String(rows.length + i + 1 > 20 ? 20 : rows.length + i + 1),
    column: '1',
    type: 'text',
  }));
  if (!product)
    return {
      language: 'ro',
      vatRate: '11',
      productType: 'carte',
      isInStock: 'on',
      weightGrams: '0',
      quantity: '0',
      personalization: blank,
    };
  return {
    title: product.title,
    slug: product.slug,
    sku: product.sku,
    isbn: product.isbn ?? '',
    authors: product.authors.join('\n'),
    publisher: product.publisher ?? '',
    binding: product.binding ?? '',
    pages: product.pages === null ? '' : String(product.pages),
    language: product.language,
    bibleTranslation: product.bibleTranslation ?? '',
    year: product.year === null ? '' : String(product.year),
    dimensions: product.dimensions ?? '',
    description: product.description,
    vatRate: String(product.vatRate),
    weightGrams: String(product.weightGrams),
    sellingPrice: baniToLeiInput(product.sellingPrice),
    specialPrice: baniToLeiInput(product.specialPrice),
    acquisitionPrice: baniToLeiInput(product.acquisitionPrice),
    quantity: String(product.quantity),
    isInStock: product.isInStock ? 'on' : '',
    productType: product.productType,
    categoryId: String(product.categoryId),
    hasPersonalization: product.hasPersonalization ? 'on' : '',
    personalizationRequired: product.personalizationRequired ? 'on' : '',
    personalization: [...rows, ...blank],
  };
}

/** The personalisation form the editor's rows describe now, for the preview (null while none is complete). */
function previewForm(value: unknown): PersonalizationForm | null {
  if (!Array.isArray(value)) return null;
  const rows = value.flatMap((v) => {
    const parsed = personalizationEditorInput.safeParse(v ?? {});
    return parsed.success && parsed.data.name !== '' && parsed.data.label !== '' ? [parsed.data] : [];
  });
  return buildPersonalizationForm(rows);
}

/**
 * What the shopper will see: the shop's own personalisation component (features/product), disabled, fed
 * the form the editor's rows make as they are typed.
 */
function PersonalizationPreview({
  form,
  required,
  unitPrice,
}: {
  form: PersonalizationForm | null;
  required: boolean;
  unitPrice: number;
}) {
  const t = useT();
  // No validation: the preview's inputs are disabled, only their look matters.
  const [preview, fields] = useForm<{ personalization: Record<string, string> }>({ id: 'personalization-preview' });
  return (
    <section aria-labelledby="preview-title" className="rounded-lg border border-line bg-white p-4">
      <h2 id="preview-title" className="mb-2 font-serif text-lg font-bold">
        {t('adminCatalogue.editor.preview')}
      </h2>
      {form ? (
        <form {...getFormProps(preview)} onSubmit={(e) => e.preventDefault()}>
          <fieldset disabled className="contents">
            <PersonalizationFields
              form={form}
              required={required}
              unitPrice={unitPrice}
              fields={fields.personalization.getFieldset()}
            />
          </fieldset>
        </form>
      ) : (
        <p className="text-sm text-muted">{t('adminCatalogue.editor.previewEmpty')}</p>
      )}
    </section>
  );
}

function PersonalizationRows({ list }: { list: FieldMetadata<Record<string, unknown>>[] }) {
  const t = useT();
  return (
    <ol className="space-y-4">
      {list.map((item, i) => {
        const f = item.getFieldset() as Record<string, Field>;
        return (
          <li key={rowKey(item, i)} className="rounded border border-line p-3">
            <fieldset>
              <legend className="text-sm font-bold">{t('adminCatalogue.editor.input', { number: i + 1 })}</legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
                <TextInput field={f.section} label={t('adminCatalogue.editor.input.section')} />
                <TextInput field={f.row} label={t('adminCatalogue.editor.input.row')} inputMode="numeric" />
                <TextInput field={f.column} label={t('adminCatalogue.editor.input.column')} inputMode="numeric" />
                <TextInput field={f.name} label={t('adminCatalogue.editor.input.name')} />
                <TextInput field={f.label} label={t('adminCatalogue.editor.input.label')} />
                <Select
                  field={f.type}
                  label={t('adminCatalogue.editor.input.type')}
                  options={PERSONALIZATION_INPUT_TYPES.map((type) => ({
                    value: type,
                    label: t(`adminCatalogue.editor.input.type.${type}`),
                  }))}
                />
                <TextInput field={f.cost} label={t('adminCatalogue.editor.input.cost')} inputMode="decimal" />
                <TextInput field={f.maxLength} label={t('adminCatalogue.editor.input.maxLength')} inputMode="numeric" />
                <TextInput field={f.value} label={t('adminCatalogue.editor.input.value')} />
                <div className="sm:col-span-2">
                  <TextArea field={f.options} label={t('adminCatalogue.editor.input.options')} rows={2} />
                </div>
                <div className="sm:col-span-2">
                  <TextArea field={f.examples} label={t('adminCatalogue.editor.input.examples')} rows={2} />
                </div>
                <div className="flex items-end">
                  <Checkbox field={f.required} label={t('adminCatalogue.editor.input.required')} />
                </div>
              </div>
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}

/** The admin's editor: every field of the product, the personalisation form with its live preview, archive. */
export function ProductEditor({
  product,
  categories,
  lastResult,
}: {
  product: AdminProduct | null;
  categories: { id: number; name: string; depth: number }[];
  lastResult: SubmissionResult<string[]> | null;
}) {
  const t = useT();
  const lang = useLanguage();
  const [form, fields] = useForm({
    id: 'product-editor',
    defaultValue: defaultsOf(product),
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productActionSchema }),
  });
  const f = fields as unknown as Record<
    string,
    Field & { getFieldList: () => FieldMetadata<Record<string, unknown>>[] }
  >;
  const value = form.value as Record<string, unknown> | undefined;
  const preview = previewForm(value?.personalization);
  const unitPrice = product?.specialPrice ?? product?.sellingPrice ?? 0;
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
      <Form discover="none" method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
        {form.errors?.length ? <FormBanner tone="error">{translateMessage(t, form.errors[0])}</FormBanner> : null}
        {lastResult?.error && Object.keys(lastResult.error).length > 0 && !form.errors?.length && (
          <FormBanner tone="error">{t('adminCatalogue.editor.error')}</FormBanner>
        )}
        <input type="hidden" name="intent" value="save" />
        <Section title={t('adminCatalogue.editor.section.main')}>
          <div className="sm:col-span-2">
            <TextInput field={f.title} label={t('adminCatalogue.editor.fieldTitle')} />
          </div>
          <TextInput field={f.sku} label={t('adminCatalogue.editor.sku')} />
          <TextInput
            field={f.slug}
            label={t('adminCatalogue.editor.slug')}
            hint={t('adminCatalogue.editor.slugHint')}
          />
          <Select
            field={f.categoryId}
            label={t('adminCatalogue.editor.category')}
            options={categories.map((c) => ({ value: String(c.id), label: `${'— '.repeat(c.depth)}${c.name}` }))}
          />
          <Select
            field={f.productType}
            label={t('adminCatalogue.editor.productType')}
            options={productTypes.map((type) => ({ value: type, label: t(`adminCatalogue.editor.type.${type}`) }))}
          />
          <div className="sm:col-span-2">
            <TextArea field={f.description} label={t('adminCatalogue.editor.description')} rows={6} />
          </div>
        </Section>
        <Section title={t('adminCatalogue.editor.section.book')}>
          <TextInput field={f.isbn} label={t('adminCatalogue.editor.isbn')} />
          <TextArea field={f.authors} label={t('adminCatalogue.editor.authors')} rows={2} />
          <TextInput field={f.publisher} label={t('adminCatalogue.editor.publisher')} />
          <TextInput field={f.binding} label={t('adminCatalogue.editor.binding')} />
          <TextInput field={f.pages} label={t('adminCatalogue.editor.pages')} inputMode="numeric" />
          <TextInput field={f.year} label={t('adminCatalogue.editor.year')} inputMode="numeric" />
          <TextInput field={f.language} label={t('adminCatalogue.editor.language')} />
          <TextInput field={f.bibleTranslation} label={t('adminCatalogue.editor.bibleTranslation')} />
          <TextInput field={f.dimensions} label={t('adminCatalogue.editor.dimensions')} />
          <TextInput field={f.weightGrams} label={t('adminCatalogue.editor.weight')} inputMode="numeric" />
        </Section>
        <Section title={t('adminCatalogue.editor.section.prices')}>
          <TextInput field={f.sellingPrice} label={t('adminCatalogue.editor.sellingPrice')} inputMode="decimal" />
          <TextInput field={f.specialPrice} label={t('adminCatalogue.editor.specialPrice')} inputMode="decimal" />
          <TextInput
            field={f.acquisitionPrice}
            label={t('adminCatalogue.editor.acquisitionPrice')}
            inputMode="decimal"
          />
          <Select
            field={f.vatRate}
            label={t('adminCatalogue.editor.vatRate')}
            options={VAT_RATES.map((r) => ({ value: String(r), label: `${r}%` }))}
          />
          {product?.referencePrice != null && (
            <p className="text-sm text-muted sm:col-span-2">
              {t('adminCatalogue.editor.referencePrice', {
                amount: formatCurrencyAmount({ sum: product.referencePrice, currency: 'RON' }, lang),
              })}
            </p>
          )}
        </Section>
        <Section title={t('adminCatalogue.editor.section.stock')}>
          <TextInput field={f.quantity} label={t('adminCatalogue.editor.quantity')} inputMode="numeric" />
          <div className="flex items-end">
            <Checkbox field={f.isInStock} label={t('adminCatalogue.editor.isInStock')} />
          </div>
        </Section>
        <ImagesField
          legend={t('adminCatalogue.editor.section.images')}
          images={product?.images ?? []}
          field={f.newImages}
        />
        <fieldset className="rounded-lg border border-line bg-white p-4">
          <legend className="px-1 font-serif text-lg font-bold">
            {t('adminCatalogue.editor.section.personalization')}
          </legend>
          <div className="mb-3 flex flex-wrap gap-6">
            <Checkbox field={f.hasPersonalization} label={t('adminCatalogue.editor.hasPersonalization')} />
            <Checkbox field={f.personalizationRequired} label={t('adminCatalogue.editor.personalizationRequired')} />
          </div>
          <p className="mb-3 text-sm text-muted">{t('adminCatalogue.editor.personalizationIntro')}</p>
          <FieldError field={f.personalization} />
          <PersonalizationRows list={fieldRows(f.personalization)} />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={`${buttonClass} sm:w-auto`}>
            {t('adminCatalogue.editor.save')}
          </button>
          <Link discover="none" to="/admin/products" className="text-brand underline">
            {t('adminCatalogue.editor.back')}
          </Link>
        </div>
      </Form>
      <aside className="space-y-4">
        {product && (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-white p-4">
            <Form discover="none" method="post">
              <input type="hidden" name="intent" value={product.archived ? 'unarchive' : 'archive'} />
              <button type="submit" className={smallButtonClass}>
                {product.archived ? t('adminCatalogue.editor.unarchive') : t('adminCatalogue.editor.archive')}
              </button>
            </Form>
            {!product.archived && (
              <a href={`/produs/${product.slug}`} className="text-brand underline">
                {t('adminCatalogue.editor.view')}
              </a>
            )}
          </div>
        )}
        <PersonalizationPreview
          form={preview}
          required={value?.personalizationRequired === 'on'}
          unitPrice={unitPrice}
        />
      </aside>
    </div>
  );
}

/** The operator's view of a product: its name and code, and the stock form only. */
export function StockEditor({
  product,
  lastResult,
}: {
  product: AdminProduct;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'stock-editor',
    defaultValue: { quantity: String(product.quantity), isInStock: product.isInStock ? 'on' : '' },
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productActionSchema }),
  });
  const f = fields as unknown as Record<string, Field>;
  return (
    <Form
      discover="none"
      method="post"
      {...getFormProps(form)}
      className="max-w-lg space-y-4 rounded-lg border border-line bg-white p-6"
    >
      <p>
        <span className="font-mono">{product.sku}</span> · {t('adminCatalogue.editor.stockOnly')}
      </p>
      <input type="hidden" name="intent" value="stock" />
      <TextInput field={f.quantity} label={t('adminCatalogue.editor.quantity')} inputMode="numeric" />
      <Checkbox field={f.isInStock} label={t('adminCatalogue.editor.isInStock')} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={`${buttonClass} sm:w-auto`}>
          {t('adminCatalogue.editor.saveStock')}
        </button>
        <Link discover="none" to="/admin/products" className="text-brand underline">
          {t('adminCatalogue.editor.back')}
        </Link>
      </div>
    </Form>
  );
}
