import { baniToDecimal } from '../../../contracts/money';
import type { ProductDetail } from '../../../contracts/catalogue';

/** schema.org Product, with Book data for books and Bibles. */
export function productJsonLd(product: ProductDetail, url: string, publicUrl: string) {
  const isBook = Boolean(product.isbn) && ['carte', 'biblie', 'copii'].includes(product.productType);
  // Built member by member, in this order, rather than with conditional spreads in one literal: a spread followed
  // by more members makes a new hidden class on every call on Node 20's V8 (docs/PERFORMANCE.md, twenty-eighth
  // session). JSON.stringify writes the members in the order they were added.
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': isBook ? ['Product', 'Book'] : 'Product',
    name: product.title,
    sku: product.sku,
    url,
    image: product.images.map((src) => `${publicUrl}${src}`),
  };
  if (product.publisher) ld.brand = { '@type': 'Brand', name: product.publisher };
  if (isBook) {
    ld.isbn = product.isbn;
    ld.author = product.authors.map((name) => ({ '@type': 'Person', name }));
    ld.publisher = product.publisher ? { '@type': 'Organization', name: product.publisher } : undefined;
    ld.numberOfPages = product.pages ?? undefined;
    ld.inLanguage = product.language;
  }
  ld.offers = {
    '@type': 'Offer',
    url,
    priceCurrency: 'RON',
    price: baniToDecimal(product.price),
    availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  };
  return ld;
}
