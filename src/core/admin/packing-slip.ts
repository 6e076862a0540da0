import { openPdf } from '../invoices/invoice-pdf';

/** What goes in the parcel and where it goes: no prices (the slip travels with the parcel). */
export interface PackingSlipFacts {
  orderRef: string;
  /** The order's day as shown (Europe/Bucharest). */
  placedOn: string;
  carrier: string;
  awb: string | null;
  recipient: string;
  phone: string;
  address: string;
  comments: string | null;
  lines: { title: string; sku: string; quantity: number; personalization: string[] }[];
}

/** The slip's texts: the depot works in Romanian, like the invoice (decision 021). */
const TEXT = {
  title: 'AVIZ DE ÎNSOȚIRE A COLETULUI',
  order: 'Comanda',
  placed: 'Data comenzii',
  carrier: 'Curier',
  awb: 'AWB',
  shipTo: 'Destinatar',
  phone: 'Telefon',
  comments: 'Observațiile clientului',
  columns: ['Nr.', 'Produs', 'Cod', 'Cant.'],
  personalization: 'Personalizare',
  pieces: (n: number) => `Total bucăți: ${n}`,
};

const MARGIN = 40;
const INNER = 595.28 - 2 * MARGIN;
const COLUMNS = [
  { x: 0, w: 28, align: 'left' },
  { x: 28, w: 310, align: 'left' },
  { x: 338, w: 120, align: 'left' },
  { x: 458, w: INNER - 458, align: 'right' },
] as const;

/** Renders the packing slip as an A4 PDF with the shop's fonts (invoice-pdf.ts's `openPdf`, parsed once). */
export async function renderPackingSlipPdf(facts: PackingSlipFacts): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${TEXT.order} ${facts.orderRef}` },
  });

  doc.font('bold').fontSize(16).text(TEXT.title, MARGIN, MARGIN);
  doc.moveDown(0.5).fontSize(10);
  const pairs: [string, string][] = [
    [TEXT.order, facts.orderRef],
    [TEXT.placed, facts.placedOn],
    [TEXT.carrier, facts.carrier],
    ...(facts.awb ? [[TEXT.awb, facts.awb] as [string, string]] : []),
  ];
  for (const [label, value] of pairs) {
    doc.font('regular').text(`${label}: `, { continued: true });
    doc.font('bold').text(value);
  }
  doc.moveDown();
  doc.font('regular').fontSize(8).fillColor('#555555').text(TEXT.shipTo.toUpperCase());
  doc.fillColor('#000000').font('bold').fontSize(11).text(facts.recipient);
  doc.font('regular').fontSize(10).text(facts.address, { width: INNER });
  doc.text(`${TEXT.phone}: ${facts.phone}`);
  if (facts.comments) {
    doc.moveDown(0.5).font('bold').text(`${TEXT.comments}:`);
    doc.font('regular').text(facts.comments, { width: INNER });
  }
  doc.moveDown();

  let y = doc.y;
  doc.font('bold').fontSize(9);
  row(doc, y, TEXT.columns);
  y = doc.y + 3;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + INNER, y)
    .lineWidth(0.5)
    .stroke();
  y += 4;
  doc.font('regular');
  let pieces = 0;
  facts.lines.forEach((line, i) => {
    pieces += line.quantity;
    if (y > 760) {
      doc.addPage();
      y = MARGIN;
    }
    const title = line.personalization.length
      ? `${line.title}\n${TEXT.personalization}:\n${line.personalization.join('\n')}`
      : line.title;
    row(doc, y, [String(i + 1), title, line.sku, String(line.quantity)]);
    y = doc.y + 6;
  });
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + INNER, y)
    .lineWidth(0.5)
    .stroke();
  doc
    .font('bold')
    .fontSize(10)
    .text(TEXT.pieces(pieces), MARGIN, y + 8, { width: INNER, align: 'right' });
  doc.end();
  return bytes;
}

/** One table row, as tall as its tallest cell. */
function row(doc: PDFKit.PDFDocument, y: number, cells: string[]) {
  let bottom = y;
  cells.forEach((cell, i) => {
    const c = COLUMNS[i];
    doc.text(cell, MARGIN + c.x, y, { width: c.w - 4, align: c.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom;
}
