import { redirect } from 'react-router';

/** SPEC §2: the empty path under /pages goes to the profile. */
export function loader() {
  return redirect('/pages/profile');
}
