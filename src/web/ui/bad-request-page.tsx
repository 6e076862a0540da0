import { Link } from 'react-router';
import { useT } from '../i18n/i18n';

/** A 400 page (decision 010): each query value that could not be used, with its message in the shopper's language. */
export function BadRequestPage({
  fields,
  back,
}: {
  /** Field → message, translated by the loader (`withPageErrors`). */
  fields: Record<string, string>;
  back?: { href: string; label: string };
}) {
  const t = useT();
  const link = back ?? { href: '/', label: t('error.home') };
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
      <Link
        discover="none"
        to={link.href}
        className="mt-8 inline-block rounded bg-brand px-5 py-2.5 text-white hover:bg-brand-dark"
      >
        {link.label}
      </Link>
    </section>
  );
}
