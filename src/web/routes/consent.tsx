import { redirect } from 'react-router';
import { consentCookie } from '../../contracts/consent';
import { consentFormSchema } from '../../contracts/consent-form';
import { parseQuery } from '../../contracts/errors';
import { sameSitePath } from '../../contracts/preferences';
import { COOKIE_POLICY_PATH } from '../../contracts/static-pages';
import { withPageErrors } from '../page-errors';
import type { Route } from './+types/consent';

/**
 * The cookie choice without JavaScript (decision 027): the banner's buttons and the cookie policy's settings
 * form post here; the answer sets the same cookie the browser sets with JavaScript and sends the visitor back
 * (303, so a reload does not post again). A choice that is not one of the forms' is the 400 page.
 */
export const action = withPageErrors(async ({ request }: Route.ActionArgs) => {
  const { choice, back } = parseQuery(consentFormSchema, Object.fromEntries(await request.formData()));
  return redirect(sameSitePath(back), { status: 303, headers: { 'Set-Cookie': consentCookie(choice) } });
});

/** Nothing to show on a GET: the choice is made on the cookie policy page. */
export function loader() {
  return redirect(`${COOKIE_POLICY_PATH}#setari`);
}

/**
 * Never rendered (the loader and the action always redirect or throw), but it makes this a page route, so a
 * refused post gets the shop's 400 page from the root error boundary rather than a resource route's JSON.
 */
export default function Consent() {
  return null;
}
