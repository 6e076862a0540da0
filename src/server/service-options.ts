import path from 'node:path';
import { fileTransport, smtpTransport } from '../core/mail/transport';
import type { Logger } from '../core/logger';
import type { DbHandle } from '../db/client';
import type { ServiceOptions } from '../core/services';
import type { Config } from './config';
import { deriveKey } from './keys';
import { publicKeyOf } from '../core/payments/ipn-token';
import { createNetopiaClient } from '../core/payments/netopia-client';

/** Mails marked sent or failed between two vacuums of the outbox on PGlite: a few milliseconds each (decision 038). */
const OUTBOX_VACUUM_EVERY = 500;

/** What the business services are given of the configuration. */
export function serviceOptions(
  config: Config,
  log: Logger,
  database: DbHandle['kind'],
  paymentFetch?: typeof fetch,
): ServiceOptions {
  const pay = config.payments;
  return {
    mail: {
      transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : fileTransport(config.mail.outboxDir),
      from: config.mail.from,
      claimMs: config.mail.claimMs,
      vacuumEvery: database === 'pglite' ? OUTBOX_VACUUM_EVERY : undefined,
    },
    profile: { dataDir: config.dataDir },
    contact: {
      inbox: config.contact.email,
      hashKey: deriveKey(config.sessionSecret, 'contact-ip-hash').toString('hex'),
    },
    accounts: { publicUrl: config.publicUrl },
    orders: {
      publicUrl: config.publicUrl,
      shopInbox: config.contact.email,
      bankAccount: config.bankAccount,
      receiptKey: deriveKey(config.sessionSecret, 'order-link'),
      cardUnpaidMs: pay.cardUnpaidMs,
    },
    invoices: {
      series: config.invoices.series,
      seller: config.invoices.seller,
      publicUrl: config.publicUrl,
      linkKey: deriveKey(config.sessionSecret, 'invoice-link'),
    },
    payments: {
      provider: createNetopiaClient(
        { apiKey: pay.apiKey, posSignature: pay.posSignature, baseUrl: pay.baseUrl, fetch: paymentFetch },
        log,
      ),
      notificationKey: publicKeyOf(pay.publicKeyPem),
      publicUrl: config.publicUrl,
    },
    staff: { totpKey: deriveKey(config.sessionSecret, 'totp-secret') },
    sisterStores: config.sisterStores,
    uploads: { dir: path.join(config.dataDir, 'uploads') },
    media: { dir: path.join(config.dataDir, 'media') },
    // PGlite: this process is the database's only writer, so the header's cart counters may live in memory.
    cart: { countsInMemory: !config.databaseUrl },
    // Tests give the payment client's fetch, which answers from the app itself: no test reaches BNR.
    currency: { ratesUrl: config.bnrRatesUrl, fetch: paymentFetch },
    log,
  };
}
