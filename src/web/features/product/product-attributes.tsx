import type { ProductDetail } from '../../../contracts/catalogue';
import { type MessageKey, useT } from '../../i18n/i18n';
import { facetValueLabel } from '../catalogue/facet-values';

export function ProductAttributes({ product }: { product: ProductDetail }) {
  const t = useT();
  const rows: [MessageKey, string | number | null][] = [
    ['product.attr.authors', product.authors.join(', ') || null],
    ['product.attr.publisher', product.publisher],
    [
      'product.attr.bibleTranslation',
      product.bibleTranslation && facetValueLabel(t, 'translation', product.bibleTranslation),
    ],
    ['product.attr.binding', product.binding && facetValueLabel(t, 'binding', product.binding)],
    ['product.attr.pages', product.pages],
    ['product.attr.language', facetValueLabel(t, 'language', product.language)],
    ['product.attr.year', product.year],
    ['product.attr.dimensions', product.dimensions],
    ['product.attr.weight', product.weightGrams ? t('product.weightGrams', { grams: product.weightGrams }) : null],
    ['product.attr.isbn', product.isbn],
    ['product.attr.sku', product.sku],
    ['product.attr.category', product.category.name],
  ];
  return (
    <table className="mt-3 w-full text-sm">
      <tbody>
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <tr key={label} className="border-b border-line">
              <th scope="row" className="w-40 py-2 pr-4 text-left font-medium text-muted">
                {t(label)}
              </th>
              <td className="py-2">{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
