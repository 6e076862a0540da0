import { Form, Link, redirect } from 'react-router';
import { requireClient } from '../features/account/require-client.server';
import { addressSummary } from '../features/addresses/address-summary';
import { addressId } from '../features/addresses/address-pages.server';
import { ADDRESS_BOOK_PATH } from '../features/addresses/paths';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { withPageErrors } from '../page-errors';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/address-delete';

export const handle: I18nHandle = { i18n: ['addresses'] };

/** The delete confirmation as a page, for browsers without JavaScript (the address book asks in a dialog). */
export const loader = withPageErrors(async ({ context, url, params }: Route.LoaderArgs) => {
  const client = await requireClient(context, url);
  const address = await context.services.addresses.get(client.id, addressId(params.id));
  return { lang: context.prefs.lang, address };
});

/** Deletes the client's address; another client's id is the 404 page and deletes nothing. */
export const action = withPageErrors(async ({ context, request, url, params }: Route.ActionArgs) => {
  const client = await requireClient(context, url);
  await context.services.addresses.remove(client.id, addressId(params.id));
  const modal = (await request.formData()).get('_modal') === '1';
  if (!modal) throw redirect(ADDRESS_BOOK_PATH);
  return { deleted: true };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [{ title: `${t('addresses.delete.title')} | ${t('shop.name')}` }, { name: 'robots', content: 'noindex' }];
};

export default function DeleteAddress({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { address } = loaderData;
  return (
    <>
      <PageHeader title={t('addresses.delete.title')} />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <p>{t('addresses.delete.text', { address: addressSummary(address) })}</p>
        <Form discover="none" method="post" className="mt-6 flex flex-wrap items-center gap-4">
          <button type="submit" className="rounded bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark">
            {t('addresses.delete.confirm')}
          </button>
          <Link discover="none" to={ADDRESS_BOOK_PATH} className="text-brand underline">
            {t('addresses.cancel')}
          </Link>
        </Form>
      </div>
    </>
  );
}
