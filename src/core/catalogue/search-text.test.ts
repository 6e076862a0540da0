import { describe, expect, it } from 'vitest';
import { exactCodes, foldText, joinedWordQueries, searchWords, tsQueryText } from './search-text';

describe('search text', () => {
  it('folds case and every diacritic, both ș/ş and ț/ţ', () => {
    expect(foldText('ȘtiinȚă Ştiinţă ĂÂÎ ăâî')).toBe('stiinta stiinta aai aai');
  });

  it('splits words, drops repeats and stop words unless nothing else is left', () => {
    expect(searchWords('Biblia și  Biblia, de studiu!')).toEqual(['biblia', 'studiu']);
    expect(searchWords('și de')).toEqual(['si', 'de']);
    expect(searchWords('!!! ...')).toEqual([]);
    expect(searchWords('a b c d e f g h i j k')).toHaveLength(8);
  });

  it('recognises ISBN-13, ISBN-10 (converted) and product codes', () => {
    expect(exactCodes('978-606-123-456-7').isbn).toBe('9786061234567');
    expect(exactCodes('973-12-3456-X').isbn).toBe('9789731234564');
    expect(exactCodes('mrn-000123').sku).toBe('MRN-000123');
    expect(exactCodes('MRN000123').sku).toBe('MRN-000123');
    expect(exactCodes('biblia')).toEqual({ isbn: null, sku: null });
  });

  it('builds a tsquery: AND of words, OR of alternatives, the last word a prefix on request', () => {
    const alternatives = new Map([['cornilesku', ['cornilescu']]]);
    expect(tsQueryText(['biblia', 'cornilesku'], alternatives, { prefixLast: false })).toBe(
      'biblia & (cornilesku | cornilescu)',
    );
    expect(tsQueryText(['biblia', 'corn'], new Map(), { prefixLast: true })).toBe('biblia & corn:*');
    expect(tsQueryText(['spurj'], new Map([['spurj', ['spurgeon', 'x y']]]), { prefixLast: true })).toBe(
      '(spurj:* | spurgeon)',
    );
    expect(tsQueryText(['a'], new Map(), { prefixLast: true })).toBe('a');
  });

  it('joins plain words’ own normalised texts as PostgreSQL writes their AND', () => {
    expect(joinedWordQueries(["'bibli'", "'studi'"])).toBe("'bibli' & 'studi'");
    expect(joinedWordQueries(["'bibli'"])).toBe("'bibli'");
    // A word that became several lexemes or none (a stop word), or was not looked up: the database normalises the
    // whole query.
    expect(joinedWordQueries(["'bibli'", "'a' <-> 'b'"])).toBeNull();
    expect(joinedWordQueries(["'bibli'", ''])).toBeNull();
    expect(joinedWordQueries(["'bibli'", null])).toBeNull();
    expect(joinedWordQueries([])).toBeNull();
  });
});
