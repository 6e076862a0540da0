import { PRICE_RANGES_LEI } from '../../contracts/listing';
import { lastBanOfLei } from '../../contracts/money';

/** A text-valued facet: its counts are its most frequent values. */
export type ValueFacet = 'authors' | 'publishers' | 'bindings' | 'languages' | 'translations';
export type SingleValueFacet = Exclude<ValueFacet, 'authors'>;

/** A product without a value for a facet (null or empty). */
export const NONE = -1;
/** A chosen value no product has. */
export const UNKNOWN = -2;

/**
 * The distinct values of one text facet, numbered as the table meets them: columns hold numbers, so a
 * count is an increment in a typed array instead of a string lookup (decision 028).
 */
export class FacetValues {
  private readonly numbers = new Map<string, number>();
  readonly names: string[] = [];

  /** The value's number, given when new; NONE for no value. */
  add(value: string | null): number {
    if (!value) return NONE;
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.names.length;
      this.numbers.set(value, n);
      this.names.push(value);
    }
    return n;
  }

  /** The value's number, or UNKNOWN when no product has it. */
  find(value: string): number {
    return this.numbers.get(value) ?? UNKNOWN;
  }
}

export type FacetDictionaries = Record<ValueFacet, FacetValues>;

function facetDictionaries(): FacetDictionaries {
  return {
    authors: new FacetValues(),
    publishers: new FacetValues(),
    bindings: new FacetValues(),
    languages: new FacetValues(),
    translations: new FacetValues(),
  };
}

/** A product's facet values as text, as the database gives them. */
export interface ProductFacets {
  id: number;
  categoryId: number;
  productType: string;
  authors: readonly string[];
  publisher: string | null;
  binding: string | null;
  language: string | null;
  translation: string | null;
  /** Bani: the price the shopper pays. */
  price: number;
  available: boolean;
  onSale: boolean;
  /** Orders the products a search finds only in descriptions (best sellers first). */
  salesCount: number;
}

/** 1 at each of `numbers` below `size`: a membership test that is one read. */
export function membership(numbers: Iterable<number>, size: number): Uint8Array {
  const members = new Uint8Array(size);
  for (const n of numbers) if (n >= 0 && n < size) members[n] = 1;
  return members;
}

/** The highest price (bani) of each PRICE_RANGES_LEI range but the last. */
const PRICE_CEILINGS = PRICE_RANGES_LEI.map(([, max]) => (max === null ? Number.POSITIVE_INFINITY : lastBanOfLei(max)));

export function priceRangeOf(price: number): number {
  let i = 0;
  while (i < PRICE_CEILINGS.length - 1 && price > PRICE_CEILINGS[i]) i++;
  return i;
}

/** Bits of the `flags` column. */
export const FLAG = {
  /** The id holds a listed product: the other columns of an id without it mean nothing. */
  present: 1,
  available: 2,
  onSale: 4,
  /** The product has authors besides `firstAuthor` (kept apart: most products have one at most). */
  moreAuthors: 8,
} as const;

/**
 * The facet values of every product, one typed array per value indexed by product id (ids are a
 * `serial`: dense from 1). A count over a search's 100,000 ids reads a few numbers per id from
 * contiguous memory instead of following 100,000 objects (decision 028, ninth session).
 */
export interface FacetColumnArrays {
  readonly flags: Uint8Array;
  readonly categoryId: Int32Array;
  /** Numbered by `FacetColumns.productTypes`. */
  readonly productType: Int32Array;
  /** The first author's number, NONE without authors; the others are in `FacetColumns.moreAuthors`. */
  readonly firstAuthor: Int32Array;
  readonly publishers: Int32Array;
  readonly bindings: Int32Array;
  readonly languages: Int32Array;
  readonly translations: Int32Array;
  /** Bani; `effective_price` is an `integer` column, so it fits. */
  readonly price: Int32Array;
  /** `priceRangeOf(price)`, kept so a count does not search the ranges for each product. */
  readonly priceRange: Uint8Array;
  readonly salesCount: Int32Array;
}

function columnsOf(capacity: number): FacetColumnArrays {
  return {
    flags: new Uint8Array(capacity),
    categoryId: new Int32Array(capacity),
    productType: new Int32Array(capacity),
    firstAuthor: new Int32Array(capacity),
    publishers: new Int32Array(capacity),
    bindings: new Int32Array(capacity),
    languages: new Int32Array(capacity),
    translations: new Int32Array(capacity),
    price: new Int32Array(capacity),
    priceRange: new Uint8Array(capacity),
    salesCount: new Int32Array(capacity),
  };
}

/** Every listed product's facet values in columns (FacetColumnArrays), their text numbered by dictionaries. */
export class FacetColumns {
  /** The numbers of the text values the columns hold. */
  readonly dictionaries = facetDictionaries();
  readonly productTypes = new FacetValues();
  private columns = columnsOf(0);
  /**
   * The authors after the first, of the products flagged `moreAuthors`, indexed by id as the columns are: a
   * count reads it for each such product, and an element is found without hashing the id as a map would.
   */
  private readonly moreAuthors: (readonly number[] | undefined)[] = [];
  private highestCategoryId = -1;
  private highestId = 0;
  private held = 0;

  /**
   * The columns as they are now: a higher id than they hold replaces them with longer copies, so a reader
   * takes them afresh for each pass and does not keep them.
   */
  get arrays(): FacetColumnArrays {
    return this.columns;
  }

  /** One more than the highest category id ever held: the length of an array counting per category. */
  get categoryBound(): number {
    return this.highestCategoryId + 1;
  }

  /** How many products are held. */
  get size(): number {
    return this.held;
  }

  /** The highest product id ever held. */
  get maxId(): number {
    return this.highestId;
  }

  has(id: number): boolean {
    return id >= 0 && id < this.columns.flags.length && (this.columns.flags[id] & FLAG.present) !== 0;
  }

  /** Every product held, ids ascending. */
  ids(): number[] {
    const { flags } = this.columns;
    const ids: number[] = [];
    for (let id = 0; id < flags.length; id++) if (flags[id] & FLAG.present) ids.push(id);
    return ids;
  }

  /** The numbers of a product's authors, in the product's order (none for a product not held). */
  authorsOf(id: number): readonly number[] {
    if (!this.has(id)) return [];
    const first = this.columns.firstAuthor[id];
    return first === NONE ? [] : [first, ...this.authorsAfterFirst(id)];
  }

  /** The authors of a product flagged `moreAuthors` after its first (firstAuthor); none for the others. */
  authorsAfterFirst(id: number): readonly number[] {
    return this.moreAuthors[id] ?? [];
  }

  /** Adds or replaces a product's values. */
  set(product: ProductFacets): void {
    const { id } = product;
    if (id >= this.columns.flags.length) this.grow(id);
    if (id > this.highestId) this.highestId = id;
    if (product.categoryId > this.highestCategoryId) this.highestCategoryId = product.categoryId;
    if (!this.has(id)) this.held++;
    const authors = product.authors.map((a) => this.dictionaries.authors.add(a)).filter((n) => n !== NONE);
    const c = this.columns;
    c.flags[id] =
      FLAG.present |
      (product.available ? FLAG.available : 0) |
      (product.onSale ? FLAG.onSale : 0) |
      (authors.length > 1 ? FLAG.moreAuthors : 0);
    this.moreAuthors[id] = authors.length > 1 ? authors.slice(1) : undefined;
    c.categoryId[id] = product.categoryId;
    c.productType[id] = this.productTypes.add(product.productType);
    c.firstAuthor[id] = authors.length ? authors[0] : NONE;
    c.publishers[id] = this.dictionaries.publishers.add(product.publisher);
    c.bindings[id] = this.dictionaries.bindings.add(product.binding);
    c.languages[id] = this.dictionaries.languages.add(product.language);
    c.translations[id] = this.dictionaries.translations.add(product.translation);
    c.price[id] = product.price;
    c.priceRange[id] = priceRangeOf(product.price);
    c.salesCount[id] = product.salesCount;
  }

  delete(id: number): void {
    if (!this.has(id)) return;
    this.held--;
    this.columns.flags[id] = 0;
    this.moreAuthors[id] = undefined;
  }

  /**
   * A product's values as the columns hold them, for reading one product (tests, a look at the table): empty
   * text is null, empty authors are left out.
   */
  get(id: number): ProductFacets | undefined {
    if (!this.has(id)) return undefined;
    const c = this.columns;
    const name = (values: FacetValues, n: number) => (n === NONE ? null : values.names[n]);
    return {
      id,
      categoryId: c.categoryId[id],
      productType: name(this.productTypes, c.productType[id]) ?? '',
      authors: this.authorsOf(id).map((n) => this.dictionaries.authors.names[n]),
      publisher: name(this.dictionaries.publishers, c.publishers[id]),
      binding: name(this.dictionaries.bindings, c.bindings[id]),
      language: name(this.dictionaries.languages, c.languages[id]),
      translation: name(this.dictionaries.translations, c.translations[id]),
      price: c.price[id],
      available: (c.flags[id] & FLAG.available) !== 0,
      onSale: (c.flags[id] & FLAG.onSale) !== 0,
      salesCount: c.salesCount[id],
    };
  }

  /** Room for `id`: twice the room, so a full read's ascending ids copy the columns a few times, not once each. */
  private grow(id: number): void {
    const capacity = Math.max(id + 1, this.columns.flags.length * 2, 1024);
    const grown = columnsOf(capacity);
    for (const key of Object.keys(grown) as (keyof FacetColumnArrays)[]) grown[key].set(this.columns[key]);
    this.columns = grown;
  }
}
