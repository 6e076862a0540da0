import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webSources } from './web-sources.testing';

/**
 * React Router hands loaders and actions the request as it came (`v8_passThroughRequests`, decision 057): a client
 * navigation's data request still ends in `.data` and carries `_routes`. The page's own address is the `url`
 * argument, so no page module reads `request.url`; the document's entry is the one place that may (a document
 * request is the page itself).
 */
const WEB = path.resolve(import.meta.dirname);
const ENTRY = path.join(WEB, 'entry.server.tsx');

describe('page modules and their helpers', () => {
  it('take the page address from React Router’s url argument, not from request.url', () => {
    const files = webSources();
    expect(files.length).toBeGreaterThan(100);
    const readers = files.filter((file) => file !== ENTRY && /\brequest\.url\b/.test(readFileSync(file, 'utf8')));
    expect(readers.map((file) => path.relative(WEB, file))).toEqual([]);
  });
});
