import { Link } from 'react-router';
import { useT } from '../i18n/i18n';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${t('notFound.title')} | ${t('shop.name')}`}</title>
      <meta name="robots" content="noindex" />
      <p className="font-serif text-7xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-serif text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-4 text-muted">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link discover="none" to="/" className="rounded bg-brand px-5 py-2.5 text-white hover:bg-brand-dark">
          {t('notFound.home')}
        </Link>
        <Link
          discover="none"
          to="/pages/search"
          className="rounded border border-brand px-5 py-2.5 text-brand hover:bg-white"
        >
          {t('notFound.search')}
        </Link>
      </div>
    </section>
  );
}
