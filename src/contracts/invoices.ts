/** SPEC §3 bills_list: the type of a bill that is the order's invoice. */
export const INVOICE_BILL_TYPE = 'factura';

/** The seller as an invoice names it (issue 12: the association's details from configuration). */
export interface InvoiceSeller {
  name: string;
  cui: string;
  /** The registration number (an association's number in the register of associations and foundations). */
  registration: string;
  address: string;
  bank: string;
  iban: string;
}

/** An invoice's number as the shopper sees it: the series and the number, six digits ("MRN-000042"). */
export function billNumber(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, '0')}`;
}

/** SPEC §7 Download invoice: the file is saved as 'Factura #{bill_number}.pdf'. */
export function invoiceFileName(bill: string): string {
  return `Factura #${bill}.pdf`;
}
