import { redirect } from 'react-router';
import { isAppError } from '../../contracts/errors';
import type { AvatarOutcome } from '../../contracts/profile';
import { withPageErrors } from '../page-errors';
import { requireProfileClient } from '../features/profile/require-profile-client.server';
import type { Route } from './+types/profile-avatar';

const back = (outcome: AvatarOutcome) => redirect(`/pages/profile?tab=profil&avatar=${outcome}`);

/** Only the form posts here; a visit goes to the profile. */
export function loader() {
  return redirect('/pages/profile');
}

/**
 * The profile photo's form (multipart; its body limit is raised in server/edges.ts for this path only):
 * upload or remove, then back to the profile, which says how it went. The service checks the bytes.
 */
export const action = withPageErrors(async ({ request, url, context }: Route.ActionArgs) => {
  const client = await requireProfileClient(context, url);
  const form = await request.formData();
  const { profile } = context.services;
  if (form.get('intent') === 'remove') {
    await profile.removeAvatar(client.id);
    return back('removed');
  }
  const file = form.get('avatar');
  if (!(file instanceof File) || file.size === 0) return back('type');
  try {
    await profile.setAvatar(client.id, new Uint8Array(await file.arrayBuffer()));
  } catch (err) {
    if (isAppError(err) && err.code === 'PAYLOAD_TOO_LARGE') return back('size');
    if (isAppError(err) && err.code === 'VALIDATION') return back('type');
    throw err;
  }
  return back('saved');
});
