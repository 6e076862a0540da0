import { describe, expect, it } from 'vitest';
import { editedDocument } from './document-edits.server';
import { inlineStylesheetEdit } from './inline-stylesheet.server';

const page = (head: string) => Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>ă</body></html>`);
const sheet = Buffer.from('.a{color:red}');

/** The document as the entry sends it with only this edit made. */
const withInlineStylesheet = (html: Buffer, nonce: string | undefined) =>
  editedDocument(html, inlineStylesheetEdit(html, nonce, sheet));

describe('inlineStylesheetEdit', () => {
  it('writes the stylesheet into the empty element rendered with the nonce, and nothing else changes', () => {
    const html = page('<meta charSet="utf-8"/><style nonce="n1"></style><link rel="icon" href="/f.svg"/>');
    expect(withInlineStylesheet(html, 'n1').toString()).toBe(
      page('<meta charSet="utf-8"/><style nonce="n1">.a{color:red}</style><link rel="icon" href="/f.svg"/>').toString(),
    );
  });

  it('writes it into the element without a nonce when the response has none (CSP switched off)', () => {
    expect(withInlineStylesheet(page('<style></style>'), undefined).toString()).toBe(
      page('<style>.a{color:red}</style>').toString(),
    );
  });

  it('finds the element after another style element, and fills only the one with the nonce', () => {
    const html = page('<style>b{}</style><style nonce="n1"></style>');
    expect(withInlineStylesheet(html, 'n1').toString()).toBe(
      page('<style>b{}</style><style nonce="n1">.a{color:red}</style>').toString(),
    );
  });

  it('leaves a document alone that has no empty element of this nonce', () => {
    for (const head of [
      '<link rel="stylesheet" href="/app.css"/>',
      '<style nonce="other"></style>',
      '<style>b{}</style>',
    ]) {
      expect(inlineStylesheetEdit(page(head), 'n1', sheet)).toEqual([]);
    }
  });
});
