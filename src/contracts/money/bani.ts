/**
 * Money is integer bani (1/100 RON) everywhere (DESIGN §1.4). `Bani` is a documented alias, not a brand:
 * amounts cross zod schemas, JSON and SQL as plain integers, and a brand would need a cast at each edge.
 */
export type Bani = number;

/**
 * The one rounding rule (decision 009): half away from zero, on an exact ratio of integers.
 * BigInt keeps `numerator` exact past 2^53 (an amount times a rate in millionths).
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** `amount × numerator / denominator` in bani, rounded half away from zero. */
export function scaleBani(amount: Bani, numerator: number, denominator: number): Bani {
  return Number(divideRounded(BigInt(amount) * BigInt(numerator), BigInt(denominator)));
}

/** Whole lei (the listing's price filters) to bani. */
export function leiToBani(lei: number): Bani {
  return lei * 100;
}

/** The last ban of a whole-lei amount: "up to 25 lei" in a whole-lei filter keeps 25,99 lei. */
export function lastBanOfLei(lei: number): Bani {
  return lei * 100 + 99;
}

const LEI_INPUT = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * A lei amount typed by a person ("12", "12,5", "12.50", with spaces around) in bani; null for anything
 * else (signs, thousands separators, more than two decimals, letters), so a form can say what is wrong.
 */
export function parseLei(input: string): Bani | null {
  const match = LEI_INPUT.exec(input.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Bani as a plain decimal lei string ("77.70"), for machine-read places: schema.org, Open Graph. */
export function baniToDecimal(bani: Bani): string {
  const sign = bani < 0 ? '-' : '';
  const abs = Math.abs(bani);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
