import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { withTransaction } from '../../db/transaction';
import { silentLogger } from '../logger';
import { createMailService, enqueueMail } from './mail-service';
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

  it('backs off the mails the server refuses and still delivers the others', async () => {
    await queue(Array.from({ length: 40 }, (_, i) => (i % 4 === 0 ? `refuse ${i}` : `order ${i}`)));
    const mail = relay();
    await expect(mail.deliverDue()).resolves.toEqual({ sent: 30, failed: 10 });
    const refused = await db.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(refused).toHaveLength(10);
    for (const row of refused) expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
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
});
