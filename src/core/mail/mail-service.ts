import { and, asc, eq, inArray, isNull, lte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction';
import type { Logger } from '../logger';
import type { MailTransport } from './transport';

export interface MailOptions {
  transport: MailTransport;
  /** Sender address of every mail (MAIL_FROM). */
  from: string;
  /**
   * How long a process holds a mail it is sending before another may send it (MAIL_CLAIM_SECONDS): after a crash
   * in the middle of a send, the mail goes out once this has passed. Default 5 minutes.
   */
  claimMs?: number;
  /**
   * PGlite only (decision 038): it never vacuums, so the relay vacuums the outbox once this many mails have been
   * marked sent or failed since the last time. Unset on PostgreSQL, whose autovacuum does it.
   */
  vacuumEvery?: number;
  /** How long `deliverSoon` gathers mails before it claims them (GATHER_MS; tests lengthen it). */
  gatherMs?: number;
}

export interface NewMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

/** After this many failed attempts a mail stops being retried and stays in the outbox as failed. */
export const MAX_ATTEMPTS = 8;
/** Mails claimed at a time: one claim per batch, the batch sent in parallel over the transport's pool. */
const BATCH = 20;
/** Sent mails whose sends end within this long of the first are marked sent in one statement. */
const MARK_WITHIN_MS = 50;
/**
 * How long `deliverSoon` waits, so that the mails queued meanwhile are claimed and marked together: under a burst of
 * card notifications each one's nudge claimed the outbox again, most often finding one mail or none (a confirmation
 * queues no mail), two statements of the ten or so a notification runs on PGlite's one connection.
 */
const GATHER_MS = 100;
/** How long a relay may hold a claimed mail before another relay may try it. */
const CLAIM_MS = 5 * 60_000;

/** Back-off before the next attempt: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

/** Writes a mail into the outbox inside the caller's transaction, so it exists exactly when the cause does. */
export async function enqueueMail(tx: DbOrTx, mail: NewMail): Promise<void> {
  await tx.insert(mailOutbox).values({ to: mail.to, replyTo: mail.replyTo, subject: mail.subject, text: mail.text });
}

/** The ids of the next mails due to be sent, in the order they were queued, locked for the claim that reads them. */
export function dueMailIds(db: Db, now: Date) {
  return db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        // A constant, not a parameter: a statement's generic plan uses the partial index only for a condition it
        // can match to the index's own (decision 038).
        sql`${mailOutbox.status} = 'pending'`,
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
}

/**
 * The relay: claims due mails (several app instances never send one mail twice at the same time),
 * hands each to the transport, and records the outcome.
 */
export function createMailService(db: Db, options: MailOptions, log: Logger) {
  let running: Promise<{ sent: number; failed: number }> | null = null;
  /** Set when a delivery was asked for; the running drain checks it before it stops. */
  let requested = false;

  async function claimDue() {
    const now = new Date();
    const due = dueMailIds(db, now);
    return db
      .update(mailOutbox)
      .set({ lockedUntil: new Date(now.getTime() + (options.claimMs ?? CLAIM_MS)) })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  /** Hands one mail to the transport; a failure is recorded on the mail at once, with its back-off. */
  async function sendOne(mail: Awaited<ReturnType<typeof claimDue>>[number]): Promise<boolean> {
    try {
      await options.transport.send({ ...mail, from: options.from });
      return true;
    } catch (err) {
      const attempts = mail.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          status: giveUp ? 'failed' : 'pending',
          lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          lockedUntil: null,
        })
        .where(eq(mailOutbox.id, mail.id));
      log.warn({ mailId: mail.id, attempts, giveUp, err: String(err) }, 'mail delivery failed');
      return false;
    }
  }

  /** Marks mails sent, in one statement however many (the claim is released, the attempt counted). */
  async function markSent(ids: number[]): Promise<void> {
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, ids));
  }

  /**
   * A batch's sent mails, marked together when their sends end within MARK_WITHIN_MS of each other: one statement
   * a mail was a tenth of a paid card order's statements on PGlite (docs/PERFORMANCE.md). A mail is still marked
   * moments after its own send, so a slow send in the batch never keeps the others unmarked until their claim
   * passes (when another process could send them again).
   */
  function sentMarks() {
    let waiting: number[] = [];
    let timer: NodeJS.Timeout | null = null;
    const writes: Promise<void>[] = [];
    let failure: { err: unknown } | null = null;
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (!waiting.length) return;
      const ids = waiting;
      waiting = [];
      // Caught here and thrown by done(): a rejection nobody awaits yet would stop the process.
      writes.push(
        markSent(ids).catch((err: unknown) => {
          failure ??= { err };
        }),
      );
    };
    return {
      add(id: number): void {
        waiting.push(id);
        timer ??= setTimeout(flush, MARK_WITHIN_MS);
      },
      /** Marks what is waiting and answers once every mark is written; throws the first that failed. */
      async done(): Promise<void> {
        flush();
        await Promise.all(writes);
        if (failure) throw failure.err;
      },
    };
  }

  /**
   * Drains the backlog a batch at a time, as fast as the transport accepts (the SMTP transport keeps a
   * pool of connections, so a batch goes out in parallel). Only failures slow it down: each failed
   * mail waits its own back-off, and a batch in which every mail failed ends the run, because the
   * server is then most likely down; the relay's next tick tries again.
   */
  async function deliverDue(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      requested = false;
      const batch = await claimDue();
      if (!batch.length) {
        // A mail queued while the last batch was being claimed asked for a run that is this one.
        if (requested) continue;
        break;
      }
      const marks = sentMarks();
      const outcomes = await Promise.all(
        batch.map(async (mail) => {
          const sent = await sendOne(mail);
          if (sent) marks.add(mail.id);
          return sent;
        }),
      );
      await marks.done();
      const batchSent = outcomes.filter(Boolean).length;
      sent += batchSent;
      failed += batch.length - batchSent;
      if (batchSent === 0) break;
    }
    await vacuumWhenDue(sent + failed);
    return { sent, failed };
  }

  let markedSinceVacuum = 0;
  /** Dead row versions of the mails marked since the last vacuum go, so the claim never reads a long history. */
  async function vacuumWhenDue(marked: number): Promise<void> {
    if (!options.vacuumEvery) return;
    markedSinceVacuum += marked;
    if (markedSinceVacuum < options.vacuumEvery) return;
    markedSinceVacuum = 0;
    // The run's mails are sent whatever happens here: a failed vacuum is tried again `vacuumEvery` mails later.
    await db.execute(sql`vacuum mail_outbox`).catch((err: unknown) => log.warn({ err }, 'mail outbox not vacuumed'));
  }

  /** Delivers every due mail; a call during a run makes that run look for new mails once more before it ends. */
  function deliver(): Promise<{ sent: number; failed: number }> {
    requested = true;
    running ??= deliverDue().finally(() => {
      running = null;
    });
    return running;
  }

  function deliverInBackground(): void {
    deliver().catch((err) => log.error({ err }, 'mail relay failed'));
  }

  let timer: NodeJS.Timeout | null = null;
  let soon: NodeJS.Timeout | null = null;

  return {
    deliverDue: deliver,
    /**
     * Starts delivery in the background GATHER_MS after a mail was queued (the nudges meanwhile join it); failures
     * are logged, never thrown.
     */
    deliverSoon(): void {
      soon ??= setTimeout(() => {
        soon = null;
        deliverInBackground();
      }, options.gatherMs ?? GATHER_MS);
    },
    /** Retries due mails every `intervalMs` until close(). */
    startRelay(intervalMs: number): void {
      timer ??= setInterval(deliverInBackground, intervalMs);
      timer.unref();
    },
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      // A mail queued moments ago goes out now rather than waiting for the next start's relay.
      if (soon) {
        clearTimeout(soon);
        soon = null;
        deliverInBackground();
      }
      await running;
      options.transport.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
