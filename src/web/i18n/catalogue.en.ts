import type { catalogueRo } from './catalogue.ro';
import type { EnglishOf } from './i18n';

/** English texts every catalogue page shares; SPEC §2 and §8 English texts verbatim. */
export const catalogueEn: EnglishOf<typeof catalogueRo> = {
  'listing.currencyNote': 'Prices in {currency} are indicative: you pay in lei, at the BNR rate.',
  'compare.add': 'Compare',
  'compare.added': '{title} added to compare',
  'compare.removed': '{title} removed from compare',
  'price.lowest30': 'Lowest price in the last 30 days: {amount}',
  'value.binding.paperback': 'Paperback',
  'value.binding.hardcover': 'Hardcover',
  'value.binding.flexible': 'Flexible cover',
  'value.binding.leather': 'Leather',
  'value.binding.imitationLeather': 'Imitation leather',
  'value.binding.zip': 'Zip cover',
  'value.binding.boardBook': 'Board book',
  'value.binding.spiral': 'Spiral-bound',
  'value.binding.cdCase': 'CD case',
  'value.translation.cornilescuRevised': 'Cornilescu, revised',
  'value.translation.ntr': 'New Romanian Translation (NTR)',
  'value.translation.fidela': 'Fidela Bible',
  'value.translation.synodal': 'Orthodox Bible (Synodal)',
  'value.translation.bucharest1688': 'Bucharest Bible (1688)',
};
