/** Romanian texts of the home page (issue 14: apart from `common`, which every page loads). */
export const homeRo = {
  'home.title': 'Librăria Creștină Maranatha – cărți, Biblii și cadouri creștine',
  'home.description':
    'Librărie creștină online: peste 20.000 de cărți, Biblii și cadouri, livrare în România și în Europa. Profitul susține cazuri umanitare.',
  'home.hero.title': 'Cărți care hrănesc sufletul',
  'home.hero.text':
    'Biblii, cărți creștine, muzică și cadouri, trimise din depozitul nostru din Arad. Fiecare comandă ajută un caz umanitar.',
  'home.hero.cta': 'Vezi toate produsele',
  'home.section.new': 'Noutăți',
  'home.section.sale': 'Reduceri',
  'home.section.bibles': 'Biblii',
  'home.section.gifts': 'Cadouri',
  'home.section.bestsellers': 'Cele mai vândute',
  'home.seeAll': 'Vezi toate',
} as const;
