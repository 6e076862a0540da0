import { leiToBani } from '../../contracts/money';
import { bucharestDay } from '../../contracts/dates';
import { sanitizeRichText } from '../../contracts/rich-text';
import type { Db } from '../client';
import { blogPosts, caseCategories, coupons, humanitarianCases } from '../schema';
import { demoPosts } from './content-blog';
import { demoCaseCategories, demoCaseManagers, demoCases } from './content-cases';

const DAY_MS = 86_400_000;
const illustration = (motif: string, variant: number) => `/illustrations/${motif}-${variant}.svg`;

/** Coupons (SPEC §3 sample ranges: 8–14 %, minimum 300–700 lei); two have already ended. */
const demoCoupons = [
  {
    title: 'Biblii pentru toată familia',
    code: 'BIBLIA10',
    percent: 10,
    minimumLei: 300,
    type: 'biblie',
    days: 21,
    motif: 'bible',
  },
  {
    title: 'Cărți pentru serile lungi',
    code: 'LECTURA12',
    percent: 12,
    minimumLei: 400,
    type: 'carte',
    days: 9,
    motif: 'book',
  },
  { title: 'Cadouri cu înțeles', code: 'CADOU8', percent: 8, minimumLei: 350, type: 'cadou', days: 3, motif: 'gift' },
  {
    title: 'Povești pentru cei mici',
    code: 'COPII14',
    percent: 14,
    minimumLei: 500,
    type: 'copii',
    days: 30,
    motif: 'child',
  },
  { title: 'Muzică de laudă', code: 'MUZICA9', percent: 9, minimumLei: 700, type: 'muzica', days: -5, motif: 'dove' },
  {
    title: 'Reducere de primăvară',
    code: 'PRIMAVARA11',
    percent: 11,
    minimumLei: 600,
    type: 'carte',
    days: -40,
    motif: 'wheat',
  },
];

function donationAccounts(caseNumber: number) {
  const n = String(caseNumber).padStart(4, '0');
  return [
    {
      bank: 'Banca Transilvania',
      branch: 'Sucursala Arad',
      swift_code: 'BTRLRO22',
      currencies: [
        { currency: 'RON', account_number: `RO00 BTRL DEMO 0000 0001 ${n}` },
        { currency: 'EUR', account_number: `RO00 BTRL DEMO 0000 0002 ${n}` },
      ],
    },
    {
      bank: 'Banca Comercială Română',
      branch: 'Sucursala Arad',
      swift_code: 'RNCBROBU',
      currencies: [{ currency: 'RON', account_number: `RO00 RNCB DEMO 0000 0003 ${n}` }],
    },
  ];
}

/**
 * The content pages' demo data: blog posts, coupons, case categories and humanitarian cases, all marked
 * is_demo. Coupon end times and case deadlines are counted from `now`, so some stay active after seeding.
 */
export async function seedContentDemoData(db: Db, now = new Date()): Promise<void> {
  await db.insert(blogPosts).values(
    demoPosts.map((p) => ({
      img: illustration(p.motif, p.variant),
      listImg: illustration(p.motif, p.variant + 1),
      publishedAt: new Date(p.date),
      author: p.author,
      title: p.title,
      tags: p.tags,
      category: p.category,
      smDesc: p.smDesc,
      desc: sanitizeRichText(p.desc),
      blog: p.blog,
      video: Boolean(p.videoId),
      videoId: p.videoId ?? null,
      blockquote: Boolean(p.blockquote),
      slider: Boolean(p.slider),
      sliderImages: (p.slider ?? []).map((s) => illustration(s.motif, s.variant)),
      isDemo: true,
    })),
  );

  await db.insert(coupons).values(
    demoCoupons.map((c) => ({
      title: c.title,
      logo: illustration(c.motif, c.percent),
      couponCode: c.code,
      endTime: new Date(now.getTime() + c.days * DAY_MS),
      discountPercentage: c.percent,
      minimumAmount: leiToBani(c.minimumLei),
      productType: c.type,
      isDemo: true,
    })),
  );

  const categoryRows = await db
    .insert(caseCategories)
    .values(demoCaseCategories.map((c, position) => ({ ...c, position })))
    .returning({ id: caseCategories.id, slug: caseCategories.slug });
  const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));

  await db.insert(humanitarianCases).values(
    demoCases.map((c, i) => {
      const created = new Date(now.getTime() - (i + 1) * 3 * DAY_MS);
      return {
        beneficiaryName: c.name,
        age: c.age,
        diagnosis: c.diagnosis,
        caseTitle: c.title,
        caseDescription: c.story,
        thumbnail: illustration(c.motif, i),
        images: [illustration(c.motif, i), illustration('hands', i + 1), illustration('heart', i + 2)],
        status: c.status,
        categoryId: categoryId.get(c.category) ?? 0,
        currency: 'RON',
        necessarySum: leiToBani(c.needed),
        treatmentCost: leiToBani(c.treatment),
        deadline: bucharestDay(new Date(now.getTime() + c.deadlineInDays * DAY_MS)),
        location: c.location,
        hospitalLocation: c.hospital,
        beneficiaryAccountHolder: 'Asociația Creștină Maranatha',
        donations: donationAccounts(i + 1),
        caseManager: demoCaseManagers[c.manager],
        isDemo: true,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
}
