import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ADMIN_CONTENT_PAGE_SIZE, type AdminContentPage } from '../../../contracts/admin-content';
import type { Db } from '../../../db/client';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The count of a filtered list and its page bounds, with the page's rows read by `rows(limit, offset)`. */
export async function pageOf<Row>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  page: number,
  rows: (limit: number, offset: number) => Promise<Row[]>,
): Promise<AdminContentPage<Row>> {
  const [[{ total }], found] = await Promise.all([
    db.select({ total: count() }).from(table).where(where),
    rows(ADMIN_CONTENT_PAGE_SIZE, (page - 1) * ADMIN_CONTENT_PAGE_SIZE),
  ]);
  return { rows: found, total, page, lastPage: Math.max(1, Math.ceil(total / ADMIN_CONTENT_PAGE_SIZE)) };
}
