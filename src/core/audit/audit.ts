import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { type AuditPage, type AuditQuery, AUDIT_PAGE_SIZE } from '../../contracts/staff';
import { bucharestDayEnd, bucharestDayStart } from '../../contracts/dates';
import type { Db } from '../../db/client';
import { auditLog, staffUsers } from '../../db/schema';
import type { Tx } from '../../db/transaction';

/** One staff write as the audit trail keeps it (issue 13 item 6). */
export interface AuditEntry {
  staffId: number;
  action: string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

/**
 * Writes the audit row of a staff write. It takes a transaction (not the database) on purpose: the row
 * commits with the change it describes or not at all, so the trail has neither gaps nor phantoms.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The audit screen's reading: newest first, filtered and paged in the database. */
export function createAuditService(db: Db) {
  return {
    async list(query: AuditQuery): Promise<AuditPage> {
      const where: SQL[] = [];
      if (query.staff !== undefined) where.push(eq(auditLog.staffId, query.staff));
      if (query.entity !== undefined) where.push(eq(auditLog.entity, query.entity));
      if (query.from !== undefined) where.push(gte(auditLog.at, bucharestDayStart(query.from)));
      if (query.to !== undefined) where.push(lt(auditLog.at, bucharestDayEnd(query.to)));
      const condition = where.length ? and(...where) : undefined;
      const [{ total }] = await db.select({ total: count() }).from(auditLog).where(condition);
      const lastPage = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
      const rows = await db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          staffId: auditLog.staffId,
          staffName: staffUsers.name,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
        })
        .from(auditLog)
        .innerJoin(staffUsers, eq(staffUsers.id, auditLog.staffId))
        .where(condition)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((query.page - 1) * AUDIT_PAGE_SIZE);
      return { rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total, page: query.page, lastPage };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
