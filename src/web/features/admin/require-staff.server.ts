import { data, redirect } from 'react-router';
import { type AdminArea, type CurrentStaff, canOpen, pendingStep } from '../../../contracts/staff';
import type { ShopLoadContext } from '../../load-context';

/**
 * The one guard of the back office's pages (issue 13 item 1), called by every admin loader and action:
 *
 * - no staff session (an anonymous visitor, a client with only the shop's `sid`): to `/admin/login`,
 *   which brings them back here;
 * - a one-time password not yet changed, or a TOTP second factor that the role requires and that is not
 *   set up: to that step's page, and nowhere else (`step` names the page asking, which is allowed);
 * - a role that may not open this area (contracts/staff.ts ADMIN_AREAS): 403.
 */
export async function requireStaff(
  context: ShopLoadContext,
  url: URL,
  area: AdminArea | { step: 'password' | 'totp' },
): Promise<CurrentStaff> {
  const staff = await context.staff();
  if (!staff) {
    throw redirect(`/admin/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`);
  }
  const pending = pendingStep(staff);
  if (typeof area === 'object') {
    // The password comes first; the TOTP setup page opens once it is done (or any time, to set TOTP up).
    if (area.step === 'totp' && pending === 'password') throw redirect('/admin/password');
    return staff;
  }
  if (pending === 'password') throw redirect('/admin/password');
  if (pending === 'totp') throw redirect('/admin/totp-setup');
  if (!canOpen(staff.role, area)) throw data(null, { status: 403 });
  return staff;
}

/** Where a login may go back to: a path of the back office, else its dashboard. */
export function adminRedirectPath(value: string | null): string {
  if (!value || !/^\/admin(\/|\?|$)/.test(value) || value.startsWith('/admin/login') || value.length > 2000)
    return '/admin';
  return value;
}
