import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webSources } from './web-sources.testing';

/**
 * The Content-Security-Policy's `style-src` lists the stylesheet's nonce and no `'unsafe-inline'` (decisions 018 and
 * 029), so a browser refuses every `style` attribute of a page it loads whole: a component styles itself with classes. (A style
 * set from script, through the element's `style` object, is allowed, and is not what this looks for.)
 */
describe('components', () => {
  it('write no style attribute', () => {
    const files = webSources();
    expect(files.length).toBeGreaterThan(100);
    const writers = files.filter((file) => /\bstyle=\{/.test(readFileSync(file, 'utf8')));
    expect(writers.map((file) => path.relative(import.meta.dirname, file))).toEqual([]);
  });
});
