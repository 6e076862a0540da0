import { baniToDecimal } from '../../../contracts/money';
import type { ProductDetail } from '../../../contracts/catalogue';

/** schema.org Product, with Book data for books and Bibles. */
export function productJsonLd(product: ProductDetail, url: string, publicUrl: string) {
  const isBook = Boolean(product.isbn) && ['carte', 'biblie', 'copii'].includes(product.productType);
  return {
    '@context': 'https://schema.org',
    '@type': isBook ? ['Product', 'Book'] : 'Product',
    name: product.title,
    sku: product.sku,
    url,
    image: product.images.map((src) => `${publicUrl}${src}`),
    ...(product.publisher ? { brand: { '@type': 'Brand', name: product.publisher } } : {}),
    ...(isBook
      ? {
          isbn: product.isbn,
          author: product.authors.map((name) => ({ '@type': 'Person', name })),
          publisher: product.publisher ? { '@type': 'Organization', name: product.publisher } : undefined,
          numberOfPages: product.pages ?? undefined,
          inLanguage: product.language,
        }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'RON',
      price: baniToDecimal(product.price),
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}
