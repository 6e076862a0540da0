import { describe, expect, it } from 'vitest';
import { parseCompareList, toggleCompare } from './compare';

const a = { id: 1, slug: 'a', title: 'Biblia' };
const b = { id: 2, slug: 'b', title: 'Predici' };

describe('compare list (SPEC §2, §4)', () => {
  it('adds a product that is not there, at the end', () => {
    expect(toggleCompare([a], b)).toEqual({ list: [a, b], action: 'added' });
  });
  it('removes a product that is already there', () => {
    expect(toggleCompare([a, b], { ...a, title: 'renamed' })).toEqual({ list: [b], action: 'removed' });
  });
  it('reads only well-formed entries from storage, each once', () => {
    expect(parseCompareList(JSON.stringify([a, { id: 'x' }, b, a, null]))).toEqual([a, b]);
    expect(parseCompareList('not json')).toEqual([]);
    expect(parseCompareList('{"id":1}')).toEqual([]);
    expect(parseCompareList(null)).toEqual([]);
  });
});
