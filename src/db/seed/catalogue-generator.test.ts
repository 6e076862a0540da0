import { describe, expect, it } from 'vitest';
import { isValidIsbn13 } from '../../contracts/isbn';
import { effectivePrice, priceDisplay, referencePrice } from '../../contracts/money';
import { CATALOGUE_DATE, DAY_MS, DEMO_SEED, generateProducts, leafSlugs } from './catalogue-generator';
import { categoryTree } from './category-tree';
import { demoPriceHistory } from './price-history';
import { Random } from './random';

const generateCatalogue = (count: number) => [...generateProducts(count)];
const products = generateCatalogue(20_000);
const share = (predicate: (p: (typeof products)[number]) => boolean) =>
  products.filter(predicate).length / products.length;

describe('demo catalogue generator', () => {
  it('is deterministic: the same seed gives the same products', () => {
    expect(generateCatalogue(50)).toEqual(products.slice(0, 50));
  });

  it('gives every product a unique slug and SKU and a category of the tree', () => {
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    const slugs = leafSlugs(categoryTree);
    for (const p of products) expect(slugs.has(p.categorySlug), p.categorySlug).toBe(true);
  });

  it('writes ISBN-13s with valid check digits', () => {
    const withIsbn = products.filter((p) => p.isbn);
    expect(withIsbn.length).toBeGreaterThan(15_000);
    for (const p of withIsbn) expect(isValidIsbn13(p.isbn ?? ''), p.isbn ?? '').toBe(true);
  });

  it('prices between 5 and 600 lei, special prices on about 15 %, always lower', () => {
    for (const p of products) {
      expect(p.sellingPrice).toBeGreaterThanOrEqual(500);
      expect(p.sellingPrice).toBeLessThanOrEqual(60_099);
      if (p.specialPrice !== null) expect(p.specialPrice).toBeLessThan(p.sellingPrice);
    }
    expect(share((p) => p.specialPrice !== null)).toBeGreaterThan(0.13);
    expect(share((p) => p.specialPrice !== null)).toBeLessThan(0.17);
  });

  it('has about 5 % out of stock', () => {
    const out = share((p) => p.quantity === 0);
    expect(out).toBeGreaterThan(0.04);
    expect(out).toBeLessThan(0.06);
  });

  it('charges 11 % VAT on books and Bibles and 21 % on gifts (DESIGN §6)', () => {
    for (const p of products) {
      if (p.productType === 'carte' || p.productType === 'biblie' || p.productType === 'copii')
        expect(p.vatRate).toBe(11);
      if (p.productType === 'cadou') expect(p.vatRate).toBe(21);
    }
  });

  it('has personalisable Bibles with an engraving form whose extra costs are in bani', () => {
    const personalised = products.filter((p) => p.hasPersonalization);
    expect(personalised.length).toBeGreaterThan(200);
    for (const p of personalised) {
      expect(p.productType).toBe('biblie');
      const inputs = p.personalizationForm?.sections.flatMap((s) =>
        s.rows.flatMap((r) => r.columns.flatMap((c) => c.inputs)),
      );
      expect(inputs?.map((i) => i.type)).toEqual(['text', 'select', 'image']);
    }
    expect(personalised.some((p) => p.personalizationRequired)).toBe(true);
  });

  it('gives every discounted product the 30-day history its reduction is measured against (DESIGN §6)', () => {
    const r = new Random(DEMO_SEED + 1);
    let reduced = 0;
    let notReduced = 0;
    for (const p of products) {
      const history = demoPriceHistory(p, r);
      expect(history.filter((h) => h.validTo === null)).toHaveLength(1);
      expect(history[history.length - 1].price).toBe(effectivePrice(p));
      if (p.specialPrice === null) continue;
      expect(p.createdAt.getTime()).toBeLessThan(CATALOGUE_DATE - 31 * DAY_MS);
      const reference = referencePrice(history);
      expect(reference, p.slug).not.toBeNull();
      if (priceDisplay({ price: p.specialPrice, reference }).reference === null) notReduced++;
      else reduced++;
    }
    // Most discounts show; those after a deeper promotion in the month before do not.
    expect(reduced).toBeGreaterThan(2000);
    expect(notReduced).toBeGreaterThan(100);
  });
});
