import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KEPT_STYLESHEET_MIN_BYTES, createStylesheetGzip, stylesheetSpan } from './stylesheet-gzip';

const sheet = (seed: string) =>
  Array.from({ length: 600 }, (_, i) => `.${seed}-${i}{margin:${i % 7}px;color:#${(i * 4099).toString(16)}}`).join('');

const page = (css: string, main = 'Puterea speranței') =>
  Buffer.from(
    `<!DOCTYPE html><html lang="ro"><head><meta charSet="utf-8"/><title>${main}</title>` +
      `<style nonce="abc">${css}</style></head><body><main><h1>${main}</h1>${'<p>Biblia</p>'.repeat(400)}</main></body></html>`,
  );

describe('gzip around the kept stylesheet', () => {
  it('finds the first long enough <style> text, and nothing in a page without one', () => {
    const css = sheet('a');
    const bytes = page(css);
    const span = stylesheetSpan(bytes);
    expect(span && bytes.subarray(span.start, span.end).toString()).toBe(css);
    expect(stylesheetSpan(page('html{color:red}'))).toBeNull();
    expect(stylesheetSpan(Buffer.from('{"items":[]}'))).toBeNull();
    expect(stylesheetSpan(Buffer.from(`<style>${sheet('b')}`))).toBeNull();
    expect(KEPT_STYLESHEET_MIN_BYTES).toBeLessThan(css.length);
  });

  it('decodes to the page byte for byte, for each page around the same stylesheet', async () => {
    const gzip = createStylesheetGzip();
    const css = sheet('a');
    for (const title of ['Puterea speranței', 'Biblia Bucureşti 1688', 'ș'.repeat(5000)]) {
      const bytes = page(css, title);
      const coded = await gzip(bytes);
      expect(coded).not.toBeNull();
      expect(gunzipSync(coded as Buffer).equals(bytes)).toBe(true);
      expect((coded as Buffer).length).toBeLessThan(bytes.length / 3);
    }
  });

  it('a page with another stylesheet decodes to its own, and so does the first one after it', async () => {
    const gzip = createStylesheetGzip();
    const first = page(sheet('a'));
    const second = page(sheet('b'));
    // Same length, different bytes: the kept text is compared byte for byte, not by its length.
    expect(sheet('a').length).toBe(sheet('b').length);
    for (const bytes of [first, second, first, first]) {
      expect(gunzipSync((await gzip(bytes)) as Buffer).equals(bytes)).toBe(true);
    }
  });

  it('pages coded at once share the stylesheet and each decodes to itself', async () => {
    const gzip = createStylesheetGzip();
    const css = sheet('a');
    const pages = Array.from({ length: 8 }, (_, i) => page(css, `Cartea ${i}`));
    const coded = await Promise.all(pages.map((bytes) => gzip(bytes)));
    expect(coded.map((body) => gunzipSync(body as Buffer).toString())).toEqual(pages.map(String));
  });
});
