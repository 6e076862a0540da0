/** The demo category tree: slug, Romanian name, English name, children. */
export interface CategoryNode {
  slug: string;
  name: string;
  nameEn: string;
  children?: CategoryNode[];
}

export const categoryTree: CategoryNode[] = [
  {
    slug: 'biblii',
    name: 'Biblii',
    nameEn: 'Bibles',
    children: [
      { slug: 'biblia-cornilescu', name: 'Biblia Cornilescu', nameEn: 'Cornilescu Bible' },
      { slug: 'biblia-ntr', name: 'Noua Traducere Românească', nameEn: 'New Romanian Translation' },
      { slug: 'biblia-fidela', name: 'Biblia Fidelă', nameEn: 'Faithful Bible' },
      { slug: 'biblia-ortodoxa', name: 'Biblia Ortodoxă', nameEn: 'Orthodox Bible' },
      { slug: 'biblii-de-studiu', name: 'Biblii de studiu', nameEn: 'Study Bibles' },
      { slug: 'biblii-de-buzunar', name: 'Biblii de buzunar', nameEn: 'Pocket Bibles' },
      { slug: 'biblii-scris-mare', name: 'Biblii cu scris mare', nameEn: 'Large print Bibles' },
      { slug: 'biblii-personalizate', name: 'Biblii personalizate', nameEn: 'Personalised Bibles' },
      { slug: 'biblii-bilingve', name: 'Biblii bilingve', nameEn: 'Bilingual Bibles' },
    ],
  },
  {
    slug: 'carti-crestine',
    name: 'Cărți creștine',
    nameEn: 'Christian books',
    children: [
      { slug: 'viata-crestina', name: 'Viața creștină', nameEn: 'Christian living' },
      { slug: 'rugaciune', name: 'Rugăciune', nameEn: 'Prayer' },
      { slug: 'familie-si-casnicie', name: 'Familie și căsnicie', nameEn: 'Family and marriage' },
      { slug: 'teologie', name: 'Teologie', nameEn: 'Theology' },
      { slug: 'devotionale', name: 'Devoționale', nameEn: 'Devotionals' },
      { slug: 'biografii-crestine', name: 'Biografii creștine', nameEn: 'Christian biographies' },
      { slug: 'apologetica', name: 'Apologetică', nameEn: 'Apologetics' },
      { slug: 'studiu-biblic', name: 'Studiu biblic', nameEn: 'Bible study' },
      { slug: 'consiliere', name: 'Consiliere', nameEn: 'Counselling' },
      { slug: 'misiune', name: 'Misiune și evanghelizare', nameEn: 'Mission and evangelism' },
      { slug: 'istoria-bisericii', name: 'Istoria bisericii', nameEn: 'Church history' },
      { slug: 'romane-crestine', name: 'Romane creștine', nameEn: 'Christian fiction' },
      { slug: 'predici', name: 'Predici', nameEn: 'Sermons' },
    ],
  },
  {
    slug: 'copii',
    name: 'Copii',
    nameEn: 'Children',
    children: [
      { slug: 'biblii-pentru-copii', name: 'Biblii pentru copii', nameEn: "Children's Bibles" },
      { slug: 'povestiri-biblice', name: 'Povestiri biblice', nameEn: 'Bible stories' },
      { slug: 'activitati-si-jocuri', name: 'Activități și jocuri', nameEn: 'Activities and games' },
      { slug: 'adolescenti', name: 'Adolescenți', nameEn: 'Teenagers' },
    ],
  },
  {
    slug: 'muzica',
    name: 'Muzică',
    nameEn: 'Music',
    children: [
      { slug: 'cd-uri', name: 'CD-uri', nameEn: 'CDs' },
      { slug: 'cantari-si-partituri', name: 'Cântări și partituri', nameEn: 'Hymnals and sheet music' },
    ],
  },
  {
    slug: 'cadouri',
    name: 'Cadouri',
    nameEn: 'Gifts',
    children: [
      { slug: 'cani', name: 'Căni', nameEn: 'Mugs' },
      { slug: 'felicitari', name: 'Felicitări', nameEn: 'Greeting cards' },
      { slug: 'semne-de-carte', name: 'Semne de carte', nameEn: 'Bookmarks' },
      { slug: 'tablouri-si-decoratiuni', name: 'Tablouri și decorațiuni', nameEn: 'Wall art and decor' },
      { slug: 'calendare', name: 'Calendare', nameEn: 'Calendars' },
      { slug: 'bijuterii-crestine', name: 'Bijuterii creștine', nameEn: 'Christian jewellery' },
      { slug: 'huse-de-biblie', name: 'Huse de Biblie', nameEn: 'Bible covers' },
      { slug: 'agende-si-jurnale', name: 'Agende și jurnale', nameEn: 'Planners and journals' },
    ],
  },
];
