import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useT } from '../../i18n/i18n';
import type { PageErrorData } from '../../page-errors';
import { BadRequestPage, ErrorPage, NotFoundPage } from '../../ui/lazy-error-pages';

/** A listing's error boundary: bad query values are listed with their message; a missing category is a 404. */
export function ListingError() {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isRouteErrorResponse(error) || error.status !== 400) return <ErrorPage />;
  const fields = (error.data as PageErrorData | null)?.fields ?? {};
  return <BadRequestPage fields={fields} back={{ href: '/shop', label: t('listing.backToShop') }} />;
}
