import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact';
import { daysUntil } from './dates';
import { shownRange } from './pagination';
import { sanitizeRichText } from './rich-text';
import { isValidEmail, isValidPhone } from './validation';

describe('SPEC §5 e-mail and phone rules', () => {
  it.each(['ana@exemplu.ro', ' ana.pop+carti@mail.example.com '])('%s is an e-mail', (v) => {
    expect(isValidEmail(v)).toBe(true);
  });
  it.each(['ana@exemplu.r', 'ana@', 'ana exemplu.ro', 'ana@exemplu'])('%s is not', (v) => {
    expect(isValidEmail(v)).toBe(false);
  });
  // Issue 9 item 8: every real Romanian number, not only SPEC §5's 07[2-8] and 25x (decision 014).
  it.each([
    '0744 123 456',
    '+40 744-123-456',
    '0257 123 456',
    '0791 123 456',
    '0244 123 456',
    '021 312 34 56',
    '0356 123 456',
    '0040 712 345 678',
  ])('%s is a Romanian phone', (v) => {
    expect(isValidPhone(v, 'RO')).toBe(true);
  });
  it.each(['0844 123 456', '0744 123 45', '0744 123 4567', '+40 0744 123 456', '12345'])(
    '%s is not a Romanian phone',
    (v) => {
      expect(isValidPhone(v, 'RO')).toBe(false);
    },
  );
  it('accepts international numbers only where the country is not Romania', () => {
    expect(isValidPhone('+49 170 1234567', 'international')).toBe(true);
    expect(isValidPhone('+49 170 1234567', 'RO')).toBe(false);
    expect(isValidPhone('+0 12345', 'international')).toBe(false);
  });
});

describe('contact form schema', () => {
  const valid = {
    name: 'Ana',
    email: 'ana@exemplu.ro',
    subject: 'Întrebare',
    message: 'Aveți Biblii cu literă mare?',
    consent: 'on',
  };
  it('accepts a complete message without a phone', () => {
    expect(contactMessageSchema.safeParse(valid).success).toBe(true);
  });
  it('names the message of each bad field by its key', () => {
    const result = contactMessageSchema.safeParse({ ...valid, email: 'ana@', phone: '123', consent: undefined });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(messages).toEqual({
      email: 'validation.contact.emailFormat',
      phone: 'validation.contact.phone',
      consent: 'validation.contact.consent',
    });
  });
  it('refuses NUL and other control characters, but keeps line breaks in the message', () => {
    expect(contactMessageSchema.safeParse({ ...valid, message: 'Bună ziua,\r\n\tmulțumesc!' }).success).toBe(true);
    for (const bad of ['a\u0000b', 'a\u001bb', 'a\u007fb']) {
      expect(contactMessageSchema.safeParse({ ...valid, message: `Mesaj lung ${bad}` }).success, bad).toBe(false);
    }
  });
});

describe('rich text sanitiser', () => {
  it('removes scripts, handlers, styles and iframes, keeps structure and quotes', () => {
    const dirty =
      '<p onclick="x()">Text <strong>tare</strong></p><script>alert(1)</script><iframe src="https://evil.example"></iframe><blockquote style="color:red">Citat</blockquote><img src="javascript:alert(1)"><a href="javascript:alert(1)">rău</a>';
    expect(sanitizeRichText(dirty)).toBe(
      '<p>Text <strong>tare</strong></p><blockquote>Citat</blockquote><img /><a>rău</a>',
    );
  });
  it('opens external links in a new tab without an opener, and keeps our own images', () => {
    expect(
      sanitizeRichText('<a href="https://example.ro">x</a><img src="/illustrations/dove-1.svg" alt="Porumbel">'),
    ).toBe(
      '<a href="https://example.ro" target="_blank" rel="noopener noreferrer">x</a><img src="/illustrations/dove-1.svg" alt="Porumbel" />',
    );
  });
});

describe('dates and ranges', () => {
  it('counts days left in Bucharest time', () => {
    expect(daysUntil('2026-03-05', new Date('2026-03-01T23:30:00Z'))).toBe(3);
    expect(daysUntil('2026-02-01', new Date('2026-03-01T10:00:00Z'))).toBe(0);
  });
  it('says which rows a page shows', () => {
    expect(shownRange({ current_page: 2, last_page: 2, per_page: 6, last_row: 9, data: [1, 2, 3] })).toEqual({
      from: 7,
      to: 9,
      total: 9,
    });
    expect(shownRange({ current_page: 1, last_page: 1, per_page: 6, last_row: 0, data: [] })).toEqual({
      from: 0,
      to: 0,
      total: 0,
    });
  });
});
