import { PageLink } from './page-link';
import type { ProductCard as Card } from '../../contracts/catalogue';
import { AddToCartButton } from '../features/cart/add-to-cart-button';
import { CompareButton } from '../features/compare/compare-button';
import { useT } from '../i18n/i18n';
import { Price } from './price';

/**
 * `eager` for cards in the first screen; `first` for the one whose cover is the page's largest paint
 * (Lighthouse's LCP element on home, listings and search): fetched at high priority (issue 14).
 */
export function ProductCard({
  product,
  eager = false,
  first = false,
}: {
  product: Card;
  eager?: boolean;
  first?: boolean;
}) {
  const t = useT();
  return (
    <article className="group relative flex h-full flex-col rounded-lg border border-line bg-white p-3 shadow-sm transition hover:shadow-md">
      <div className="relative">
        <img
          src={product.image}
          alt=""
          width={400}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          decoding="async"
          className={`aspect-[2/3] w-full rounded object-cover ${product.inStock ? '' : 'opacity-60'}`}
        />
        <div className="absolute left-2 top-2 flex flex-col gap-1">
          {product.oldPrice !== null && (
            <span className="rounded bg-brand px-2 py-0.5 text-xs font-semibold text-white">
              {t('product.sale')}
              {product.discount !== null && ` −${product.discount}%`}
            </span>
          )}
          {!product.inStock && (
            <span className="rounded bg-ink px-2 py-0.5 text-xs font-semibold text-white">
              {t('product.outOfStock')}
            </span>
          )}
        </div>
      </div>
      <h3 className="mt-3 line-clamp-2 font-serif text-base font-semibold leading-snug">
        <PageLink to={`/produs/${product.slug}`} className="after:absolute after:inset-0 hover:text-brand">
          {product.title}
        </PageLink>
      </h3>
      {product.authors.length > 0 && (
        <p className="mt-1 line-clamp-1 text-sm text-muted">{product.authors.join(', ')}</p>
      )}
      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-2">
        <Price price={product.price} oldPrice={product.oldPrice} lowestPrice30Days={product.lowestPrice30Days} />
        <CompareButton product={product} />
      </div>
      {product.inStock && (
        <div className="pt-2">
          {product.personalizationRequired ? (
            <PageLink
              to={`/produs/${product.slug}`}
              className="relative z-10 inline-block rounded border border-brand px-2 py-1 text-xs font-semibold text-brand hover:bg-brand hover:text-white"
            >
              {t('cart.personalize')}
              <span className="sr-only"> {product.title}</span>
            </PageLink>
          ) : (
            <AddToCartButton productId={product.id} title={product.title} inStock={product.inStock} />
          )}
        </div>
      )}
    </article>
  );
}

export function ProductGrid({
  products,
  eagerCount = 0,
  layout = 'full',
}: {
  products: Card[];
  eagerCount?: number;
  /** 'besideSidebar': fewer columns, for pages with a side column; 'rowsOfThree': the search page's 9 + 3 + 3… */
  layout?: 'full' | 'besideSidebar' | 'rowsOfThree';
}) {
  return (
    <ul
      className={`grid grid-cols-2 gap-4 sm:grid-cols-3 ${{ full: 'md:grid-cols-4 xl:grid-cols-5', besideSidebar: 'xl:grid-cols-4', rowsOfThree: '' }[layout]}`}
    >
      {products.map((product, i) => (
        <li key={product.id} data-product-index={i}>
          <ProductCard product={product} eager={i < eagerCount} first={i === 0 && eagerCount > 0} />
        </li>
      ))}
    </ul>
  );
}
