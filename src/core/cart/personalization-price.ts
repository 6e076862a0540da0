import type { PersonalizationForm } from '../../db/schema';

/**
 * Until the personalisation area's `contracts/personalization.ts` lands (issue 10 item 3), the cart prices a
 * line's personalisation here: each filled-in input of the product's form adds its `additionalCost`.
 */
export function personalizationPriceOf(form: PersonalizationForm | null, values: Record<string, string> | null): number {
  if (!form || !values) return 0;
  let total = 0;
  for (const section of form.sections)
    for (const row of section.rows)
      for (const column of row.columns)
        for (const input of column.inputs) if ((values[input.name] ?? '').trim() !== '') total += input.additionalCost;
  return total;
}

/** The canonical form of the values: keys sorted, empty values dropped, so equal choices make one line. */
export function personalizationKeyOf(values: Record<string, string> | null | undefined): string {
  if (!values) return '';
  const filled = Object.entries(values)
    .filter(([, v]) => v.trim() !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return filled.length ? JSON.stringify(filled) : '';
}
