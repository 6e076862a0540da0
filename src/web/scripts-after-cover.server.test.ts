import { describe, expect, it } from 'vitest';
import { editedDocument } from './document-edits.server';
import { scriptsAfterTheCoverEdits } from './scripts-after-cover.server';

const page = (head: string, body = 'ă') =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);
/** The script the edit writes last in the body, with its nonce attribute as given. */
const lastScript = (html: string) => /<script( nonce="[^"]*")?>(\(function\(\)\{[\s\S]*?)<\/script><\/body>/.exec(html);

/** The document as the entry sends it with only these edits made. */
const withScriptsAfterTheCover = (html: Buffer, nonce: string | undefined) =>
  editedDocument(html, scriptsAfterTheCoverEdits(html, nonce));

describe('scriptsAfterTheCoverEdits', () => {
  it('makes every module preload and the module script inert and leaves the rest of the page as it was', () => {
    const html = page(
      '<link rel="modulepreload" href="/assets/common.ro.js" data-i18n-area="common"/><link rel="icon" href="/favicon.svg"/>' +
        '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>',
      '<script nonce="n">window.__ctx = {};</script><script nonce="n" type="module" async="">import "/assets/root.js";</script>',
    );
    const out = withScriptsAfterTheCover(html, 'n').toString();
    const last = lastScript(out);
    expect(last?.[1]).toBe(' nonce="n"');
    expect(out.replace(last?.[0] ?? '', '</body>')).toBe(
      page(
        '<link data-after-cover="modulepreload" href="/assets/common.ro.js" data-i18n-area="common"/><link rel="icon" href="/favicon.svg"/>' +
          '<link data-after-cover="modulepreload" href="/assets/entry.client.js" nonce="n"/>',
        '<script nonce="n">window.__ctx = {};</script><script nonce="n" type="x-after-cover">import "/assets/root.js";</script>',
      ).toString(),
    );
  });

  it('writes the last script without a nonce when the response has none, and the same text each time', () => {
    const html = page('', '<script type="module" async="">import "/b.js";</script>');
    const a = lastScript(withScriptsAfterTheCover(html, undefined).toString());
    const b = lastScript(withScriptsAfterTheCover(html, 'other').toString());
    expect(a?.[1]).toBeUndefined();
    expect(a?.[2]).toContain('x-after-cover');
    // One text for every page: a cached page's CSP allows it by one hash.
    expect(a?.[2]).toBe(b?.[2]);
  });

  it('returns a page without module preloads or module scripts unchanged', () => {
    const html = page('<link rel="stylesheet" href="/a.css"/><script type="application/ld+json">{}</script>');
    expect(scriptsAfterTheCoverEdits(html, 'n')).toEqual([]);
  });

  it('keeps the bytes of text around the tags (UTF-8 untouched)', () => {
    const html = page(
      '<title>Cărți și Biblii</title><link rel="modulepreload" href="/a.js"/>',
      'Ionuț<script type="module" async="">import "/b.js";</script>ș',
    );
    const out = withScriptsAfterTheCover(html, undefined).toString('utf8');
    expect(out).toContain('<title>Cărți și Biblii</title>');
    expect(out).toContain('Ionuț<script type="x-after-cover">import "/b.js";</script>ș<script>');
    expect(out).not.toContain('rel="modulepreload"');
  });
});
