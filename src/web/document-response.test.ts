import { describe, expect, it } from 'vitest';
import { DocumentResponse, documentHtml } from './document-response';

const page = Buffer.from('<!DOCTYPE html><html lang="ro"><body>Librăria</body></html>');

describe('DocumentResponse', () => {
  it('keeps the bytes as they are, for those who know it', () => {
    const response = new DocumentResponse(page, {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
    expect(documentHtml(response)).toBe(page);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('gives everyone else the same bytes through body, arrayBuffer and text', async () => {
    const make = () => new DocumentResponse(page, { status: 404 });
    expect(await make().text()).toBe(page.toString('utf8'));
    expect(Buffer.from(await make().arrayBuffer()).equals(page)).toBe(true);
    const read = await new Response(make().body).arrayBuffer();
    expect(Buffer.from(read).equals(page)).toBe(true);
  });

  it('is found by its registered symbol, not by its class (the render thread has another copy of the module)', () => {
    const foreign = new Response(null);
    Object.defineProperty(foreign, Symbol.for('maranatha.document-html'), { value: page });
    expect(documentHtml(foreign)).toBe(page);
    expect(documentHtml(new Response(page))).toBeUndefined();
  });
});
