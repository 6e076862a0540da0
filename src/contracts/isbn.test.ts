import { describe, expect, it } from 'vitest';
import { isbn13CheckDigit, isValidIsbn13 } from './isbn';

describe('ISBN-13', () => {
  it('computes the check digit', () => {
    expect(isbn13CheckDigit('978973000000')).toBe(9);
    expect(isbn13CheckDigit('978030640615')).toBe(7);
  });
  it('accepts valid numbers with or without hyphens and rejects the rest', () => {
    expect(isValidIsbn13('978-0-306-40615-7')).toBe(true);
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('1234567890123')).toBe(false);
  });
});
