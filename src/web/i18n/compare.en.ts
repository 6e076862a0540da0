import type { EnglishOf } from './i18n';
import type { compareRo } from './compare.ro';

/** English texts of the compare page. */
export const compareEn: EnglishOf<typeof compareRo> = {
  'compare.title': 'Compare products',
  'compare.removeLong': 'Remove {title} from compare',
  'compare.empty': 'Your compare list is empty.',
  'compare.emptyHint': 'Press “Compare” on the products you are interested in, then come back here.',
  'compare.browse': 'Go to the shop',
  'compare.loading': 'Loading the products…',
  'compare.needsJs': 'The compare list is kept in your browser and needs JavaScript.',
  'compare.price': 'Price',
  'compare.stock': 'Availability',
  'compare.remove': 'Remove',
  'compare.view': 'See the product',
};
