import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type InvoiceFacts, renderInvoicePdf } from './invoice-pdf';

const facts: InvoiceFacts = {
  bill: 'MRN-000042',
  issuedOn: '25.11.2026',
  orderRef: 'MRN-2026-000123',
  paymentMethod: 'card',
  seller: {
    name: 'Asociația Maranatha',
    cui: '18547290',
    registration: '12/A/2006',
    address: 'Str. Revoluției nr. 81, Arad 310130, jud. Arad',
    bank: 'Banca Transilvania',
    iban: 'RO49 AAAA 1B31 0075 9384 0000',
  },
  buyer: {
    name: 'Ion Țăranu',
    company: null,
    address: 'Strada Mărășești 3, Iași 700001, jud. Iași, România',
    email: 'ion@example.ro',
    phone: '0744 123 456',
  },
  lines: [
    {
      name: 'Biblia, ediție jubiliară',
      sku: 'BIB-1',
      quantity: 2,
      unitGross: 8900,
      couponDiscount: 890,
      gross: 16910,
      vatRate: 11,
    },
    {
      name: 'Cană „Domnul e păstorul meu”',
      sku: 'CAD-2',
      quantity: 1,
      unitGross: 3500,
      couponDiscount: 0,
      gross: 3500,
      vatRate: 21,
    },
  ],
  shipping: { name: 'GLS', gross: 1999, vatRate: 21 },
  vat: [
    { rate: 11, gross: 16910, net: 15234, vat: 1676 },
    { rate: 21, gross: 5499, net: 4545, vat: 954 },
  ],
  total: 22409,
  donation: 0,
};

const text = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

describe('the invoice PDF', () => {
  it('prints the Romanian letters, every line, the VAT per rate and the total, with its fonts embedded', async () => {
    const pdf = await renderInvoicePdf(facts);
    const read = text(pdf);
    for (const expected of [
      'FACTURĂ',
      'Asociația Maranatha',
      'Ion Țăranu',
      'Strada Mărășești 3, Iași',
      'Biblia, ediție jubiliară',
      'reducere cupon −8,90 lei',
      'Cană „Domnul e păstorul meu”',
      'Transport: GLS',
      'Total cota 11 % (bază 152,34 lei, TVA 16,76 lei)',
      'Total cota 21 % (bază 45,45 lei, TVA 9,54 lei)',
      '224,09 lei',
    ]) {
      expect(read).toContain(expected);
    }
    // No donation, no donation line.
    expect(read).not.toContain('Donație');
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString();
    expect(fonts).toMatch(/DejaVuSans-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('makes documents that stand alone when the parsed fonts are shared: the second has all its glyphs too', async () => {
    const [first, second] = await Promise.all([
      renderInvoicePdf(facts),
      renderInvoicePdf({ ...facts, buyer: { ...facts.buyer, name: 'Ștefania Îngeraș' }, donation: 1000 }),
    ]);
    expect(text(first)).toContain('Ion Țăranu');
    const read = text(second);
    expect(read).toContain('Ștefania Îngeraș');
    expect(read).toContain('Donație pentru cazul umanitar');
    expect(read).toContain('234,09 lei');
  });
});
