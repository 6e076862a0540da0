import type { EnglishOf } from './i18n';
import type { productRo } from './product.ro';

/** English texts of the product page. */
export const productEn: EnglishOf<typeof productRo> = {
  'cart.quantity': 'Quantity',
  'product.lowStock': { one: 'Only {count} left', other: 'Only {count} left' },
  'product.vatIncluded': 'VAT included ({rate}%)',
  'product.chargedInRon': 'You are charged in lei: {amount}.',
  'product.by': 'by {authors}',
  'product.details': 'Product details',
  'product.description': 'Description',
  'product.related': 'Related products',
  'product.gallery': 'Image gallery',
  'product.showImage': 'Show image {n}',
  'product.imageAlt': '{title}, image {n}',
  'product.personalisable': 'Can be personalised with a cover engraving.',
  'product.personalisationRequired': 'Made to order, engraving required.',
  'product.attr.sku': 'Product code',
  'product.attr.isbn': 'ISBN',
  'product.attr.year': 'Year',
  'product.attr.dimensions': 'Dimensions',
  'product.attr.weight': 'Weight',
  'product.attr.category': 'Category',
  'product.weightGrams': '{grams} g',
  'product.personalizationLoading': 'Loading the personalisation form…',
};
