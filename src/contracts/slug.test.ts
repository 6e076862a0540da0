import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('turns both comma-below and cedilla diacritics into plain letters', () => {
    expect(slugify('Știință și Țară')).toBe('stiinta-si-tara');
    expect(slugify('Ştiinţă şi Ţară')).toBe('stiinta-si-tara');
    expect(slugify('  Biblia, ediție „revizuită” – 2024! ')).toBe('biblia-editie-revizuita-2024');
  });
});
