import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessageInput } from '../../contracts/contact';
import { contactMessages, mailOutbox } from '../../db/schema';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { silentLogger } from '../logger';
import { createMailService, MAX_ATTEMPTS } from '../mail/mail-service';
import { startSmtp } from '../mail/testing';
import { fileTransport, smtpTransport } from '../mail/transport';
import { CONTACT_LIMIT, createContactService } from './contact-service';

const message: ContactMessageInput = {
  name: 'Ioana Pop',
  email: 'ioana.pop@example.ro',
  phone: '0744 123 456',
  subject: 'Comandă pentru biserică',
  message: 'Bună ziua, aș dori 30 de Biblii pentru grupul de tineret. Mulțumesc!',
  consent: 'on',
};

/** The unfolded header lines and the decoded body lines of a raw mail (quoted-printable or plain). */
function parseMail(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const body = rest
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
  return { headers, lines: body.split(/\r?\n/) };
}

describe.each(testDatabases)('contact form and mail outbox on $name', ({ url }) => {
  let db: TestDb;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    db = await createTestDb(url);
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await db.close();
  });

  it('stores the message, queues its mail in the same transaction and delivers it over SMTP', async () => {
    const mail = createMailService(
      db.db,
      { transport: smtpTransport(smtp.url), from: 'shop@example.ro' },
      silentLogger,
    );
    const contact = createContactService(db.db, mail, { inbox: 'inbox@example.ro', hashKey: 'k' }, silentLogger);
    await expect(contact.submit(message, '203.0.113.1')).resolves.toBeUndefined();
    const [stored] = await db.db.select().from(contactMessages);
    expect(stored).toMatchObject({ name: 'Ioana Pop', subject: 'Comandă pentru biserică' });
    expect(stored.clientHash).not.toContain('203.0.113.1');
    await mail.deliverDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('To: inbox@example.ro');
    expect(smtp.received[0]).toContain('Reply-To: ioana.pop@example.ro');
    const [row] = await db.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    await mail.close();
  });

  it('keeps line breaks in the name and subject from forging fields or headers of the mail', async () => {
    await db.db.delete(mailOutbox);
    smtp.received.length = 0;
    const mail = createMailService(
      db.db,
      { transport: smtpTransport(smtp.url), from: 'shop@example.ro' },
      silentLogger,
    );
    const contact = createContactService(db.db, mail, { inbox: 'inbox@example.ro', hashKey: 'k' }, silentLogger);
    await contact.submit(
      {
        ...message,
        name: 'Ioana\r\nEmail: forged@example.com\u2028Telefon: 000',
        subject: 'Comanda\r\nBcc: victim@example.com\n\nFake body',
      },
      '203.0.113.9',
    );
    await mail.deliverDue();
    expect(smtp.received).toHaveLength(1);
    const { headers, lines } = parseMail(smtp.received[0]);
    expect(headers.filter((line) => /^Bcc:/i.test(line))).toEqual([]);
    expect(lines.filter((line) => /^Bcc:/i.test(line))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('Email:'))).toEqual(['Email: ioana.pop@example.ro']);
    expect(lines.filter((line) => line.startsWith('Telefon:'))).toEqual(['Telefon: 0744 123 456']);
    expect(lines).toContain('Nume: Ioana Email: forged@example.com Telefon: 000');
    expect(lines).toContain('Subiect: Comanda Bcc: victim@example.com Fake body');
    await mail.close();
  });

  it('keeps a mail when SMTP refuses it, and delivers it on a later run', async () => {
    await db.db.delete(mailOutbox);
    smtp.received.length = 0;
    smtp.setRefuse(true);
    const mail = createMailService(
      db.db,
      { transport: smtpTransport(smtp.url), from: 'shop@example.ro' },
      silentLogger,
    );
    const contact = createContactService(db.db, mail, { inbox: 'inbox@example.ro', hashKey: 'k' }, silentLogger);
    await contact.submit(message, '203.0.113.2');
    await expect(mail.deliverDue()).resolves.toEqual({ sent: 0, failed: 1 });
    const [pending] = await db.db.select().from(mailOutbox);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.lastError).toContain('Try again later');
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is tried.
    smtp.setRefuse(false);
    await expect(mail.deliverDue()).resolves.toEqual({ sent: 0, failed: 0 });
    await db.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    await expect(mail.deliverDue()).resolves.toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    await mail.close();
  });

  it(`gives up after ${MAX_ATTEMPTS} failed attempts`, async () => {
    await db.db.delete(mailOutbox);
    smtp.setRefuse(true);
    const mail = createMailService(
      db.db,
      { transport: smtpTransport(smtp.url), from: 'shop@example.ro' },
      silentLogger,
    );
    const contact = createContactService(db.db, mail, { inbox: 'inbox@example.ro', hashKey: 'k' }, silentLogger);
    await contact.submit(message, '203.0.113.3');
    // submit() starts a delivery in the background; let it finish before rewinding the counter.
    await new Promise((resolve) => setImmediate(resolve));
    await mail.deliverDue();
    await db.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000), lockedUntil: null });
    await mail.deliverDue();
    const [row] = await db.db.select().from(mailOutbox);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    smtp.setRefuse(false);
    await mail.close();
  });

  it('writes .eml files into the outbox folder when no SMTP server is configured', async () => {
    await db.db.delete(mailOutbox);
    const dir = mkdtempSync(path.join(tmpdir(), 'maranatha-outbox-'));
    const mail = createMailService(db.db, { transport: fileTransport(dir), from: 'shop@example.ro' }, silentLogger);
    const contact = createContactService(db.db, mail, { inbox: 'inbox@example.ro', hashKey: 'k' }, silentLogger);
    await contact.submit(message, '203.0.113.4');
    await mail.deliverDue();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{6}\.eml$/);
    const eml = readFileSync(path.join(dir, files[0]), 'utf8');
    expect(eml).toContain('To: inbox@example.ro');
    expect(eml).toMatch(/Subject: .*Contact/);
    await mail.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`refuses the ${CONTACT_LIMIT + 1}th message from one address within the hour`, async () => {
    const mail = createMailService(
      db.db,
      { transport: smtpTransport(smtp.url), from: 'shop@example.ro' },
      silentLogger,
    );
    const contact = createContactService(db.db, mail, { inbox: 'inbox@example.ro', hashKey: 'k' }, silentLogger);
    for (let i = 0; i < CONTACT_LIMIT; i++)
      await expect(contact.submit(message, '198.51.100.7')).resolves.toBeUndefined();
    await expect(contact.submit(message, '198.51.100.7')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(contact.submit(message, '198.51.100.8')).resolves.toBeUndefined();
    await mail.close();
  });

  it('answers a filled honeypot like a success but keeps nothing', async () => {
    const mail = createMailService(
      db.db,
      { transport: smtpTransport(smtp.url), from: 'shop@example.ro' },
      silentLogger,
    );
    const contact = createContactService(db.db, mail, { inbox: 'inbox@example.ro', hashKey: 'k' }, silentLogger);
    const before = (await db.db.select().from(contactMessages)).length;
    await expect(contact.submit({ ...message, website: 'http://spam.example' }, '192.0.2.1')).resolves.toBeUndefined();
    expect(await db.db.select().from(contactMessages)).toHaveLength(before);
    await mail.close();
  });
});
