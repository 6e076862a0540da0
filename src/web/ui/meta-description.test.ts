import { describe, expect, it } from 'vitest';
import { metaDescription } from './meta-description';

describe('metaDescription', () => {
  it('joins inline tags to their punctuation and separates blocks', () => {
    expect(metaDescription('<p><strong>Pacea sfințeniei</strong>. Un cuvânt.</p><p>Alt paragraf.</p>')).toBe(
      'Pacea sfințeniei. Un cuvânt. Alt paragraf.',
    );
    expect(metaDescription('Rândul unu<br>rândul <em>doi</em>, &amp; trei')).toBe('Rândul unu rândul doi, & trei');
  });

  it('cuts long text at a word boundary within the limit', () => {
    const text = metaDescription(`<p>${'cuvânt '.repeat(40)}</p>`, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text).toMatch(/cuvânt…$/);
  });

  it('never leaves a space before punctuation when tags close before it', () => {
    for (const tag of ['strong', 'em', 'a', 'span', 'b', 'i']) {
      expect(metaDescription(`<p><${tag}>Titlu</${tag}>, apoi <${tag}>text</${tag}>.</p>`)).toBe('Titlu, apoi text.');
    }
  });
});
