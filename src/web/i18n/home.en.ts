import type { EnglishOf } from './i18n';
import type { homeRo } from './home.ro';

/** English texts of the home page. */
export const homeEn: EnglishOf<typeof homeRo> = {
  'home.title': 'Librăria Creștină Maranatha – Christian books, Bibles and gifts',
  'home.description':
    'Online Christian bookshop: over 20,000 books, Bibles and gifts, delivered in Romania and across Europe. Profit supports humanitarian cases.',
  'home.hero.title': 'Books that feed the soul',
  'home.hero.text':
    'Bibles, Christian books, music and gifts, sent from our warehouse in Arad. Every order helps a humanitarian case.',
  'home.hero.cta': 'See all products',
  'home.section.new': 'New arrivals',
  'home.section.sale': 'On sale',
  'home.section.bibles': 'Bibles',
  'home.section.gifts': 'Gifts',
  'home.section.bestsellers': 'Bestsellers',
  'home.seeAll': 'See all',
};
