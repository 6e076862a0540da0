import { describe, expect, it } from 'vitest';
import { editedDocument } from './document-edits.server';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('editedDocument', () => {
  it('makes replacements and insertions given in any order, and keeps the bytes between them', () => {
    const html = bytes('<html><head><style></style></head><body>Cărți ș</body></html>');
    const out = editedDocument(html, [
      [html.indexOf('</body>'), 0, bytes('<script>x</script>')],
      [html.indexOf('<head>'), '<head>'.length, bytes('<head lang="ro">')],
      [0, 0, bytes('<!DOCTYPE html>')],
      [html.indexOf('</style>'), 0, bytes('a{}')],
    ]);
    expect(out.toString('utf8')).toBe(
      '<!DOCTYPE html><html><head lang="ro"><style>a{}</style></head><body>Cărți ș<script>x</script></body></html>',
    );
  });

  it('keeps two insertions at one place in the order given', () => {
    expect(
      editedDocument(bytes('ab'), [
        [1, 0, bytes('1')],
        [1, 0, bytes('2')],
      ]).toString(),
    ).toBe('a12b');
  });

  it('copies the document once into memory of its own, even with nothing to change', () => {
    const html = bytes('<p>ă</p>'.repeat(1000));
    const out = editedDocument(html, []);
    expect(out.equals(html)).toBe(true);
    expect(out.buffer).not.toBe(html.buffer);
    expect(out.byteOffset === 0 && out.byteLength === out.buffer.byteLength).toBe(true);
  });
});
