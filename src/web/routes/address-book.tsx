import { requireClient } from '../features/account/require-client.server';
import { AddressBook } from '../features/addresses/address-book';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { withPageErrors } from '../page-errors';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/address-book';

export const handle: I18nHandle = { i18n: ['addresses', 'validation'] };

/**
 * The client's address book as a page of its own: where the address pages lead back to without
 * JavaScript, with the same component as the profile's Adrese tab.
 */
export const loader = withPageErrors(async ({ context, url }: Route.LoaderArgs) => {
  const client = await requireClient(context, url);
  return { lang: context.prefs.lang, addresses: await context.services.addresses.list(client.id) };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [{ title: `${t('addresses.page.title')} | ${t('shop.name')}` }, { name: 'robots', content: 'noindex' }];
};

export default function AddressBookPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('addresses.page.title')} />
      <div className="mx-auto max-w-5xl px-4 py-8">
        <AddressBook addresses={loaderData.addresses} />
      </div>
    </>
  );
}
