import { redirect } from 'react-router';
import type { CurrentClient } from '../../../contracts/accounts';
import type { ShopLoadContext } from '../../load-context';
import { requireClient } from '../account/require-client.server';

/**
 * The profile's client. A visitor whose cookie names a session that has ended (SPEC §2/§8: a 401 profile
 * call) goes to the login page with 'Sesiunea a expirat…' and comes back to the profile after it; one who
 * never logged in just goes to the login page.
 */
export async function requireProfileClient(context: ShopLoadContext, url: URL): Promise<CurrentClient> {
  if (context.session.token && !(await context.client())) {
    throw redirect(`/pages/login?${new URLSearchParams({ status: 'expired', redirectTo: '/pages/profile' })}`);
  }
  return requireClient(context, url);
}
