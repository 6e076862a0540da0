import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form } from 'react-router';
import { type AdminCategory, categoryActionSchema } from '../../../contracts/admin-catalogue';
import { isAppError } from '../../../contracts/errors';
import { FieldError, FormBanner } from '../../features/account/account-form';
import { AdminTitle, adminFieldClass, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminTable } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/categories';

export const handle = { i18n: ['admin-catalogue', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'catalogue');
  return { lang: context.prefs.lang, categories: await context.services.catalogueAdmin.categories() };
});

/** Every button posts here with its `intent`; the service writes the change and its audit row in one transaction. */
export const action = withPageErrors(async ({ request, url, context }: Route.ActionArgs) => {
  const staff = await requireStaff(context, url, 'catalogue');
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: categoryActionSchema });
  const form = formData.get('intent') === 'create' ? ('create' as const) : ('row' as const);
  if (submission.status !== 'success')
    return data({ form, result: submission.reply(), changed: false }, { status: 400 });
  try {
    await context.services.catalogueAdmin.categoryAction(staff.id, submission.value);
  } catch (err) {
    if (!isAppError(err) || err.status >= 500 || err.code === 'NOT_FOUND') throw err;
    const fieldErrors = Object.fromEntries(Object.entries(err.fields ?? {}).map(([name, key]) => [name, [key]]));
    const formErrors = err.fields ? [] : [err.messageKey ?? `apiError.${err.code}`];
    return data(
      { form, result: submission.reply({ fieldErrors, formErrors }), changed: false },
      { status: err.status },
    );
  }
  return data({ form, result: submission.reply({ resetForm: form === 'create' }), changed: true });
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminCatalogue.categories.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function ParentOptions({ categories, except }: { categories: AdminCategory[]; except?: number }) {
  const t = useT();
  return (
    <>
      <option value="">{t('adminCatalogue.categories.top')}</option>
      {categories
        .filter((c) => c.id !== except)
        .map((c) => (
          <option key={c.id} value={c.id}>
            {`${'— '.repeat(c.depth)}${c.name}`}
          </option>
        ))}
    </>
  );
}

function RowButton({ id, intent, label, text }: { id: number; intent: string; label: string; text: string }) {
  return (
    <Form discover="none" method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={smallButtonClass} aria-label={label}>
        {text}
      </button>
    </Form>
  );
}

/**
 * A row's indentation by its depth in the tree, as classes: the Content-Security-Policy allows no style attribute,
 * which the browser refused on a page loaded whole (the rows lost their indentation). Deeper than four levels
 * stays at the fourth's.
 */
const INDENTS = ['', 'pl-6', 'pl-12', 'pl-18', 'pl-24'];
const indentOf = (depth: number) => INDENTS[Math.min(depth, INDENTS.length - 1)];

function columns(t: Translate, all: AdminCategory[]): AdminColumn<AdminCategory>[] {
  return [
    {
      id: 'name',
      header: t('adminCatalogue.categories.name'),
      cell: ({ row }) => {
        const c = row.original;
        return (
          <Form discover="none" method="post" className={`flex flex-wrap items-end gap-2 ${indentOf(c.depth)}`}>
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={c.id} />
            <label className="text-xs">
              <span className="sr-only">{t('adminCatalogue.categories.nameFor', { name: c.name })}</span>
              <input name="name" defaultValue={c.name} className={adminFieldClass} />
            </label>
            <label className="text-xs">
              <span className="sr-only">{t('adminCatalogue.categories.nameEnFor', { name: c.name })}</span>
              <input name="nameEn" defaultValue={c.nameEn} lang="en" className={adminFieldClass} />
            </label>
            <button type="submit" className={smallButtonClass}>
              {t('adminCatalogue.categories.rename')}
            </button>
            <span className="w-full font-mono text-xs text-muted">/{c.slug}</span>
          </Form>
        );
      },
    },
    { id: 'products', header: t('adminCatalogue.categories.products'), cell: ({ row }) => row.original.products },
    {
      id: 'actions',
      header: t('adminCatalogue.categories.actions'),
      cell: ({ row }) => {
        const c = row.original;
        return (
          <div className="flex flex-wrap items-center gap-2">
            <Form discover="none" method="post" className="flex items-center gap-2">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="id" value={c.id} />
              <label>
                <span className="sr-only">{t('adminCatalogue.categories.parentFor', { name: c.name })}</span>
                <select
                  name="parentId"
                  defaultValue={c.parentId ?? ''}
                  className="rounded border border-muted bg-white px-2 py-1.5"
                >
                  <ParentOptions categories={all} except={c.id} />
                </select>
              </label>
              <button type="submit" className={smallButtonClass}>
                {t('adminCatalogue.categories.move')}
              </button>
            </Form>
            <RowButton
              id={c.id}
              intent="up"
              text="↑"
              label={t('adminCatalogue.categories.upLabel', { name: c.name })}
            />
            <RowButton
              id={c.id}
              intent="down"
              text="↓"
              label={t('adminCatalogue.categories.downLabel', { name: c.name })}
            />
            {c.products === 0 && c.children === 0 ? (
              <RowButton
                id={c.id}
                intent="delete"
                text={t('adminCatalogue.categories.delete')}
                label={t('adminCatalogue.categories.deleteLabel', { name: c.name })}
              />
            ) : (
              <span className="text-xs text-muted">{t('adminCatalogue.categories.cannotDelete')}</span>
            )}
          </div>
        );
      },
    },
  ];
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { categories } = loaderData;
  const [form, fields] = useForm({
    id: 'category-create',
    lastResult: actionData?.form === 'create' ? actionData.result : null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryActionSchema }),
  });
  const rowError =
    actionData?.form === 'row' && actionData.result?.error ? Object.values(actionData.result.error).flat()[0] : null;
  const field = (name: 'name' | 'nameEn' | 'slug' | 'parentId') => fields[name as keyof typeof fields];
  return (
    <>
      <AdminTitle>{t('adminCatalogue.categories.title')}</AdminTitle>
      <div className="mb-4 space-y-2" aria-live="polite">
        {actionData?.changed && <FormBanner tone="success">{t('adminCatalogue.categories.changed')}</FormBanner>}
        {rowError && <FormBanner tone="error">{translateMessage(t, rowError)}</FormBanner>}
      </div>
      <AdminTable
        caption={t('adminCatalogue.categories.title')}
        columns={columns(t, categories)}
        rows={categories}
        rowKey={(c) => String(c.id)}
      />
      <section
        aria-labelledby="category-create-title"
        className="mt-10 max-w-lg rounded-lg border border-line bg-white p-6"
      >
        <h2 id="category-create-title" className="mb-4 font-serif text-2xl font-bold">
          {t('adminCatalogue.categories.create')}
        </h2>
        <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
          {form.errors?.length ? <FormBanner tone="error">{translateMessage(t, form.errors[0])}</FormBanner> : null}
          <input type="hidden" name="intent" value="create" />
          {(
            [
              ['name', t('adminCatalogue.categories.name')],
              ['nameEn', t('adminCatalogue.categories.nameEn')],
              ['slug', t('adminCatalogue.categories.slug')],
            ] as const
          ).map(([name, label]) => {
            const f = field(name);
            return (
              <div key={name}>
                <label htmlFor={f.id} className="text-sm font-semibold">
                  {label}
                </label>
                <input
                  id={f.id}
                  name={f.name}
                  key={f.key}
                  defaultValue={f.initialValue as string | undefined}
                  aria-invalid={f.errors ? true : undefined}
                  aria-describedby={f.errors ? f.errorId : undefined}
                  className={adminFieldClass}
                />
                <FieldError field={f} />
              </div>
            );
          })}
          <div>
            <label htmlFor={field('parentId').id} className="text-sm font-semibold">
              {t('adminCatalogue.categories.parent')}
            </label>
            <select id={field('parentId').id} name="parentId" className={adminFieldClass}>
              <ParentOptions categories={categories} />
            </select>
            <FieldError field={field('parentId')} />
          </div>
          <button type="submit" className={smallButtonClass}>
            {t('adminCatalogue.categories.add')}
          </button>
        </Form>
      </section>
    </>
  );
}
