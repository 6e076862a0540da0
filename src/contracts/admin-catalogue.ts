import { z } from 'zod';
import { productTypes } from './catalogue';
import { isValidIsbn13 } from './isbn';
import { imagesFieldSchema, isShopImagePath } from './media';
import { type Bani, parseLei, VAT_RATES } from './money';
import { pageNumberSchema } from './pagination';
import { blankAsMissing } from './pagination-values';
import {
  MAX_PERSONALIZATION_INPUTS,
  PERSONALIZATION_INPUT_TYPES,
  PERSONALIZATION_NAME_PATTERN,
  type PersonalizationForm,
  type PersonalizationInput,
  personalizationFormSchema,
  personalizationInputs,
} from './personalization';
import { LOW_STOCK_THRESHOLD } from './staff';
import { isPlainLine, isPlainText } from './validation';

/**
 * The back office's catalogue (issue 13 item 3): the product list, the product editor, the category tree
 * and the stock/price CSV import. One schema per form, for Conform in the browser and the server.
 */
export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

export const ADMIN_PRODUCT_SORTS = [
  '-created',
  'created',
  'title',
  '-title',
  'price',
  '-price',
  'stock',
  '-stock',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number] | 'relevance';
export const STOCK_FILTERS = ['in', 'low', 'out'] as const;
export const ARCHIVE_FILTERS = ['active', 'archived', 'all'] as const;

const M = 'validation.adminCatalogue';
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsMissing, schema.optional());
const idSchema = (error: string) =>
  z.coerce.number({ error }).int({ error }).min(1, { error }).max(2_000_000_000, { error });

/** `/admin/products`'s query: the shop's search text, filters, a sort (relevance when searching), a page. */
export const adminProductQuerySchema = z
  .object({
    q: optional(
      z
        .string()
        .trim()
        .max(100, { error: `${M}.q` })
        .refine(isPlainLine, { error: 'validation.controlCharacters' }),
    ),
    category: optional(idSchema(`${M}.category`)),
    stock: optional(z.enum(STOCK_FILTERS, { error: `${M}.stockFilter` })),
    archived: z.preprocess(blankAsMissing, z.enum(ARCHIVE_FILTERS, { error: `${M}.archived` }).default('active')),
    sort: optional(z.enum(ADMIN_PRODUCT_SORTS, { error: `${M}.sort` })),
    page: pageNumberSchema,
  })
  .strict();
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

/** One row of the product list; amounts in bani. */
export interface AdminProductRow {
  id: number;
  sku: string;
  isbn: string | null;
  title: string;
  slug: string;
  category: string;
  sellingPrice: Bani;
  specialPrice: Bani | null;
  quantity: number;
  isInStock: boolean;
  archived: boolean;
}

export interface AdminProductPage {
  rows: AdminProductRow[];
  total: number;
  page: number;
  lastPage: number;
  sort: AdminProductSort;
}

/** The stock column of the list: out (marked so or none left), low (a few left), in. */
export function stockLevel(p: { quantity: number; isInStock: boolean }): 'in' | 'low' | 'out' {
  if (!p.isInStock || p.quantity <= 0) return 'out';
  return p.quantity <= LOW_STOCK_THRESHOLD ? 'low' : 'in';
}

// --- Fields of the product editor ---------------------------------------------------------------------------

const text = (max: number, required: string | null) => {
  const base = z
    .string({ error: required ?? `${M}.text` })
    .trim()
    .max(max, { error: `${M}.tooLong` })
    .refine(isPlainLine, { error: 'validation.controlCharacters' });
  return required ? base.min(1, { error: required }) : base;
};
/** A blank optional text field is null (the column's "unknown"). */
const optionalText = (max: number) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text(max, null).optional())
    .transform((v) => v ?? null);

/** Bani as a form shows them for editing: "12,50" (what parseLei reads back). */
export function baniToLeiInput(bani: Bani | null): string {
  if (bani === null) return '';
  return `${Math.trunc(bani / 100)},${String(bani % 100).padStart(2, '0')}`;
}

/** Lei as people type them ("12,50") → bani; `min` in bani. */
export const leiSchema = (min: number) =>
  z
    .string({ error: `${M}.priceRequired` })
    .trim()
    .min(1, { error: `${M}.priceRequired` })
    .transform((v, ctx) => {
      const bani = parseLei(v);
      if (bani === null) {
        ctx.addIssue({ code: 'custom', message: `${M}.price` });
        return z.NEVER;
      }
      if (bani < min) {
        ctx.addIssue({ code: 'custom', message: `${M}.priceMin` });
        return z.NEVER;
      }
      return bani;
    });
const optionalLei = (min: number) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), leiSchema(min).optional())
    .transform((v) => v ?? null);

const wholeNumber = (max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(0, { error }).max(max, { error });
const optionalWholeNumber = (max: number, error: string) =>
  z.preprocess(blankAsMissing, wholeNumber(max, error).optional()).transform((v) => v ?? null);

export const stockQuantitySchema = wholeNumber(1_000_000, `${M}.quantity`);
/** A checkbox: "on" when ticked, missing when not. */
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

/** Lines of a textarea, each trimmed, blank ones dropped. */
const lines = (maxLines: number, maxLength: number, error: string) =>
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(maxLength, { error }).refine(isPlainLine, { error })).max(maxLines, { error }));

export const skuSchema = z
  .string({ error: `${M}.skuRequired` })
  .trim()
  .min(1, { error: `${M}.skuRequired` })
  .max(40, { error: `${M}.sku` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: `${M}.sku` });

/** ISBN-13 with its check digit; stored as 13 digits without hyphens. */
export const isbnSchema = z
  .string()
  .trim()
  .refine(isValidIsbn13, { error: `${M}.isbn` })
  .transform((v) => v.replace(/[-\s]/g, ''));

/** A URL slug as contracts/slug.ts makes them: small letters, digits, single hyphens. */
function slugSchema(max: number) {
  return z
    .string({ error: `${M}.slug` })
    .trim()
    .min(1, { error: `${M}.slug` })
    .max(max, { error: `${M}.slug` })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: `${M}.slug` });
}

// --- The personalisation form as structured fields -----------------------------------------------------------

/**
 * One input of the personalisation editor: where it sits (section title, row and column numbers, from 1)
 * and what it is. The editor lists the inputs flat; `buildPersonalizationForm` puts them back into the
 * sections > rows > columns > inputs shape of contracts/personalization.ts.
 */
export const personalizationEditorInput = z.object({
  // Conform sends a blank field as missing: every text of a row defaults to ''.
  section: z
    .string()
    .trim()
    .max(80, { error: `${M}.tooLong` })
    .refine(isPlainLine, { error: 'validation.controlCharacters' })
    .optional()
    .default(''),
  row: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: `${M}.position` })
      .int()
      .min(1)
      .max(20)
      .default(1),
  ),
  column: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: `${M}.position` })
      .int()
      .min(1)
      .max(4)
      .default(1),
  ),
  name: z.string().trim().max(40).optional().default(''),
  label: z
    .string()
    .trim()
    .max(120, { error: `${M}.tooLong` })
    .refine(isPlainLine, { error: 'validation.controlCharacters' })
    .optional()
    .default(''),
  type: z.preprocess(blankAsMissing, z.enum(PERSONALIZATION_INPUT_TYPES, { error: `${M}.inputType` }).default('text')),
  value: z
    .string()
    .trim()
    .max(200, { error: `${M}.tooLong` })
    .refine(isPlainLine, { error: 'validation.controlCharacters' })
    .optional()
    .default(''),
  cost: z
    .string()
    .optional()
    .default('')
    .transform((v, ctx) => {
      if (v.trim() === '') return 0;
      const bani = parseLei(v);
      if (bani === null) {
        ctx.addIssue({ code: 'custom', message: `${M}.price` });
        return z.NEVER;
      }
      return bani;
    }),
  required: checkbox,
  maxLength: optionalWholeNumber(1000, `${M}.maxLength`),
  options: z
    .string()
    .max(2000, { error: `${M}.tooLong` })
    .refine(isPlainText, { error: 'validation.controlCharacters' })
    .optional()
    .default(''),
  /** Example pictures shown beside the input: shop addresses, one a line. */
  examples: z
    .string()
    .max(5000, { error: `${M}.tooLong` })
    .optional()
    .default('')
    .transform((v) =>
      v
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().refine(isShopImagePath, { error: 'validation.media.path' }))
        .max(12, { error: `${M}.tooLong` }),
    ),
});
export type PersonalizationEditorInput = z.input<typeof personalizationEditorInput>;

/** The editor's flat rows, from a stored form (for its default values). */
export function personalizationEditorRows(form: PersonalizationForm | null): Record<string, string>[] {
  if (!form) return [];
  return form.sections.flatMap((s) =>
    s.rows.flatMap((r, ri) =>
      r.columns.flatMap((c, ci) =>
        c.inputs.map((i) => ({
          section: s.title,
          row: String(ri + 1),
          column: String(ci + 1),
          name: i.name,
          label: i.label,
          type: i.type,
          value: i.value,
          cost: i.additionalCost ? baniToLeiInput(i.additionalCost) : '',
          required: i.required ? 'on' : '',
          maxLength: i.maxLength ? String(i.maxLength) : '',
          options: (i.options ?? []).join('\n'),
          examples: (i.images ?? []).join('\n'),
        })),
      ),
    ),
  );
}

type EditorInput = z.output<typeof personalizationEditorInput>;

/** The editor's rows as the stored shape: sections in order of appearance, rows and columns by number. */
export function buildPersonalizationForm(rows: EditorInput[]): PersonalizationForm | null {
  const used = rows.filter((r) => r.name !== '' || r.label !== '');
  if (!used.length) return null;
  const sections = new Map<string, Map<number, Map<number, PersonalizationInput[]>>>();
  for (const r of used) {
    const section = sections.get(r.section) ?? new Map<number, Map<number, PersonalizationInput[]>>();
    sections.set(r.section, section);
    const row = section.get(r.row) ?? new Map<number, PersonalizationInput[]>();
    section.set(r.row, row);
    const column = row.get(r.column) ?? [];
    row.set(r.column, column);
    const options = r.options
      .split(/\r?\n/)
      .map((o) => o.trim())
      .filter(Boolean);
    column.push({
      name: r.name,
      label: r.label,
      type: r.type,
      value: r.type === 'select' ? r.value : '',
      additionalCost: r.cost,
      required: r.required,
      ...(r.maxLength && (r.type === 'text' || r.type === 'textarea') ? { maxLength: r.maxLength } : {}),
      ...(r.type === 'select' ? { options } : {}),
      ...(r.examples.length ? { images: r.examples } : {}),
    });
  }
  const byNumber = <T>(m: Map<number, T>) => [...m.entries()].sort(([a], [b]) => a - b).map(([, v]) => v);
  return {
    sections: [...sections.entries()].map(([title, rowsOf]) => ({
      title,
      rows: byNumber(rowsOf).map((columns) => ({ columns: byNumber(columns).map((inputs) => ({ inputs })) })),
    })),
  };
}

/** The rules a stored form keeps besides its shape, each filed under the editor row it concerns. */
function personalizationIssues(rows: EditorInput[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  let count = 0;
  rows.forEach((r, i) => {
    if (r.name === '' && r.label === '') return;
    count++;
    const at = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: ['personalization', i, field] });
    if (!PERSONALIZATION_NAME_PATTERN.test(r.name)) at('name', `${M}.inputName`);
    else if (seen.has(r.name)) at('name', `${M}.inputNameTaken`);
    seen.add(r.name);
    if (r.label === '') at('label', `${M}.inputLabel`);
    if (r.section === '') at('section', `${M}.section`);
    if (r.type === 'select') {
      const options = r.options
        .split(/\r?\n/)
        .map((o) => o.trim())
        .filter(Boolean);
      if (!options.length) at('options', `${M}.options`);
      else if (r.value !== '' && !options.includes(r.value)) at('value', `${M}.preset`);
    }
  });
  if (count > MAX_PERSONALIZATION_INPUTS)
    ctx.addIssue({ code: 'custom', message: `${M}.inputCount`, path: ['personalization'] });
}

// --- The product editor's forms ------------------------------------------------------------------------------

const productFields = z.object({
  title: text(300, `${M}.titleRequired`),
  /** Blank: made from the title. */
  slug: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), slugSchema(200).optional()),
  sku: skuSchema,
  isbn: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), isbnSchema.optional())
    .transform((v) => v ?? null),
  authors: lines(20, 200, `${M}.authors`),
  publisher: optionalText(200),
  binding: optionalText(100),
  pages: optionalWholeNumber(100_000, `${M}.pages`),
  language: z
    .string({ error: `${M}.language` })
    .trim()
    // Bilingual editions are "ro-en".
    .regex(/^[a-z]{2,3}(?:-[a-z]{2,3})*$/, { error: `${M}.language` })
    .max(20, { error: `${M}.language` }),
  bibleTranslation: optionalText(100),
  year: optionalWholeNumber(2100, `${M}.year`),
  dimensions: optionalText(100),
  /** HTML, cleaned by the service before it is stored. */
  description: z
    .string()
    .max(50_000, { error: `${M}.tooLong` })
    .refine(isPlainText, { error: 'validation.controlCharacters' })
    .optional()
    .default(''),
  /** The gallery (web/features/admin/images-field.tsx): kept pictures, those to remove, new files. */
  ...imagesFieldSchema.shape,
  vatRate: z.coerce.number({ error: `${M}.vatRate` }).refine((v) => (VAT_RATES as readonly number[]).includes(v), {
    error: `${M}.vatRate`,
  }),
  weightGrams: wholeNumber(100_000, `${M}.weight`),
  sellingPrice: leiSchema(1),
  specialPrice: optionalLei(1),
  acquisitionPrice: optionalLei(0),
  quantity: stockQuantitySchema,
  isInStock: checkbox,
  productType: z.enum(productTypes, { error: `${M}.productType` }),
  categoryId: idSchema(`${M}.category`),
  hasPersonalization: checkbox,
  personalizationRequired: checkbox,
  personalization: z.array(personalizationEditorInput).max(40).optional().default([]),
});

/** The editor's save (create or edit), checked as a whole: special below selling, personalisation rules. */
export const productSaveSchema = productFields.extend({ intent: z.literal('save') }).superRefine((p, ctx) => {
  if (p.specialPrice !== null && p.specialPrice >= p.sellingPrice)
    ctx.addIssue({ code: 'custom', message: `${M}.specialPrice`, path: ['specialPrice'] });
  personalizationIssues(p.personalization, ctx);
  const form = buildPersonalizationForm(p.personalization);
  if (p.hasPersonalization && !form)
    ctx.addIssue({ code: 'custom', message: `${M}.personalizationEmpty`, path: ['hasPersonalization'] });
  if (form && !personalizationFormSchema.safeParse(form).success)
    ctx.addIssue({ code: 'custom', message: `${M}.personalizationShape`, path: ['personalization'] });
});

/** Every button of the product page: save, archive, unarchive, and the stock form (what an operator sees). */
export const productActionSchema = z.discriminatedUnion(
  'intent',
  [
    productSaveSchema,
    z.object({ intent: z.literal('archive') }),
    z.object({ intent: z.literal('unarchive') }),
    z.object({ intent: z.literal('stock'), quantity: stockQuantitySchema, isInStock: checkbox }),
  ],
  { error: 'validation.admin.intent' },
);
export type ProductActionInput = z.infer<typeof productActionSchema>;
export type ProductSaveInput = Extract<ProductActionInput, { intent: 'save' }>;

/** What the service stores of a save: the editor's fields with the personalisation form built. */
export interface ProductFields {
  title: string;
  slug: string;
  sku: string;
  isbn: string | null;
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
  sellingPrice: Bani;
  specialPrice: Bani | null;
  acquisitionPrice: Bani | null;
  quantity: number;
  isInStock: boolean;
  productType: (typeof productTypes)[number];
  categoryId: number;
  hasPersonalization: boolean;
  personalizationRequired: boolean;
  personalizationForm: PersonalizationForm | null;
}

/** A product as the editor shows it (and as the audit trail records it). */
export interface AdminProduct extends ProductFields {
  id: number;
  archived: boolean;
  createdAt: string;
  referencePrice: Bani | null;
}

/** The count of personalisation inputs of a stored form (for the list and the audit row). */
export const personalizationInputCount = (form: PersonalizationForm | null) => personalizationInputs(form).length;

// --- Categories ----------------------------------------------------------------------------------------------

const categorySlugSchema = slugSchema(80);
const categoryName = text(100, `${M}.nameRequired`);
const parentSchema = z.preprocess(blankAsMissing, idSchema(`${M}.parent`).optional()).transform((v) => v ?? null);

/** `/admin/categories`: one schema, an intent per button. A blank slug is made from the name. */
export const categoryActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('create'),
      name: categoryName,
      nameEn: categoryName,
      slug: z.preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
        categorySlugSchema.optional(),
      ),
      parentId: parentSchema,
    }),
    z.object({ intent: z.literal('rename'), id: idSchema('validation.id'), name: categoryName, nameEn: categoryName }),
    z.object({ intent: z.literal('move'), id: idSchema('validation.id'), parentId: parentSchema }),
    z.object({ intent: z.literal('up'), id: idSchema('validation.id') }),
    z.object({ intent: z.literal('down'), id: idSchema('validation.id') }),
    z.object({ intent: z.literal('delete'), id: idSchema('validation.id') }),
  ],
  { error: 'validation.admin.intent' },
);
export type CategoryActionInput = z.infer<typeof categoryActionSchema>;

/** A category of the tree screen: depth for indentation, its own product count (delete needs 0 and no children). */
export interface AdminCategory {
  id: number;
  slug: string;
  name: string;
  nameEn: string;
  parentId: number | null;
  position: number;
  depth: number;
  products: number;
  children: number;
}

// --- The stock / price CSV import ----------------------------------------------------------------------------

/** Bytes of a CSV the import reads (about 50,000 lines). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
/** The columns a CSV may have; the first (`sku` or `isbn`) finds the product, each other one is optional. */
export const IMPORT_KEY_COLUMNS = ['sku', 'isbn'] as const;
export const IMPORT_VALUE_COLUMNS = ['stock', 'price', 'special_price'] as const;
export type ImportValueColumn = (typeof IMPORT_VALUE_COLUMNS)[number];

/** The import's two steps: `preview` reads the CSV and shows the changes; `apply` sends the same CSV back. */
export const importActionSchema = z.object({
  intent: z.enum(['preview', 'apply'], { error: 'validation.admin.intent' }),
  csv: z
    .string({ error: `${M}.csvRequired` })
    .min(1, { error: `${M}.csvRequired` })
    .max(MAX_IMPORT_BYTES, { error: `${M}.csvLarge` }),
});

/** One product the import changes: old → new of each column it names (prices in bani). */
export interface ImportChange {
  line: number;
  id: number;
  sku: string;
  title: string;
  before: { quantity?: number; sellingPrice?: Bani; specialPrice?: Bani | null };
  after: { quantity?: number; sellingPrice?: Bani; specialPrice?: Bani | null };
}
export interface ImportProblem {
  line: number;
  /** A message key of validation.adminCatalogue.import.* */
  reason: string;
  value?: string;
}
export interface ImportPreview {
  changes: ImportChange[];
  /** Lines that name a product and change nothing. */
  unchanged: number;
  problems: ImportProblem[];
}
