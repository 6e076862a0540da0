import { Link } from 'react-router';
import type { FieldErrors } from '../../contracts/errors';
import { useT } from '../i18n/i18n';
import { translateMessage } from '../i18n/validation';

/** A 400 page (decision 010): each query value that could not be used, with its message in the shopper's language. */
export function BadRequestPage({ fields, back }: { fields: FieldErrors; back?: { href: string; label: string } }) {
  const t = useT();
  const link = back ?? { href: '/', label: t('error.home') };
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <title>{`${t('listing.badRequest')} | ${t('shop.name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="font-serif text-3xl font-bold">{t('listing.badRequest')}</h1>
      <p className="mt-4">{t('listing.badRequestText')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {Object.entries(fields).map(([field, key]) => (
          <li key={field}>
            <code className="font-semibold">{field}</code>: {translateMessage(t, key)}
          </li>
        ))}
      </ul>
      <Link to={link.href} className="mt-8 inline-block rounded bg-brand px-5 py-2.5 text-white hover:bg-brand-dark">
        {link.label}
      </Link>
    </section>
  );
}
