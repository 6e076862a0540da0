import { z } from 'zod';

/** SPEC §3 case list response, also used for the blog list: one page of rows and where it sits. */
export interface Paginated<T> {
  current_page: number;
  last_page: number;
  per_page: number;
  /** Total number of rows matching the filters. */
  last_row: number;
  data: T[];
}

export function paginate<T>(rows: T[], total: number, page: number, perPage: number): Paginated<T> {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    last_row: total,
    data: rows,
  };
}

/** "Showing X–Y of N": the 1-based positions of the first and last row on the page (0–0 when empty). */
export function shownRange(page: Paginated<unknown>): { from: number; to: number; total: number } {
  if (page.data.length === 0) return { from: 0, to: 0, total: page.last_row };
  const from = (page.current_page - 1) * page.per_page + 1;
  return { from, to: from + page.data.length - 1, total: page.last_row };
}

/** Query-string values from HTML forms arrive as strings, and an empty field means "not given". */
export const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

export const pageNumberSchema = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: 'Pagina trebuie să fie un număr.' })
    .int({ error: 'Pagina trebuie să fie un număr întreg.' })
    .min(1, { error: 'Pagina începe de la 1.' })
    .max(100_000, { error: 'Pagina este prea mare.' })
    .default(1),
);

export function perPageSchema(defaultSize: number, max = 60) {
  return z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: 'per_page trebuie să fie un număr.' })
      .int({ error: 'per_page trebuie să fie un număr întreg.' })
      .min(1, { error: `per_page trebuie să fie între 1 și ${max}.` })
      .max(max, { error: `per_page trebuie să fie între 1 și ${max}.` })
      .default(defaultSize),
  );
}

/** A numeric id from a URL ("12"); anything else ("abc", "1.5", "-3") is refused. */
export const numericIdSchema = z
  .string()
  .regex(/^\d{1,9}$/, { error: 'Id-ul trebuie să fie un număr.' })
  .transform(Number)
  .refine((n) => n >= 1, { error: 'Id-ul trebuie să fie un număr pozitiv.' });

/**
 * Parses URL search parameters with a schema, leniently: invalid fields are dropped (so the page still
 * shows something) and reported by name. The JSON API uses the same schema strictly.
 */
export function readQuery<S extends z.ZodType<object>>(
  schema: S,
  params: Record<string, string>,
): { query: z.output<S>; errors: Record<string, string> } {
  const input: Record<string, string> = { ...params };
  const errors: Record<string, string> = {};
  for (let round = 0; round < 10; round++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return { query: parsed.data, errors };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '_');
      errors[key] ??= issue.message;
      delete input[key];
    }
  }
  return { query: schema.parse({}), errors };
}
