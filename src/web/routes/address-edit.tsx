import { Form, Link, useNavigation } from 'react-router';
import { requireClient } from '../features/account/require-client.server';
import { AddressForm } from '../features/addresses/address-form';
import { addressId, addressLookups, saveAddress } from '../features/addresses/address-pages.server';
import { ADDRESS_BOOK_PATH } from '../features/addresses/paths';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { withPageErrors } from '../page-errors';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/address-edit';

export const handle: I18nHandle = { i18n: ['addresses', 'validation'] };

/** "Editare adresă" as a page, for browsers without JavaScript; another client's address is the 404 page. */
export const loader = withPageErrors(async ({ context, url, params }: Route.LoaderArgs) => {
  const client = await requireClient(context, url);
  const address = await context.services.addresses.get(client.id, addressId(params.id));
  return { lang: context.prefs.lang, lookups: await addressLookups(context), address };
});

export const action = withPageErrors(async ({ context, request, url, params }: Route.ActionArgs) =>
  saveAddress(context, request, url, addressId(params.id)),
);

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [{ title: `${t('addresses.page.editTitle')} | ${t('shop.name')}` }, { name: 'robots', content: 'noindex' }];
};

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { address } = loaderData;
  return (
    <>
      <PageHeader title={t('addresses.page.editTitle')} />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <AddressForm
          as={Form}
          action={`/pages/profile/adrese/${address.id}`}
          address={address}
          addressType={address.address_type}
          lookups={loaderData.lookups}
          lastResult={actionData?.result}
          submitting={navigation.state === 'submitting'}
          footer={
            <Link discover="none" to={ADDRESS_BOOK_PATH} className="text-brand underline">
              {t('addresses.page.back')}
            </Link>
          }
        />
      </div>
    </>
  );
}
