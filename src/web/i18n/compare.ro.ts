/** Romanian texts of the compare page (issue 3; its own area since issue 14). */
export const compareRo = {
  'compare.title': 'Compară produse',
  'compare.removeLong': 'Elimină {title} din comparare',
  'compare.empty': 'Nu ai niciun produs în lista de comparare.',
  'compare.emptyHint': 'Apasă „Compară” pe produsele care te interesează, apoi revino aici.',
  'compare.browse': 'Mergi la magazin',
  'compare.loading': 'Se încarcă produsele…',
  'compare.needsJs': 'Lista de comparare se păstrează în browser și are nevoie de JavaScript.',
  'compare.price': 'Preț',
  'compare.stock': 'Disponibilitate',
  'compare.remove': 'Elimină',
  'compare.view': 'Vezi produsul',
} as const;
