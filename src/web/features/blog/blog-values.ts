import type { MessageKey, Translate } from '../../i18n/i18n';

/**
 * Display labels of the blog's categories and tags. Posts keep them as written (Romanian), and the
 * address keeps them as query values; only what is shown is translated. Unknown ones show as stored.
 */
const labels: Record<'category' | 'tag', Record<string, MessageKey>> = {
  category: {
    Biblii: 'value.blogCategory.bibles',
    Cărți: 'value.blogCategory.books',
    Asociație: 'value.blogCategory.association',
    Familie: 'value.blogCategory.family',
    Misiune: 'value.blogCategory.mission',
  },
  tag: {
    asociație: 'value.blogTag.association',
    biblie: 'value.blogTag.bible',
    cadouri: 'value.blogTag.gifts',
    caritate: 'value.blogTag.charity',
    'cazuri umanitare': 'value.blogTag.humanitarianCases',
    copii: 'value.blogTag.children',
    diaspora: 'value.blogTag.diaspora',
    familie: 'value.blogTag.family',
    istorie: 'value.blogTag.history',
    lectură: 'value.blogTag.reading',
    livrare: 'value.blogTag.delivery',
    misiune: 'value.blogTag.mission',
    personalizare: 'value.blogTag.personalisation',
    rugăciune: 'value.blogTag.prayer',
    sărbători: 'value.blogTag.holidays',
    traduceri: 'value.blogTag.translations',
    transparență: 'value.blogTag.transparency',
    voluntariat: 'value.blogTag.volunteering',
  },
};

export function blogValueLabel(t: Translate, field: keyof typeof labels, value: string): string {
  const key = labels[field][value];
  return key ? t(key) : value;
}
