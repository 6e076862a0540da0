import type { I18nHandle } from '../i18n/areas';
import { data } from 'react-router';
import { productSlugSchema } from '../../contracts/catalogue';
import { baniToDecimal, formatMoney, NO_CONVERSION } from '../../contracts/money';
import { translator, useLanguage, useT } from '../i18n/i18n';
import { useRootData } from '../root-data';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { metaDescription } from '../ui/meta-description';
import { Price } from '../ui/price';
import { ProductGrid } from '../ui/product-card';
import { breadcrumbJsonLd } from '../features/catalogue/breadcrumb-json-ld';
import { CompareButton } from '../features/compare/compare-button';
import { ProductGallery } from '../features/product/product-gallery';
import { ProductAddToCart } from '../features/product/product-add-to-cart';
import { ProductAttributes } from '../features/product/product-attributes';
import { productJsonLd } from '../features/product/product-json-ld';
import { publicPageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';
import type { Route } from './+types/product';

// A personalisable product's form loads its own areas with its code (features/product/product-add-to-cart.tsx).
export const handle: I18nHandle = { i18n: ['catalogue', 'product'] };

export const loader = withPageErrors(async ({ params, context }: Route.LoaderArgs) => {
  const slug = productSlugSchema.safeParse(params.slug);
  if (!slug.success) throw data(null, { status: 404 });
  const { product, related } = await context.services.catalogue.productPage(slug.data, context.prefs.lang);
  // The meta description is cut from the description's HTML here: the browser needs only the text (issue 14).
  const description = metaDescription(product.descriptionHtml);
  return { product, related, description, lang: context.prefs.lang, publicUrl: context.publicUrl };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [];
  const { product, description, publicUrl, lang } = loaded;
  const t = translator(lang);
  const url = `${publicUrl}/produs/${product.slug}`;
  const crumbs = [
    { name: t('nav.home'), path: '/' },
    ...product.breadcrumbs.map((b) => ({ name: b.name, path: b.href })),
    { name: product.title, path: `/produs/${product.slug}` },
  ];
  return [
    { title: `${product.title} | ${t('shop.name')}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: t('shop.name') },
    { property: 'og:locale', content: lang === 'en' ? 'en_GB' : 'ro_RO' },
    { property: 'og:title', content: product.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(product.image ? [{ property: 'og:image', content: `${publicUrl}${product.image}` }] : []),
    { property: 'product:price:amount', content: baniToDecimal(product.price) },
    { property: 'product:price:currency', content: 'RON' },
    { property: 'product:availability', content: product.inStock ? 'in stock' : 'out of stock' },
    { 'script:ld+json': productJsonLd(product, url, publicUrl) },
    { 'script:ld+json': breadcrumbJsonLd(crumbs, publicUrl) },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related } = loaderData;
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={product.breadcrumbs} current={product.title} />
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <ProductGallery title={product.title} images={product.images} />
        <div>
          <h1 className="font-serif text-3xl font-bold leading-tight">{product.title}</h1>
          {product.authors.length > 0 && (
            <p className="mt-2 text-lg text-muted">{t('product.by', { authors: product.authors.join(', ') })}</p>
          )}
          {product.publisher && <p className="mt-1 text-sm text-muted">{product.publisher}</p>}
          <div className="mt-6 rounded-lg border border-line bg-white p-5">
            <Price
              price={product.price}
              oldPrice={product.oldPrice}
              lowestPrice30Days={product.lowestPrice30Days}
              discount={product.discount}
              size="lg"
            />
            <p className="mt-1 text-sm text-muted">{t('product.vatIncluded', { rate: product.vatRate })}</p>
            {currency.code !== 'RON' && (
              <p className="mt-1 text-sm text-muted">
                {t('product.chargedInRon', {
                  amount: formatMoney(product.price, NO_CONVERSION, lang),
                })}
              </p>
            )}
            <p className={`mt-4 font-semibold ${product.inStock ? 'text-leaf' : 'text-brand'}`}>
              {product.inStock
                ? product.quantity <= 3
                  ? t('product.lowStock', { count: product.quantity })
                  : t('product.inStock')
                : t('product.outOfStock')}
            </p>
            <div className="mt-4">
              <ProductAddToCart product={product} />
            </div>
            <div className="mt-4">
              <CompareButton product={product} variant="large" />
            </div>
            {product.hasPersonalization && !product.inStock && (
              <p className="mt-2 text-sm">
                {product.personalizationRequired ? t('product.personalisationRequired') : t('product.personalisable')}
              </p>
            )}
          </div>
          <h2 className="mt-8 font-serif text-xl font-bold">{t('product.details')}</h2>
          <ProductAttributes product={product} />
        </div>
      </div>
      <section aria-labelledby="product-description" className="mt-10 max-w-3xl">
        <h2 id="product-description" className="font-serif text-2xl font-bold">
          {t('product.description')}
        </h2>
        {/* Product descriptions are stored sanitised (see the products schema). */}
        <div className="prose-shop mt-2" dangerouslySetInnerHTML={{ __html: product.descriptionHtml }} />
      </section>
      {related.length > 0 && (
        <section aria-labelledby="related-products" className="mt-12">
          <h2 id="related-products" className="mb-4 font-serif text-2xl font-bold">
            {t('product.related')}
          </h2>
          <ProductGrid products={related} />
        </section>
      )}
    </div>
  );
}

export const headers = publicPageHeaders;
