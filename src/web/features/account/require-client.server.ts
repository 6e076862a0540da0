import { redirect } from 'react-router';
import type { CurrentClient } from '../../../contracts/accounts';
import type { ShopLoadContext } from '../../load-context';

/**
 * The logged-in client of a page about the visitor (profile, and later checkout parts), or a redirect
 * to the login page that brings the visitor back here (path and query) after logging in.
 */
export async function requireClient(context: ShopLoadContext, url: URL): Promise<CurrentClient> {
  const client = await context.client();
  if (client) return client;
  throw redirect(`/pages/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
}
