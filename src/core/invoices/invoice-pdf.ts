import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { InvoiceSeller } from '../../contracts/invoices';
import {
  type Bani,
  formatMoney,
  NO_CONVERSION,
  splitVat,
  type VatBreakdown,
  type VatRate,
} from '../../contracts/money';
import { loadOnce } from '../load-once';

/** What an invoice shows, all taken from the order's snapshot and the invoice row (amounts in bani RON). */
export interface InvoiceFacts {
  bill: string;
  /** The issue day as shown (Europe/Bucharest), "25.11.2026". */
  issuedOn: string;
  orderRef: string;
  paymentMethod: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  shipping: { name: string; gross: Bani; vatRate: VatRate } | null;
  /** Goods and shipping per VAT rate, as the order was priced. */
  vat: VatBreakdown[];
  /** Goods and shipping, VAT included: the invoice's total. */
  total: Bani;
  /** Outside VAT and outside the invoice's total (decision 021); 0 when none. */
  donation: Bani;
}

export interface InvoiceBuyer {
  name: string;
  company: {
    name: string;
    cui: string | null;
    registration: string | null;
    bank: string | null;
    iban: string | null;
  } | null;
  address: string;
  email: string;
  phone: string;
}

export interface InvoiceLine {
  name: string;
  sku: string;
  quantity: number;
  /** One piece, personalisation included, VAT included, before the coupon. */
  unitGross: Bani;
  /** The coupon's share of the line. */
  couponDiscount: Bani;
  /** The line after the coupon, VAT included. */
  gross: Bani;
  vatRate: VatRate;
}

/**
 * The invoice's texts. The invoice is a Romanian fiscal document, so it is always in Romanian, whatever
 * language the order was placed in (decision 021).
 */
const TEXT = {
  title: 'FACTURĂ',
  series: 'Seria și numărul',
  issued: 'Data emiterii',
  order: 'Comanda',
  payment: 'Modalitate de plată',
  methods: { ramburs: 'Ramburs', card: 'Card', transfer: 'Transfer bancar', revolut: 'Revolut' } as Record<
    string,
    string
  >,
  seller: 'Furnizor',
  buyer: 'Cumpărător',
  cui: 'CUI',
  registration: 'Nr. înregistrare',
  bank: 'Banca',
  iban: 'IBAN',
  email: 'E-mail',
  phone: 'Telefon',
  columns: ['Nr.', 'Denumire', 'Cant.', 'Preț unitar', 'Cota TVA', 'Valoare', 'din care TVA'],
  coupon: 'reducere cupon',
  shipping: 'Transport',
  perRate: (rate: number) => `Total cota ${rate} %`,
  net: 'bază',
  vat: 'TVA',
  total: 'TOTAL FACTURĂ (TVA inclus)',
  donation: 'Donație pentru cazul umanitar (în afara sferei TVA, nu face parte din factură)',
  paid: 'Total de plată al comenzii',
  note: 'Prețurile includ TVA. Factura este valabilă fără semnătură și ștampilă (art. 319 alin. 29 Cod fiscal).',
};

const require = createRequire(import.meta.url);

/** A document's font as pdfkit keeps it (its EmbeddedFont); pdfkit does not export the type. */
type EmbeddedFont = object;
interface FontSlots {
  _fontFamilies: Record<string, EmbeddedFont>;
  _fontCount: number;
  _font: EmbeddedFont & { font: unknown; constructor: new (doc: unknown, font: unknown, id: string) => EmbeddedFont };
}

/**
 * pdfkit and fontkit add about 17 MB to the process once loaded (5 MB of it heap), and a PDF is made only when an
 * invoice or a packing slip is downloaded: they are loaded then, not when the server starts (issue 14, goal 4).
 *
 * pdfkit parses a font file again for every document (fontkit.create): that was most of an invoice's time in
 * the profile (fontkit's table decoding and the garbage it leaves). The fonts are parsed once here, and each
 * document gets pdfkit's own font objects around the parsed fonts (each document still makes its own subset).
 * This reaches into pdfkit's private slots, so the version is pinned and invoice-pdf.test.ts checks the result.
 */
const loadPdfKit = loadOnce(async () => {
  const { default: PDFDocument } = await import('pdfkit');
  // DejaVu Sans has ă â î ș ț (comma below), which the PDF standard fonts lack.
  const read = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  const probe = new PDFDocument() as unknown as PDFKit.PDFDocument & FontSlots;
  probe.font(read('DejaVuSans.ttf'));
  const regular = probe._font;
  probe.font(read('DejaVuSans-Bold.ttf'));
  return { PDFDocument, fonts: { make: regular.constructor, regular: regular.font, bold: probe._font.font } };
});

/**
 * A new PDF document with the shop's fonts ('regular', 'bold'), and its bytes once `doc.end()` is called. Every PDF of
 * the shop starts here (the invoice, the back office's packing slip).
 */
export async function openPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const { PDFDocument, fonts } = await loadPdfKit();
  const doc = new PDFDocument(options);
  const slots = doc as unknown as FontSlots;
  for (const [name, font] of [
    ['regular', fonts.regular],
    ['bold', fonts.bold],
  ] as const) {
    slots._fontFamilies[name] = new fonts.make(doc, font, `F${++slots._fontCount}`);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

const lei = (bani: Bani) => formatMoney(bani, NO_CONVERSION, 'ro');

const PAGE = { margin: 40, width: 595.28 };
const INNER = PAGE.width - 2 * PAGE.margin;
/** Column x positions and widths of the lines' table (points). */
const COLUMNS = [
  { x: 0, w: 24, align: 'left' },
  { x: 24, w: 215, align: 'left' },
  { x: 239, w: 36, align: 'right' },
  { x: 275, w: 70, align: 'right' },
  { x: 345, w: 46, align: 'right' },
  { x: 391, w: 70, align: 'right' },
  { x: 461, w: INNER - 461, align: 'right' },
] as const;

/** Renders the invoice as an A4 PDF with its fonts embedded (subset). */
export async function renderInvoicePdf(facts: InvoiceFacts): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `Factura ${facts.bill}`, Author: facts.seller.name, Subject: `Comanda ${facts.orderRef}` },
  });

  const left = PAGE.margin;
  const half = INNER / 2;

  // Title and the invoice's identity.
  doc.font('bold').fontSize(18).text(TEXT.title, left, PAGE.margin);
  doc.font('regular').fontSize(9);
  const identity: [string, string][] = [
    [TEXT.series, facts.bill],
    [TEXT.issued, facts.issuedOn],
    [TEXT.order, facts.orderRef],
    [TEXT.payment, TEXT.methods[facts.paymentMethod] ?? facts.paymentMethod],
  ];
  let y = PAGE.margin;
  for (const [label, value] of identity) {
    doc.font('regular').text(`${label}: `, left + half, y, { continued: true, width: half });
    doc.font('bold').text(value);
    y = doc.y;
  }

  // Seller and buyer side by side.
  const top = Math.max(doc.y, PAGE.margin + 30) + 16;
  const s = facts.seller;
  party(
    doc,
    TEXT.seller,
    s.name,
    [
      `${TEXT.cui}: ${s.cui}`,
      `${TEXT.registration}: ${s.registration}`,
      s.address,
      `${TEXT.bank}: ${s.bank}`,
      `${TEXT.iban}: ${s.iban}`,
    ],
    left,
    top,
    half - 12,
  );
  const sellerBottom = doc.y;
  const b = facts.buyer;
  const buyerLines = b.company
    ? [
        ...(b.company.cui ? [`${TEXT.cui}: ${b.company.cui}`] : []),
        ...(b.company.registration ? [`${TEXT.registration}: ${b.company.registration}`] : []),
        b.address,
        ...(b.company.bank ? [`${TEXT.bank}: ${b.company.bank}`] : []),
        ...(b.company.iban ? [`${TEXT.iban}: ${b.company.iban}`] : []),
        b.name,
      ]
    : [b.address];
  party(
    doc,
    TEXT.buyer,
    b.company?.name ?? b.name,
    [...buyerLines, `${TEXT.email}: ${b.email}`, `${TEXT.phone}: ${b.phone}`],
    left + half,
    top,
    half,
  );
  y = Math.max(sellerBottom, doc.y) + 18;

  // The lines' table.
  doc.font('bold').fontSize(8);
  row(doc, y, TEXT.columns);
  y = doc.y + 3;
  doc
    .moveTo(left, y)
    .lineTo(left + INNER, y)
    .lineWidth(0.5)
    .stroke();
  y += 4;
  doc.font('regular');
  let n = 0;
  const tableRow = (cells: string[]) => {
    if (y > 760) {
      doc.addPage();
      y = PAGE.margin;
    }
    row(doc, y, cells);
    y = doc.y + 4;
  };
  for (const line of facts.lines) {
    n += 1;
    const name = line.couponDiscount > 0 ? `${line.name} (${TEXT.coupon} −${lei(line.couponDiscount)})` : line.name;
    tableRow([
      String(n),
      `${name}\n${line.sku}`,
      String(line.quantity),
      lei(line.unitGross),
      `${line.vatRate} %`,
      lei(line.gross),
      lei(splitVat(line.gross, line.vatRate).vat),
    ]);
  }
  if (facts.shipping) {
    n += 1;
    const { gross, vatRate } = facts.shipping;
    tableRow([
      String(n),
      `${TEXT.shipping}: ${facts.shipping.name}`,
      '1',
      lei(gross),
      `${vatRate} %`,
      lei(gross),
      lei(splitVat(gross, vatRate).vat),
    ]);
  }
  doc
    .moveTo(left, y)
    .lineTo(left + INNER, y)
    .lineWidth(0.5)
    .stroke();
  y += 8;

  // Totals per VAT rate, then the invoice's total; the donation apart.
  doc.fontSize(9);
  for (const r of facts.vat) {
    total(doc, y, `${TEXT.perRate(r.rate)} (${TEXT.net} ${lei(r.net)}, ${TEXT.vat} ${lei(r.vat)})`, lei(r.gross));
    y = doc.y + 2;
  }
  doc.font('bold').fontSize(11);
  total(doc, y + 4, TEXT.total, lei(facts.total));
  y = doc.y + 10;
  doc.font('regular').fontSize(9);
  if (facts.donation > 0) {
    total(doc, y, TEXT.donation, lei(facts.donation));
    y = doc.y + 2;
    doc.font('bold');
    total(doc, y, TEXT.paid, lei(facts.total + facts.donation));
    y = doc.y + 10;
  }
  doc
    .font('regular')
    .fontSize(8)
    .text(TEXT.note, left, y + 12, { width: INNER });
  doc.end();
  return bytes;
}

function party(
  doc: PDFKit.PDFDocument,
  title: string,
  name: string,
  lines: string[],
  x: number,
  y: number,
  width: number,
) {
  doc.font('regular').fontSize(8).fillColor('#555555').text(title.toUpperCase(), x, y, { width });
  doc
    .fillColor('#000000')
    .font('bold')
    .fontSize(10)
    .text(name, x, doc.y + 2, { width });
  doc.font('regular').fontSize(9);
  for (const line of lines) doc.text(line, x, doc.y + 1, { width });
}

/** One table row: each cell in its column, the row as tall as its tallest cell. */
function row(doc: PDFKit.PDFDocument, y: number, cells: string[]) {
  let bottom = y;
  cells.forEach((cell, i) => {
    const c = COLUMNS[i];
    doc.text(cell, PAGE.margin + c.x, y, { width: c.w - 4, align: c.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom;
}

function total(doc: PDFKit.PDFDocument, y: number, label: string, value: string) {
  const x = PAGE.margin + INNER * 0.2;
  const width = INNER * 0.8;
  doc.text(label, x, y, { width: width - 100 });
  const labelBottom = doc.y;
  doc.text(value, x + width - 100, y, { width: 100, align: 'right' });
  doc.y = Math.max(labelBottom, doc.y);
}
