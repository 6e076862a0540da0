import { data } from 'react-router';
import { requireStaff } from '../../features/admin/require-staff.server';
import type { Route } from './+types/not-found';

/** An unknown `/admin/…` path: the guard first (a visitor without a staff session goes to the login), then 404. */
export async function loader({ url, context }: Route.LoaderArgs) {
  await requireStaff(context, url, 'dashboard');
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
