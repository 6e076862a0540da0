import type { I18nHandle } from '../i18n/areas';
import { Link } from 'react-router';
import type { HomeSection } from '../../contracts/catalogue';
import { translator, useT } from '../i18n/i18n';
import { ProductGrid } from '../ui/product-card';
import { publicPageHeaders } from '../http-cache';
import type { Route } from './+types/home';

export const handle: I18nHandle = { i18n: ['catalogue', 'home'] };

const sectionLinks: Record<HomeSection['id'], string> = {
  new: '/pages/search?sortBy=new',
  sale: '/pages/search?sortBy=sale',
  bibles: '/shop/biblii',
  gifts: '/shop/cadouri',
  bestsellers: '/shop',
};

export async function loader({ context }: Route.LoaderArgs) {
  const sections = await context.services.catalogue.homeSections();
  return { sections, lang: context.prefs.lang, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const t = translator(data?.lang ?? 'ro');
  return [
    { title: t('home.title') },
    { name: 'description', content: t('home.description') },
    { tagName: 'link', rel: 'canonical', href: `${data?.publicUrl ?? ''}/` },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <section className="bg-gradient-to-r from-brand-dark to-brand text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
          <h1 className="max-w-2xl font-serif text-3xl font-bold md:text-5xl">{t('home.hero.title')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/90">{t('home.hero.text')}</p>
          <Link
            discover="none"
            to="/shop"
            className="mt-6 inline-block rounded bg-white px-5 py-2.5 font-semibold text-brand hover:bg-paper"
          >
            {t('home.hero.cta')}
          </Link>
        </div>
      </section>
      {loaderData.sections.map((section, i) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`} className="mx-auto max-w-7xl px-4 pt-10">
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h2 id={`section-${section.id}`} className="font-serif text-2xl font-bold">
              {t(`home.section.${section.id}`)}
            </h2>
            <Link
              discover="none"
              to={sectionLinks[section.id]}
              className="text-sm font-semibold text-brand hover:underline"
            >
              {t('home.seeAll')}
              <span className="sr-only"> – {t(`home.section.${section.id}`)}</span>
            </Link>
          </div>
          <ProductGrid products={section.products} eagerCount={i === 0 ? 4 : 0} />
        </section>
      ))}
    </>
  );
}

export const headers = publicPageHeaders;
