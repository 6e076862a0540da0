import { Form, Link, useNavigation } from 'react-router';
import { AddressForm } from '../features/addresses/address-form';
import { addressLookups, addressTypeOf, saveAddress } from '../features/addresses/address-pages.server';
import { requireClient } from '../features/account/require-client.server';
import { ADDRESS_BOOK_PATH } from '../features/addresses/paths';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { withPageErrors } from '../page-errors';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/address-new';

export const handle: I18nHandle = { i18n: ['addresses', 'validation'] };

/** The address form as a page (`?type=billing|delivery`): the modal's form for browsers without JavaScript. */
export const loader = withPageErrors(async ({ context, url }: Route.LoaderArgs) => {
  await requireClient(context, url);
  return { lang: context.prefs.lang, lookups: await addressLookups(context), addressType: addressTypeOf(url) };
});

export const action = withPageErrors(async ({ context, request, url }: Route.ActionArgs) =>
  saveAddress(context, request, url, null),
);

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [{ title: `${t('addresses.page.newTitle')} | ${t('shop.name')}` }, { name: 'robots', content: 'noindex' }];
};

export default function NewAddress({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  return (
    <>
      <PageHeader title={t('addresses.page.newTitle')} />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h2 className="mb-4 font-serif text-xl font-bold">
          {t(loaderData.addressType === 'billing' ? 'addresses.form.billing' : 'addresses.form.delivery')}
        </h2>
        <AddressForm
          as={Form}
          action={`/pages/profile/adrese/noua?type=${loaderData.addressType}`}
          address={null}
          addressType={loaderData.addressType}
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
