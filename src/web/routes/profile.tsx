import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { changePasswordSchema } from '../../contracts/accounts';
import { AppError, isAppError } from '../../contracts/errors';
import {
  AVATAR_OUTCOMES,
  type AvatarOutcome,
  avatarUrl,
  nameFormSchema,
  notificationsFormSchema,
  phoneFormSchema,
  type ProfileIntent,
  profileTabOf,
} from '../../contracts/profile';
import type { ProfileActionData } from '../features/profile/action-data';
import { AddressBook } from '../features/addresses/address-book';
import { addressSummary } from '../features/addresses/address-summary';
import { requireProfileClient } from '../features/profile/require-profile-client.server';
import { AvatarForm } from '../features/profile/avatar-form';
import { NotificationsPanel } from '../features/profile/notifications-panel';
import { PasswordPanel } from '../features/profile/password-panel';
import { ProfileAvatar } from '../features/profile/profile-avatar';
import { ProfilPanel } from '../features/profile/profil-panel';
import { ProfileTabs } from '../features/profile/profile-tabs';
import { OrdersTable } from '../features/orders/orders-table';
import { orderHistoryQuerySchema } from '../../contracts/checkout';
import { parseQuery } from '../../contracts/errors';
import { assertPageExists } from '../ui/pagination';
import type { I18nHandle } from '../i18n/areas';
import { translator, useT } from '../i18n/i18n';
import { privatePageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/profile';

export const handle: I18nHandle = { i18n: ['profile', 'addresses', 'validation'] };

/** SPEC §2 Profile (guarded): no session → the login page, which brings the client back here. */
export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  // The session's copy of the client; this page's action makes it read again after changing it.
  const client = await requireProfileClient(context, url);
  const addresses = await context.services.addresses.list(client.id);
  const search = url.searchParams;
  const outcome = search.get('avatar') ?? '';
  // The orders are read only for their tab (the other tabs stay as quick as before); a tab switch to it
  // revalidates (shouldRevalidate below).
  const orders =
    profileTabOf(search.get('tab')) === 'comenzi'
      ? await context.services.orderHistory.list(
          client.id,
          parseQuery(orderHistoryQuerySchema, { page: search.get('page') ?? undefined }).page,
        )
      : null;
  if (orders) assertPageExists(orders.current_page, orders.last_page);
  return {
    lang: context.prefs.lang,
    client: {
      email: client.email,
      firstName: client.firstName,
      lastName: client.lastName,
      phone: client.phone,
      notifications: client.notifications,
      avatarUrl: avatarUrl(client),
    },
    addresses,
    orders,
    avatarOutcome: (AVATAR_OUTCOMES as readonly string[]).includes(outcome) ? (outcome as AvatarOutcome) : null,
  };
});

/** A page about the visitor: never kept by the HTML cache or a shared cache. */
export const headers = privatePageHeaders;

/** Switching tabs only changes `?tab=`: the client's data is fetched again after a form, not after a tab. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const ordersChange =
    profileTabOf(nextUrl.searchParams.get('tab')) === 'comenzi' &&
    (profileTabOf(currentUrl.searchParams.get('tab')) !== 'comenzi' ||
      currentUrl.searchParams.get('page') !== nextUrl.searchParams.get('page'));
  return (
    (ordersChange || currentUrl.searchParams.get('avatar') !== nextUrl.searchParams.get('avatar')) &&
    defaultShouldRevalidate
  );
}

/** Runs a valid form's update; a refusal by the service comes back as the form's field messages. */
async function run<T>(
  intent: ProfileIntent,
  submission: Submission<T, string[]>,
  update: (value: T) => Promise<unknown>,
  secret = false,
) {
  // Passwords are never written back into the page.
  const hideFields = secret ? ['old_pass', 'new_pass', 'new_pass_confirmation'] : undefined;
  if (submission.status !== 'success') {
    return data<ProfileActionData>({ intent, ok: false, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  try {
    await update(submission.value);
  } catch (err) {
    if (!isAppError(err) || err.code !== 'VALIDATION' || !err.fields) throw err;
    const fieldErrors = Object.fromEntries(Object.entries(err.fields).map(([name, key]) => [name, [key]]));
    return data<ProfileActionData>(
      { intent, ok: false, result: submission.reply({ fieldErrors, hideFields }) },
      { status: 400 },
    );
  }
  return data<ProfileActionData>({ intent, ok: true, result: submission.reply({ resetForm: secret, hideFields }) });
}

/** The profile's forms (name, phone, notifications, password), told apart by `intent`. */
export const action = withPageErrors(async ({ request, url, context }: Route.ActionArgs) => {
  const client = await requireProfileClient(context, url);
  // The loaders after this action (a form posted without JavaScript) must see what it changed.
  context.forgetClient();
  const formData = await request.formData();
  const { profile, accounts } = context.services;
  const intent = formData.get('intent');
  switch (intent) {
    case 'name':
      return run(intent, parseWithZod(formData, { schema: nameFormSchema }), (v) => profile.update(client.id, v));
    case 'phone':
      return run(intent, parseWithZod(formData, { schema: phoneFormSchema }), (v) => profile.update(client.id, v));
    case 'notifications':
      return run(intent, parseWithZod(formData, { schema: notificationsFormSchema }), (v) =>
        profile.setNotifications(client.id, v.notifications === 'on'),
      );
    case 'password':
      return run(
        intent,
        parseWithZod(formData, { schema: changePasswordSchema }),
        (v) => accounts.changePassword(client.id, v, context.session.token),
        true,
      );
    default:
      throw new AppError('VALIDATION', { fields: { intent: 'validation.invalid' } });
  }
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('profile.title')} | ${t('shop.name')}` },
    { name: 'description', content: t('profile.description') },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { client, addresses, orders, avatarOutcome } = loaderData;
  // SPEC §2 Profil: the read-only address is the latest delivery address (the list is newest first).
  const delivery = addresses.find((a) => a.address_type === 'delivery');
  const [params] = useSearchParams();
  const tab = profileTabOf(params.get('tab'));
  const last = actionData ?? null;
  const name = `${client.firstName} ${client.lastName}`;
  return (
    <>
      <PageHeader title={t('profile.greeting', { name })} current={t('profile.title')}>
        <div className="mt-4 flex flex-wrap items-start gap-4">
          <ProfileAvatar firstName={client.firstName} lastName={client.lastName} url={client.avatarUrl} />
          <AvatarForm hasAvatar={client.avatarUrl !== null} outcome={avatarOutcome} />
          <Form discover="none" method="post" action="/pages/logout" className="ml-auto">
            <button type="submit" className="rounded border border-line px-4 py-2 font-semibold hover:border-brand">
              {t('profile.logout')}
            </button>
          </Form>
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <ProfileTabs
          tab={tab}
          panels={{
            profil: <ProfilPanel client={client} address={delivery ? addressSummary(delivery) : null} last={last} />,
            adrese: <AddressBook addresses={addresses} />,
            comenzi: orders ? (
              <OrdersTable orders={orders} />
            ) : (
              <p className="text-muted">{t('profile.orders.loading')}</p>
            ),
            notificari: <NotificationsPanel on={client.notifications} last={last} />,
            parola: <PasswordPanel last={last} />,
          }}
        />
      </div>
    </>
  );
}
