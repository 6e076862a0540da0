import { describe, expect, it } from 'vitest';
import { pageWindow, withParams } from './pagination';

describe('pageWindow', () => {
  it('shows the first, the last and the neighbours, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 40)).toEqual([1, null, 5, 6, 7, null, 40]);
    expect(pageWindow(40, 40)).toEqual([1, null, 39, 40]);
  });
});

describe('withParams', () => {
  it('replaces and removes parameters, keeping the others', () => {
    const search = new URLSearchParams('author=A&author=B&page=3');
    expect(withParams(search, { page: '4' })).toBe('?author=A&author=B&page=4');
    expect(withParams(search, { page: undefined })).toBe('?author=A&author=B');
    expect(withParams(new URLSearchParams('page=2'), { page: '' })).toBe('?');
  });
});
