import { drawnCoverPath } from '../../contracts/catalogue-values';
import { isbn13CheckDigit } from '../../contracts/isbn';
import { leiToBani, REFERENCE_DAYS, scaleBani } from '../../contracts/money';
import { slugify } from '../../contracts/slug';
import type { PersonalizationForm } from '../../contracts/personalization';
import type { CategoryNode } from './category-tree';
import { Random } from './random';
import * as words from './vocabulary';

export interface GeneratedProduct {
  slug: string;
  sku: string;
  isbn: string | null;
  title: string;
  authors: string[];
  publisher: string | null;
  binding: string | null;
  pages: number | null;
  language: string;
  bibleTranslation: string | null;
  year: number | null;
  dimensions: string | null;
  description: string;
  images: string[];
  vatRate: number;
  weightGrams: number;
  sellingPrice: number;
  specialPrice: number | null;
  acquisitionPrice: number;
  quantity: number;
  isInStock: number;
  productType: 'carte' | 'biblie' | 'cadou' | 'muzica' | 'copii';
  categorySlug: string;
  hasPersonalization: boolean;
  personalizationRequired: boolean;
  personalizationForm: PersonalizationForm | null;
  salesCount: number;
  createdAt: Date;
}

export const DEMO_SEED = 20120301;
/** The demo catalogue's "today": creation dates fall in the three years before it. */
export const CATALOGUE_DATE = Date.UTC(2026, 9, 31);
export const DAY_MS = 86_400_000;
/** A discount begins at least 31 days after the product was added, and at the latest the day before CATALOGUE_DATE. */
export const MIN_DAYS_BEFORE_DISCOUNT = REFERENCE_DAYS + 2;

type Draft = Omit<
  GeneratedProduct,
  | 'slug'
  | 'sku'
  | 'images'
  | 'specialPrice'
  | 'acquisitionPrice'
  | 'quantity'
  | 'isInStock'
  | 'salesCount'
  | 'createdAt'
  | 'description'
  | 'hasPersonalization'
  | 'personalizationRequired'
  | 'personalizationForm'
> & { description?: string };

const bibleCategoryByTranslation: Record<string, string> = {
  'Cornilescu 1924': 'biblia-cornilescu',
  'Cornilescu revizuită': 'biblia-cornilescu',
  'Noua Traducere Românească (NTR)': 'biblia-ntr',
  'Biblia Fidelă': 'biblia-fidela',
  'Biblia Ortodoxă (Sinodală)': 'biblia-ortodoxa',
  'Biblia Bucureşti 1688': 'biblia-ortodoxa',
};

const bookThemes = [
  'viata-crestina',
  'rugaciune',
  'familie-si-casnicie',
  'teologie',
  'devotionale',
  'biografii-crestine',
  'apologetica',
  'studiu-biblic',
  'consiliere',
  'misiune',
  'istoria-bisericii',
  'predici',
];

export function engravingForm(): PersonalizationForm {
  return {
    sections: [
      {
        title: 'Gravură pe copertă',
        rows: [
          {
            columns: [
              {
                inputs: [
                  {
                    name: 'engraving_text',
                    label: 'Textul gravat (nume, dată, verset)',
                    type: 'text',
                    value: '',
                    additionalCost: 1500,
                    required: true,
                    maxLength: 40,
                  },
                ],
              },
              {
                inputs: [
                  {
                    name: 'engraving_colour',
                    label: 'Culoarea gravurii',
                    type: 'select',
                    value: 'Auriu',
                    additionalCost: 0,
                    required: true,
                    options: ['Auriu', 'Argintiu'],
                  },
                ],
              },
            ],
          },
          {
            columns: [
              {
                inputs: [
                  {
                    name: 'engraving_image',
                    label: 'Imagine gravată (opțional)',
                    type: 'image',
                    value: '',
                    additionalCost: 2500,
                    required: false,
                    images: [],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

function lei(r: Random, min: number, max: number): number {
  // Shop prices end in ,00 or ,99 or ,50 like real price tags.
  const whole = r.int(min, max);
  return leiToBani(whole) + r.pick([0, 0, 99, 50]);
}

function isbn(r: Random): string {
  const prefix = r.pick(['978973', '978606', '978630']);
  let body = prefix;
  while (body.length < 12) body += String(r.int(0, 9));
  return body + String(isbn13CheckDigit(body));
}

function author(r: Random): string {
  return r.chance(0.45) ? r.pick(words.romanianAuthors) : r.pick(words.translatedAuthors);
}

function describe(r: Random, title: string, extra: string[]): string {
  const count = r.int(3, 5);
  const sentences = new Set<string>();
  while (sentences.size < count) sentences.add(r.pick(words.descriptionSentences));
  return [`<p><strong>${title}</strong>. ${[...sentences].slice(0, 2).join(' ')}</p>`]
    .concat(`<p>${[...sentences].slice(2).join(' ')}</p>`)
    .concat(extra.length ? [`<ul>${extra.map((e) => `<li>${e}</li>`).join('')}</ul>`] : [])
    .join('');
}

function bible(r: Random): Draft {
  const translation = r.pick(words.bibleTranslations);
  const format = r.pick([
    { slug: 'biblii-de-buzunar', label: 'format de buzunar', dims: '9 x 13 cm', pages: [1200, 1600] },
    { slug: 'biblii-scris-mare', label: 'scris mare', dims: '17 x 24 cm', pages: [1500, 2000] },
    { slug: 'biblii-de-studiu', label: 'de studiu, cu note și hărți', dims: '16 x 23 cm', pages: [1800, 2400] },
    { slug: 'biblii-bilingve', label: 'bilingvă română-engleză', dims: '15 x 22 cm', pages: [2000, 2600] },
    { slug: 'standard', label: 'format mediu', dims: '13 x 19 cm', pages: [1300, 1700] },
  ]);
  const binding = r.pick(words.bibleBindings);
  const colour = r.pick(['neagră', 'maro', 'bordo', 'albastră', 'verde', 'crem', 'roz']);
  const category = format.slug === 'standard' ? bibleCategoryByTranslation[translation] : format.slug;
  const name = translation.replace(/ \(.*\)/, '');
  const title = `${name.startsWith('Biblia') ? name : `Biblia ${name}`}, ${format.label}, ${binding.toLowerCase()} ${colour}`;
  return {
    title,
    authors: [],
    publisher: r.pick([
      'Societatea Biblică Interconfesională din România',
      'Editura Casa Cărții',
      'Editura Stephanus',
      'Editura Maranatha',
    ]),
    binding,
    pages: r.int(format.pages[0], format.pages[1]),
    language: format.slug === 'biblii-bilingve' ? 'ro-en' : 'ro',
    bibleTranslation: translation,
    year: r.int(2005, 2026),
    dimensions: format.dims,
    vatRate: 11,
    weightGrams: r.int(350, 1600),
    sellingPrice: lei(r, 35, format.slug === 'biblii-de-studiu' ? 600 : 320),
    productType: 'biblie',
    categorySlug: category,
    isbn: isbn(r),
  };
}

function book(r: Random): Draft {
  const novel = r.chance(0.12);
  const title = novel
    ? `${r.pick(words.novelTitles)}${r.chance(0.3) ? `, vol. ${r.int(1, 4)}` : ''}`
    : `${r.pick(words.titleHeads)} ${r.pick(words.titleObjects)}${r.chance(0.45) ? `. ${r.pick(words.subtitles)}` : ''}`;
  const authors = [author(r)];
  if (r.chance(0.08)) authors.push(author(r));
  const foreign = r.chance(0.06);
  return {
    title,
    authors: [...new Set(authors)],
    publisher: r.pick(words.publishers),
    binding: r.pick(words.bookBindings),
    pages: r.int(64, 640),
    language: foreign ? r.pick(['en', 'hu']) : 'ro',
    bibleTranslation: null,
    year: r.int(1995, 2026),
    dimensions: r.pick(['13 x 20 cm', '14 x 21 cm', '15 x 23 cm', '12 x 18 cm']),
    vatRate: 11,
    weightGrams: r.int(120, 900),
    sellingPrice: lei(r, 12, 140),
    productType: 'carte',
    categorySlug: novel ? 'romane-crestine' : r.pick(bookThemes),
    isbn: isbn(r),
  };
}

function childrensBook(r: Random): Draft {
  const base = r.pick(words.childrenTitles);
  const format = r.pick(words.childrenFormats);
  const category = base.startsWith('Biblia')
    ? 'biblii-pentru-copii'
    : format === 'cu activități' || format === 'cu puzzle' || format === 'carte de colorat'
      ? 'activitati-si-jocuri'
      : r.chance(0.15)
        ? 'adolescenti'
        : 'povestiri-biblice';
  return {
    title: `${base} – ${format}`,
    authors: [author(r)],
    publisher: r.pick(words.publishers),
    binding: r.pick(['Copertă cartonată', 'Copertă broșată', 'Pagini cartonate']),
    pages: r.int(16, 240),
    language: 'ro',
    bibleTranslation: null,
    year: r.int(2008, 2026),
    dimensions: r.pick(['20 x 20 cm', '21 x 28 cm', '15 x 15 cm']),
    vatRate: 11,
    weightGrams: r.int(100, 800),
    sellingPrice: lei(r, 9, 95),
    productType: 'copii',
    categorySlug: category,
    isbn: isbn(r),
  };
}

function music(r: Random): Draft {
  const album = r.pick(words.albumTitles);
  const sheet = r.chance(0.3);
  return {
    title: sheet ? `${album} – culegere de cântări și partituri` : `${album} (CD audio)`,
    authors: [r.pick(words.musicArtists)],
    publisher: r.pick(['Editura Maranatha', 'Editura Emanuel', 'Editura Agape']),
    binding: sheet ? 'Spirală' : 'Carcasă CD',
    pages: sheet ? r.int(48, 320) : null,
    language: 'ro',
    bibleTranslation: null,
    year: r.int(2000, 2026),
    dimensions: sheet ? '21 x 29 cm' : '14 x 12 cm',
    vatRate: sheet ? 11 : 21,
    weightGrams: sheet ? r.int(200, 700) : 100,
    sellingPrice: lei(r, 20, 85),
    productType: 'muzica',
    categorySlug: sheet ? 'cantari-si-partituri' : 'cd-uri',
    isbn: sheet ? isbn(r) : null,
  };
}

function gift(r: Random): Draft {
  const kind = r.pick(words.giftKinds);
  return {
    title: `${kind.name} ${r.pick(words.giftMotifs)}`,
    authors: [],
    publisher: null,
    binding: null,
    pages: null,
    language: 'ro',
    bibleTranslation: null,
    year: null,
    dimensions: r.pick(['10 x 15 cm', '20 x 30 cm', '8 x 9 cm', '5 x 18 cm']),
    vatRate: 21,
    weightGrams: r.int(20, 900),
    sellingPrice: lei(r, kind.minLei, kind.maxLei),
    productType: 'cadou',
    categorySlug: kind.category,
    isbn: null,
  };
}

/** Every category slug the generator assigns must exist in the tree. */
export function leafSlugs(tree: CategoryNode[]): Set<string> {
  const slugs = new Set<string>();
  const walk = (nodes: CategoryNode[]) => {
    for (const node of nodes) {
      slugs.add(node.slug);
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return slugs;
}

/**
 * Deterministic demo catalogue of `count` products, one at a time so that large catalogues
 * (benchmarks load 200,000) never sit in memory whole: the same seed, the same products.
 */
export function* generateProducts(count: number, seed = DEMO_SEED): Generator<GeneratedProduct> {
  const r = new Random(seed);
  const usedSlugs = new Map<string, number>();
  for (let i = 1; i <= count; i++) {
    const roll = r.next();
    const draft =
      roll < 0.13 ? bible(r) : roll < 0.73 ? book(r) : roll < 0.85 ? childrensBook(r) : roll < 0.9 ? music(r) : gift(r);
    const sku = `MRN-${String(i).padStart(6, '0')}`;
    const baseSlug = slugify(draft.authors.length ? `${draft.title} ${draft.authors[0]}` : draft.title);
    const seen = usedSlugs.get(baseSlug) ?? 0;
    usedSlugs.set(baseSlug, seen + 1);
    const slug = seen === 0 ? baseSlug : `${baseSlug}-${seen + 1}`;
    const discounted = r.chance(0.15);
    const specialPrice = discounted ? Math.max(100, scaleBani(draft.sellingPrice, 100 - r.int(10, 35), 100)) : null;
    const outOfStock = r.chance(0.05);
    const personalised = draft.productType === 'biblie' && r.chance(0.2);
    const categorySlug = personalised && r.chance(0.5) ? 'biblii-personalizate' : draft.categorySlug;
    const extra = [
      draft.bibleTranslation ? `Traducere: ${draft.bibleTranslation}` : '',
      draft.pages ? `${draft.pages} de pagini` : '',
      personalised ? 'Se poate personaliza prin gravură pe copertă' : '',
    ].filter(Boolean);
    const product: GeneratedProduct = {
      ...draft,
      categorySlug,
      slug,
      sku,
      images: [drawnCoverPath(sku), drawnCoverPath(sku, 2)],
      description: draft.description ?? describe(r, draft.title, extra),
      specialPrice,
      acquisitionPrice: Math.round(draft.sellingPrice * 0.62),
      quantity: outOfStock ? 0 : r.int(1, 120),
      isInStock: outOfStock ? (r.chance(0.5) ? 0 : 1) : 1,
      hasPersonalization: personalised,
      personalizationRequired: personalised && categorySlug === 'biblii-personalizate',
      personalizationForm: personalised ? engravingForm() : null,
      salesCount: Math.floor(r.next() ** 4 * 900),
      createdAt: new Date(CATALOGUE_DATE - r.int(0, 3 * 365) * DAY_MS - r.int(0, DAY_MS - 1)),
    };
    // A product goes on sale only after a month at its regular price, so its history holds the 30 days the
    // reduction is measured against (DESIGN §6); the newest products keep their regular price.
    if (product.createdAt.getTime() > CATALOGUE_DATE - MIN_DAYS_BEFORE_DISCOUNT * DAY_MS) product.specialPrice = null;
    yield product;
  }
}
