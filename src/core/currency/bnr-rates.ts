import { BASE_CURRENCY, DISPLAY_CURRENCIES } from '../../contracts/money';

/** Where the National Bank of Romania publishes the day's reference rates (RON per unit). */
export const BNR_RATES_URL = 'https://www.bnr.ro/nbrfxrates.xml';

export interface BnrRates {
  /** YYYY-MM-DD, the day the rates are for. */
  date: string;
  /** RON per one unit, 6 decimals, for each currency the shop displays that the file has. */
  rates: { code: string; ronPerUnit: string }[];
}

export class BnrFormatError extends Error {}

/**
 * Reads BNR's XML (the daily file or the 10-day one; the newest <Cube> wins). A rate with a
 * multiplier (HUF, JPY…: "100 units cost …") is divided down to one unit.
 */
export function parseBnrRates(xml: string): BnrRates {
  if (!/<DataSet[\s>]/.test(xml)) throw new BnrFormatError('Not a BNR rates file: no <DataSet> element.');
  const cubes = [...xml.matchAll(/<Cube\s+date="(\d{4}-\d{2}-\d{2})"\s*>([\s\S]*?)<\/Cube>/g)];
  if (!cubes.length) throw new BnrFormatError('No <Cube date="…"> with rates in the file.');
  const [, date, body] = cubes.reduce((newest, cube) => (cube[1] > newest[1] ? cube : newest));
  const wanted = new Set<string>(DISPLAY_CURRENCIES.filter((c) => c !== BASE_CURRENCY));
  const rates: BnrRates['rates'] = [];
  for (const [, attributes, value] of body.matchAll(/<Rate\s+([^>]*)>\s*([^<]*?)\s*<\/Rate>/g)) {
    const code = /currency="([A-Z]{3})"/.exec(attributes)?.[1];
    if (!code) throw new BnrFormatError(`A <Rate> without a currency code: ${attributes}`);
    const multiplier = Number(/multiplier="(\d+)"/.exec(attributes)?.[1] ?? '1');
    if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0 || multiplier <= 0) {
      throw new BnrFormatError(`Rate of ${code} is not a positive number: "${value}"`);
    }
    if (wanted.has(code)) rates.push({ code, ronPerUnit: (Number(value) / multiplier).toFixed(6) });
  }
  if (!rates.length) throw new BnrFormatError(`No rate for any of ${[...wanted].join(', ')} on ${date}.`);
  return { date, rates };
}
