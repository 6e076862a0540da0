import { redirect } from 'react-router';
import type { Route } from './+types/logout';

/** A POST, like the shop's logout: ends the staff session's row and its cookie. */
export async function action({ context }: Route.ActionArgs) {
  await context.services.staff.logout(context.staffSession.token);
  context.staffSession.clear();
  throw redirect('/admin/login?status=logged-out');
}

/** A GET changes nothing. */
export function loader() {
  return redirect('/admin/login');
}
