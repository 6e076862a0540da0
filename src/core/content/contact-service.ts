import { createHmac } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import { type ContactMessageInput, HONEYPOT_FIELD } from '../../contracts/contact';
import { AppError } from '../../contracts/errors';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import type { Logger } from '../logger';
import { enqueueMail, type MailService } from '../mail/mail-service';

/** At most this many messages from one client address per window; more is spam, not a conversation. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 60 * 60_000;

/**
 * A value meant for one line (a name, a subject) with every run of line breaks, control characters and
 * other whitespace turned into one space: written into the mail, it cannot start a line of its own and
 * pass for a field or a header the sender did not fill in.
 */
export function singleLine(value: string): string {
  return value.replace(/[\s\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
}

export interface ContactOptions {
  /** Where messages go: the shop's public address (SHOP_EMAIL). */
  inbox: string;
  /** Key of the hash kept instead of the client's IP address. */
  hashKey: string;
}

export function createContactService(db: Db, mail: MailService, options: ContactOptions, log: Logger) {
  const clientHash = (ip: string) => createHmac('sha256', options.hashKey).update(ip).digest('hex').slice(0, 32);

  return {
    /**
     * Stores a contact message and queues its mail to the shop in one transaction. A filled honeypot is
     * answered like a success (so bots learn nothing) but nothing is kept. Too many messages from one
     * address within the window throw a RATE_LIMITED AppError.
     */
    async submit(input: ContactMessageInput, clientIp: string): Promise<void> {
      if (input[HONEYPOT_FIELD]) {
        log.info({ reason: 'honeypot' }, 'contact message dropped');
        return;
      }
      const hash = clientHash(clientIp);
      const since = new Date(Date.now() - CONTACT_WINDOW_MS);
      const [recent] = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.clientHash, hash), gt(contactMessages.createdAt, since)));
      if (recent.n >= CONTACT_LIMIT) {
        log.info({ reason: 'rate limit' }, 'contact message refused');
        throw new AppError('RATE_LIMITED');
      }
      const name = singleLine(input.name);
      const email = singleLine(input.email);
      const phone = singleLine(input.phone ?? '');
      const subject = singleLine(input.subject);
      await withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ name, email, phone: phone || null, subject, message: input.message, clientHash: hash })
          .returning({ id: contactMessages.id });
        await enqueueMail(tx, {
          to: options.inbox,
          replyTo: email,
          subject: `[Contact #${row.id}] ${subject}`,
          text: [
            `Mesaj nou trimis prin formularul de contact (nr. ${row.id}).`,
            '',
            `Nume: ${name}`,
            `Email: ${email}`,
            `Telefon: ${phone || '-'}`,
            `Subiect: ${subject}`,
            '',
            input.message,
            '',
            'Răspundeți direct la acest email: răspunsul ajunge la expeditor.',
          ].join('\n'),
        });
      });
      mail.deliverSoon();
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
