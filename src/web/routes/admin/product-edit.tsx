import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { type AdminProduct, productActionSchema } from '../../../contracts/admin-catalogue';
import { AppError, isAppError } from '../../../contracts/errors';
import { numericIdSchema } from '../../../contracts/pagination';
import { canOpen } from '../../../contracts/staff';
import { FormBanner } from '../../features/account/account-form';
import { AdminTitle } from '../../features/admin/admin-form';
import { ProductEditor, StockEditor } from '../../features/admin/product-editor';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/product-edit';

export const handle = { i18n: ['admin-catalogue', 'validation', 'personalization'] };

/** `/admin/products/new` has no id; `/admin/products/:id` a number (anything else is a 404). */
function productId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const parsed = numericIdSchema.safeParse(params.id);
  if (!parsed.success) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.product' });
  return parsed.data;
}

export const loader = withPageErrors(async ({ url, context, params }: Route.LoaderArgs) => {
  const id = productId(params);
  // A new product is the admin's; an existing one opens to the stock roles too (the operator sees its stock only).
  const staff = await requireStaff(context, url, id === null ? 'catalogue' : 'stock');
  const admin = context.services.catalogueAdmin;
  const [product, categories] = await Promise.all([id === null ? null : admin.product(id), admin.categories()]);
  return {
    lang: context.prefs.lang,
    canEdit: canOpen(staff.role, 'catalogue'),
    product,
    categories: categories.map((c) => ({ id: c.id, name: c.name, depth: c.depth })),
    notice: url.searchParams.get('created') === '1' ? ('created' as const) : null,
  };
});

/**
 * Every button of the editor posts here with its `intent`: save (create or edit), archive, unarchive (the
 * admin's), and the stock form (admin and operator). Each write is one transaction with its audit row.
 */
export const action = withPageErrors(async ({ request, url, context, params }: Route.ActionArgs) => {
  const id = productId(params);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const staff = await requireStaff(context, url, intent === 'stock' && id !== null ? 'stock' : 'catalogue');
  const submission = parseWithZod(formData, { schema: productActionSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), notice: null }, { status: 400 });
  const input = submission.value;
  const admin = context.services.catalogueAdmin;
  try {
    // New pictures are stored (and removed ones dropped) before the product's transaction; a picture stored
    // for a save that then fails stays unreferenced, which decision 023 accepts.
    const saved = input.intent === 'save' ? { ...input, images: await context.services.media.gallery(input) } : null;
    if (saved && id === null) {
      const created = await admin.create(staff.id, saved);
      return redirect(`/admin/products/${created}?created=1`);
    }
    if (id === null) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.product' });
    switch (input.intent) {
      case 'save':
        await admin.update(staff.id, id, saved ?? input);
        return data({ result: submission.reply(), notice: 'saved' as const });
      case 'stock':
        await admin.setStock(staff.id, id, input);
        return data({ result: submission.reply(), notice: 'stockSaved' as const });
      case 'archive':
      case 'unarchive':
        await admin.setArchived(staff.id, id, input.intent === 'archive');
        return data({
          result: null,
          notice: input.intent === 'archive' ? ('archived' as const) : ('unarchived' as const),
        });
    }
  } catch (err) {
    if (!isAppError(err) || err.status >= 500 || err.code === 'NOT_FOUND') throw err;
    const fieldErrors = Object.fromEntries(Object.entries(err.fields ?? {}).map(([name, key]) => [name, [key]]));
    const formErrors = err.fields ? [] : [err.messageKey ?? `apiError.${err.code}`];
    return data({ result: submission.reply({ fieldErrors, formErrors }), notice: null }, { status: err.status });
  }
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  const title = loaded?.product
    ? t('adminCatalogue.editor.titleEdit', { title: loaded.product.title })
    : t('adminCatalogue.editor.titleNew');
  return [{ title: `${title} | ${t('admin.brand')}` }, { name: 'robots', content: 'noindex, nofollow' }];
};

export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { product, categories, canEdit } = loaderData;
  const notice = actionData?.notice ?? loaderData.notice;
  return (
    <>
      <AdminTitle>
        {product ? t('adminCatalogue.editor.titleEdit', { title: product.title }) : t('adminCatalogue.editor.titleNew')}
      </AdminTitle>
      <div className="mb-4 space-y-2" aria-live="polite">
        {notice && <FormBanner tone="success">{t(`adminCatalogue.editor.${noticeKey[notice]}`)}</FormBanner>}
        {product?.archived && <FormBanner tone="error">{t('adminCatalogue.editor.archivedNote')}</FormBanner>}
      </div>
      {canEdit ? (
        <ProductEditor
          key={product?.id ?? 'new'}
          product={product}
          categories={categories}
          lastResult={actionData?.result ?? null}
        />
      ) : (
        product && <StockEditor product={product as AdminProduct} lastResult={actionData?.result ?? null} />
      )}
    </>
  );
}

const noticeKey = {
  created: 'created',
  saved: 'saved',
  stockSaved: 'stockSaved',
  archived: 'archivedDone',
  unarchived: 'unarchivedDone',
} as const;
