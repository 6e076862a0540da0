import { redirect } from 'react-router';
import type { Route } from './+types/logout';

/** Logging out is a POST (a link could be followed by a crawler or another site): ends the session row and the cookie. */
export async function action({ context }: Route.ActionArgs) {
  await context.services.accounts.logout(context.session.token);
  context.session.clear();
  throw redirect('/pages/login?status=logged-out');
}

/** A GET changes nothing: it goes to the login page. */
export function loader() {
  return redirect('/pages/login');
}
