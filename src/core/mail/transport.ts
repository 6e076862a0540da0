import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: number;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
}

/** Hands one mail to the world; throws when it could not (the relay then retries later). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    // The outbox id makes the Message-ID stable, so a retried send is recognisable as the same mail.
    messageId: `<outbox-${mail.id}@${mail.from.replace(/^.*@|>$/g, '') || 'localhost'}>`,
  };
}

/**
 * SMTP_URL set: real SMTP (smtp:// or smtps://, credentials in the URL). Pooled: a few connections
 * stay open and carry many mails each, so a backlog does not pay a connection and TLS handshake per
 * mail, and mails sent at the same time go out in parallel.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 5 });
  return {
    async send(mail) {
      await transporter.sendMail(message(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP_URL: each mail becomes an .eml file in `dir` (DATA_DIR/outbox), readable by any mail program. The
 * folder is made when a write finds it missing (the first mail, or after someone removed it), not before every
 * mail: a `mkdir` per mail was a third of this transport's time on the main thread (bench/profile.ts).
 */
export function fileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await composer.sendMail(message(mail));
      const file = path.join(dir, `${String(mail.id).padStart(6, '0')}.eml`);
      try {
        await writeFile(file, info.message as Buffer);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(dir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      }
    },
    close: () => composer.close(),
  };
}
