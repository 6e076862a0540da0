import type { I18nHandle } from '../i18n/areas';
import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router';
import { type AboutSlideId, aboutSlideOf, LAUNCH_YEAR } from '../../contracts/about';
import { AboutSlider } from '../features/about/about-slider';
import { translator, useLanguage, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/about';
import { publicPageHeaders } from '../http-cache';
import { formatNumber } from '../../contracts/money';

export const handle: I18nHandle = { i18n: ['content'] };

export async function loader({ context }: Route.LoaderArgs) {
  const stats = await context.services.statistics.aboutDetails();
  return { stats, lang: context.prefs.lang, url: `${context.publicUrl}/pages/about` };
}

/** Changing slide only changes ?slide=; the statistics need not be fetched again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  const t = translator(data?.lang ?? 'ro');
  return [
    { title: `${t('page.about')} | ${t('shop.name')}` },
    { name: 'description', content: t('about.description') },
    { tagName: 'link', rel: 'canonical', href: data?.url ?? '' },
  ];
};

export default function About({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const slide = aboutSlideOf(params.get('slide'));
  const { stats } = loaderData;
  const strip = [
    { value: `${formatNumber(stats.customers, lang)}+`, label: t('about.stats.customers') },
    { value: String(LAUNCH_YEAR), label: t('about.stats.launched') },
    { value: `${formatNumber(stats.client_orders, lang)}+`, label: t('about.stats.orders') },
    { value: `${formatNumber(stats.products, lang)}+`, label: t('about.stats.products') },
  ];
  const select = (id: AboutSlideId) => setParams({ slide: id }, { replace: true, preventScrollReset: true });
  return (
    <>
      <PageHeader title={t('page.about')} />
      <section className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 md:grid-cols-2">
        <div>
          <h2 className="font-serif text-3xl font-bold">{t('about.intro.title')}</h2>
          <p className="mt-4 text-lg">{t('about.intro.text1')}</p>
          <p className="mt-3 text-muted">{t('about.intro.text2')}</p>
        </div>
        <img
          src="/illustrations/bible-3.svg"
          alt={t('about.intro.imageAlt')}
          width={1200}
          height={800}
          fetchPriority="high"
          className="w-full rounded-lg shadow"
        />
      </section>
      <section aria-label={t('about.stats.label')} className="bg-brand-dark text-white">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
          {strip.map((s) => (
            <div key={s.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm text-white/90">{s.label}</dt>
              <dd className="font-serif text-3xl font-bold">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="about-slider" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="about-slider" className="mb-6 font-serif text-2xl font-bold">
          {t('about.slider.title')}
        </h2>
        <AboutSlider selected={slide} onSelect={select} />
      </section>
    </>
  );
}
