import { desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type {
  AdminContentPage,
  AdminMessage,
  AdminMessageQuery,
  AdminMessageRow,
} from '../../../contracts/admin-content';
import { AppError } from '../../../contracts/errors';
import type { Db } from '../../../db/client';
import { contactMessages } from '../../../db/schema';
import { withTransaction } from '../../../db/transaction';
import { recordAudit } from '../../audit/audit';
import { pageOf } from './shared';

type MessageRow = typeof contactMessages.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.message' });

function rowOf(m: MessageRow): AdminMessageRow {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    createdAt: m.createdAt.toISOString(),
    handledAt: m.handledAt?.toISOString() ?? null,
  };
}

/** The contact form's inbox (issue 13 item 4): newest first, each marked handled or open again. */
export function createAdminMessages(db: Db, now: () => Date) {
  return {
    async list(query: AdminMessageQuery): Promise<AdminContentPage<AdminMessageRow>> {
      const where =
        query.state === 'open'
          ? isNull(contactMessages.handledAt)
          : query.state === 'handled'
            ? isNotNull(contactMessages.handledAt)
            : undefined;
      return pageOf(db, contactMessages, where, query.page, async (limit, offset) => {
        const rows = await db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset);
        return rows.map(rowOf);
      });
    },

    async byId(id: number): Promise<AdminMessage> {
      const [m] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      if (!m) throw notFound();
      return { ...rowOf(m), message: m.message };
    },

    /** Marks a message handled (or open again), audited; the shop shows no message, so no cache holds one. */
    async setHandled(staffId: number, id: number, handled: boolean): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
        if (!before) throw notFound();
        const handledAt = handled ? (before.handledAt ?? now()) : null;
        await tx.update(contactMessages).set({ handledAt }).where(eq(contactMessages.id, id));
        await recordAudit(tx, {
          staffId,
          action: handled ? 'message.handled' : 'message.reopen',
          entity: 'contact_message',
          entityId: id,
          before: { handledAt: before.handledAt?.toISOString() ?? null },
          after: { handledAt: handledAt?.toISOString() ?? null },
        });
      });
    },
  };
}
