import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseListQuerySchema, casePath, caseSlug, excerpt, extractCaseId } from './cases';
import { fieldMessages } from './errors';

describe('case slug and id extraction (SPEC §5)', () => {
  it.each([
    ['maria-ionescu-12', 12],
    ['andrei-si-stefan-dobre-3', 3],
    ['caz-1', 1],
    ['2024-anul-7', 7],
    ['-5', 5],
  ])('%s → %i', (slug, id) => {
    expect(extractCaseId(slug)).toBe(id);
  });

  it.each(['maria-ionescu', '12', 'maria-12a', 'maria-', 'maria-0', 'maria-1234567890', ''])('%s has no id', (slug) => {
    expect(extractCaseId(slug)).toBeNull();
  });

  it('builds the slug from the beneficiary name without diacritics, and finds the id again', () => {
    expect(caseSlug({ id: 4, beneficiary_name: 'Andrei și Ștefan Dobre' })).toBe('andrei-si-stefan-dobre-4');
    expect(casePath({ id: 9, beneficiary_name: 'Țuțu Ănă' })).toBe('/pages/cazuri-umanitare/tutu-ana-9');
    expect(caseSlug({ id: 2, beneficiary_name: '!!!' })).toBe('caz-2');
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 999_999_999 }), (name, id) => {
        expect(extractCaseId(caseSlug({ id, beneficiary_name: name }))).toBe(id);
      }),
    );
  });
});

describe('case list query', () => {
  it('defaults to page 1, 9 per page, newest first', () => {
    expect(caseListQuerySchema.parse({})).toEqual({ page: 1, per_page: 9, sortBy: 'newest' });
  });

  it('reads a comma list of categories and treats empty fields as missing', () => {
    expect(caseListQuerySchema.parse({ category_id: '3,1,3', min_price: '', status: '' })).toMatchObject({
      category_id: [3, 1],
    });
  });

  it('refuses a minimum above the maximum, on the maximum', () => {
    const parsed = caseListQuerySchema.safeParse({ min_price: '500', max_price: '100' });
    expect(parsed.success || fieldMessages(parsed.error)).toEqual({ max_price: 'validation.priceOrder' });
  });
});

describe('excerpt', () => {
  it('keeps short texts and cuts long ones at a word, within the limit', () => {
    expect(excerpt('scurt', 250)).toBe('scurt');
    const long = 'cuvânt '.repeat(100);
    const cut = excerpt(long, 250);
    expect(cut.length).toBeLessThanOrEqual(251);
    expect(cut.endsWith('cuvânt…')).toBe(true);
  });
});
