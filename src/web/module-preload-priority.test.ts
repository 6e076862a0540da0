import { describe, expect, it } from 'vitest';
import { withLowPriorityModulePreloads } from './module-preload-priority';

const page = (head: string) => Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>ă</body></html>`);

describe('withLowPriorityModulePreloads', () => {
  it('marks every module preload low priority and leaves the rest of the page as it was', () => {
    const html = page(
      '<link rel="modulepreload" href="/assets/common.ro.js" data-i18n-area="common"/><link rel="icon" href="/favicon.svg"/>' +
        '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>',
    );
    expect(withLowPriorityModulePreloads(html).toString()).toBe(
      page(
        '<link fetchpriority="low" rel="modulepreload" href="/assets/common.ro.js" data-i18n-area="common"/><link rel="icon" href="/favicon.svg"/>' +
          '<link fetchpriority="low" rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>',
      ).toString(),
    );
  });

  it('returns a page without module preloads unchanged', () => {
    const html = page('<link rel="stylesheet" href="/a.css"/><script type="module">import "/x.js"</script>');
    expect(withLowPriorityModulePreloads(html)).toBe(html);
  });

  it('keeps the bytes of text around the links (UTF-8 untouched)', () => {
    const html = page('<title>Cărți și Biblii</title><link rel="modulepreload" href="/a.js"/>');
    const out = withLowPriorityModulePreloads(html).toString('utf8');
    expect(out).toContain('<title>Cărți și Biblii</title>');
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(1);
  });
});
