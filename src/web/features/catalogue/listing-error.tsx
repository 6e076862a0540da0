import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useT } from '../../i18n/i18n';
import { ErrorPage } from '../../ui/error-page';
import { NotFoundPage } from '../../ui/not-found-page';

/** A listing's error boundary: bad query values are listed with their message; a missing category is a 404. */
export function ListingError() {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isRouteErrorResponse(error) || error.status !== 400) return <ErrorPage />;
  const fields: Record<string, string> = error.data?.fields ?? {};
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <title>{`${t('listing.badRequest')} | ${t('shop.name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="font-serif text-3xl font-bold">{t('listing.badRequest')}</h1>
      <p className="mt-4">{t('listing.badRequestText')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {Object.entries(fields).map(([field, message]) => (
          <li key={field}>
            <code className="font-semibold">{field}</code>: {message}
          </li>
        ))}
      </ul>
      <Link to="/shop" className="mt-8 inline-block rounded bg-brand px-5 py-2.5 text-white hover:bg-brand-dark">
        {t('listing.backToShop')}
      </Link>
    </section>
  );
}
