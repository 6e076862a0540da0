import { describe, expect, it } from 'vitest';
import { isValidIsbn13 } from '../../contracts/isbn';
import { generateProducts, leafSlugs } from './catalogue-generator';
import { categoryTree } from './category-tree';

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
});
