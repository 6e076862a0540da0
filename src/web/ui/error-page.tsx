import { useT } from '../i18n/i18n';

/** Shown for any unexpected error: a friendly message, never a stack trace. */
export function ErrorPage() {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{`${t('error.title')} | ${t('shop.name')}`}</title>
      <h1 className="font-serif text-3xl font-bold">{t('error.title')}</h1>
      <p className="mt-4 text-muted">{t('error.text')}</p>
      <a href="/" className="mt-8 inline-block rounded bg-brand px-5 py-2.5 text-white hover:bg-brand-dark">
        {t('error.home')}
      </a>
    </section>
  );
}
