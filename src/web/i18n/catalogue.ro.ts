/**
 * Romanian texts every catalogue page shares (issue 3): the product cards' compare button and price, the labels of
 * stored values, the currency note. The listings', the compare page's and the product page's own texts are
 * their areas (issue 14). SPEC §2 and §8 texts translated.
 */
export const catalogueRo = {
  'listing.currencyNote': 'Prețurile în {currency} sunt orientative: plata se face în lei, la cursul BNR.',
  'compare.add': 'Compară',
  'compare.added': '{title} a fost adăugat la comparare',
  'compare.removed': '{title} a fost eliminat din comparare',
  'price.lowest30': 'Cel mai mic preț din ultimele 30 de zile: {amount}',
  'value.binding.paperback': 'Copertă broșată',
  'value.binding.hardcover': 'Copertă cartonată',
  'value.binding.flexible': 'Copertă flexibilă',
  'value.binding.leather': 'Copertă din piele',
  'value.binding.imitationLeather': 'Copertă din imitație de piele',
  'value.binding.zip': 'Copertă cu fermoar',
  'value.binding.boardBook': 'Pagini cartonate',
  'value.binding.spiral': 'Spirală',
  'value.binding.cdCase': 'Carcasă CD',
  'value.translation.cornilescuRevised': 'Cornilescu revizuită',
  'value.translation.ntr': 'Noua Traducere Românească (NTR)',
  'value.translation.fidela': 'Biblia Fidelă',
  'value.translation.synodal': 'Biblia Ortodoxă (Sinodală)',
  'value.translation.bucharest1688': 'Biblia Bucureşti 1688',
} as const;
