import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Schema } from './client';

/** An open transaction, on either driver. Everything in it commits together or not at all. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * What a write runs on: the database, or a transaction the caller already opened. Write functions
 * take this, so the caller decides whether they share a transaction with other writes (a stock
 * decrement and an order insert) or run on their own.
 */
export type DbOrTx = Db | Tx;

/**
 * Runs `fn` in one transaction: it commits when `fn` resolves and rolls back when it throws (the
 * error is thrown again). Called with a transaction, it opens a savepoint inside it, so a function
 * that needs atomicity can use it whether or not its caller already opened one.
 *
 * Inside `fn` use only `tx`: PGlite has a single connection, so a query on the outer `db` would wait
 * for this very transaction to end.
 */
export function withTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
