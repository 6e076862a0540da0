import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { queryRows } from '../../db/raw';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { withTransaction } from '../../db/transaction';
import { silentLogger } from '../logger';
import { createMailService, dueMailIds, enqueueMail } from './mail-service';
import { startSmtp } from './testing';
import { smtpTransport } from './transport';

const BACKLOG = 150;

describe.each(testDatabases)('mail relay throughput on $name', ({ url }) => {
  let db: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    db = await createTestDb(url);
    // Mails whose subject says so are refused, the others accepted.
    smtp = await startSmtp({ refuseWhen: (raw) => raw.includes('Subject: refuse') });
  });
  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await db.db.delete(mailOutbox);
    smtp.received.length = 0;
    smtp.setRefuse(false);
  });

  const queue = (subjects: string[]) =>
    withTransaction(db.db, async (tx) => {
      for (const subject of subjects) await enqueueMail(tx, { to: 'client@example.ro', subject, text: 'Mulțumim!' });
    });
  const relay = () =>
    createMailService(db.db, { transport: smtpTransport(smtp.url), from: 'shop@example.ro' }, silentLogger);

  it(`drains a backlog of ${BACKLOG} mails in one run, as fast as the server accepts them`, async () => {
    await queue(Array.from({ length: BACKLOG }, (_, i) => `order ${i}`));
    const mail = relay();
    const started = Date.now();
    // What the relay does after a burst: one nudge, no waiting for its minute timer.
    mail.startRelay(60_000);
    mail.deliverSoon();
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(BACKLOG);
    expect(Date.now() - started).toBeLessThan(15_000);
    await mail.close();
    const rows = await db.db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(BACKLOG);
  });

  it('gathers the mails queued just after a nudge into the same claim, and sends a pending one when closed', async () => {
    let queued = 0;
    // For each mail sent, how many had been queued when it was sent.
    const queuedWhenSent: number[] = [];
    const gathering = (gatherMs: number) =>
      createMailService(
        db.db,
        {
          transport: {
            async send() {
              queuedWhenSent.push(queued);
            },
            close() {},
          },
          from: 'shop@example.ro',
          gatherMs,
        },
        silentLogger,
      );
    const mail = gathering(1_000);
    // As card notifications come in: each queues its mail and nudges the relay.
    for (let i = 0; i < 10; i++) {
      await queue([`order ${i}`]);
      queued++;
      mail.deliverSoon();
    }
    await expect.poll(() => queuedWhenSent.length, { timeout: 15_000 }).toBe(10);
    expect(queuedWhenSent).toEqual(Array(10).fill(10));
    await mail.close();

    // A nudge still waiting when the relay closes is delivered then, not left for the next start.
    const closing = gathering(60_000);
    await queue(['last order']);
    closing.deliverSoon();
    await closing.close();
    expect(queuedWhenSent).toHaveLength(11);
    const [last] = await db.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'last order'));
    expect(last).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('backs off the mails the server refuses and still delivers the others', async () => {
    await queue(Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? `refuse ${i}` : `order ${i}`)));
    const mail = relay();
    await expect(mail.deliverDue()).resolves.toEqual({ sent: 30, failed: 10 });
    const refused = await db.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(refused).toHaveLength(10);
    for (const row of refused) {
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(row).toMatchObject({ attempts: 1, lockedUntil: null, sentAt: null });
      expect(row.subject).toMatch(/^refuse/);
    }
    // The batches' other mails are marked sent together: each once, its claim released.
    const sent = await db.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
    expect(sent).toHaveLength(30);
    for (const row of sent) {
      expect(row).toMatchObject({ attempts: 1, lockedUntil: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.subject).toMatch(/^order/);
    }
    await mail.close();
  });

  it('marks the mails it sent while a slow send of the same batch still waits, none of them twice', async () => {
    await queue(Array.from({ length: 6 }, (_, i) => (i === 0 ? 'slow' : `order ${i}`)));
    let release = () => {};
    const slowSent = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sentSubjects: string[] = [];
    const mail = createMailService(
      db.db,
      {
        transport: {
          async send(outgoing) {
            if (outgoing.subject === 'slow') await slowSent;
            sentSubjects.push(outgoing.subject);
          },
          close() {},
        },
        from: 'shop@example.ro',
      },
      silentLogger,
    );
    const run = mail.deliverDue();
    const statusOf = async (subject: string) =>
      (await db.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0];
    // The five fast mails are marked while the slow one is still being sent (and still claimed).
    await expect
      .poll(async () => (await db.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).length)
      .toBe(5);
    expect(await statusOf('slow')).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await statusOf('slow')).lockedUntil).toBeInstanceOf(Date);
    release();
    await expect(run).resolves.toEqual({ sent: 6, failed: 0 });
    expect(await statusOf('slow')).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
    expect(sentSubjects).toHaveLength(6);
    await mail.close();
  });

  it('stops after a batch that failed entirely: a server that is down is not hammered with the backlog', async () => {
    await queue(Array.from({ length: 60 }, (_, i) => `order ${i}`));
    smtp.setRefuse(true);
    const mail = relay();
    const { sent, failed } = await mail.deliverDue();
    expect(sent).toBe(0);
    expect(failed).toBeLessThan(60);
    const untried = await db.db.select().from(mailOutbox).where(eq(mailOutbox.attempts, 0));
    expect(untried.length).toBe(60 - failed);
    await mail.close();
  });

  it('claims through the index of pending mails only, however many were sent before', async () => {
    // Sent mails leave dead 'pending' versions behind, which PGlite (never vacuumed) keeps in any index over status.
    await queue(Array.from({ length: 2000 }, (_, i) => `order ${i}`));
    await db.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() });
    await queue(['new order']);
    // As the shop runs it: a kept statement, planned once for any values (a generic plan).
    const claim = dueMailIds(db.db, new Date()).toSQL();
    const values = claim.params.map((value) => (typeof value === 'number' ? String(value) : `'${String(value)}'`));
    const plan = await withTransaction(db.db, async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare due_mails as ${claim.sql}`));
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(`explain (costs off) execute due_mails(${values.join(', ')})`),
      );
      await tx.execute(sql`deallocate due_mails`);
      return rows;
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('mail_outbox_pending_idx');
    expect(text).not.toContain('Seq Scan');
  });

  it('vacuums the outbox once enough mails were marked since the last time, when asked to (PGlite)', async () => {
    const statements: string[] = [];
    // The database as the relay sees it, noting the statements it runs by hand.
    const noted = new Proxy(db.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (query: SQL) => {
          statements.push(new PgDialect().sqlToQuery(query).sql);
          return target.execute(query);
        };
      },
    });
    const transport = smtpTransport(smtp.url);
    const mail = createMailService(noted, { transport, from: 'shop@example.ro', vacuumEvery: 25 }, silentLogger);
    await queue(Array.from({ length: 20 }, (_, i) => `order ${i}`));
    await mail.deliverDue();
    expect(statements).toEqual([]);
    await queue(Array.from({ length: 10 }, (_, i) => `order ${20 + i}`));
    await expect(mail.deliverDue()).resolves.toEqual({ sent: 10, failed: 0 });
    expect(statements).toEqual(['vacuum mail_outbox']);
    await mail.close();

    const unasked = relay();
    await queue(Array.from({ length: 30 }, (_, i) => `order ${30 + i}`));
    await unasked.deliverDue();
    expect(statements).toEqual(['vacuum mail_outbox']);
    await unasked.close();
  });
});
