import path from 'node:path';
import { fileTransport, smtpTransport } from '../core/mail/transport';
import type { Logger } from '../core/logger';
import type { ServiceOptions } from '../core/services';
import { GLS_DOMESTIC_FREE_SHIPPING_MINIMUM } from '../contracts/cart';
import type { Config } from './config';
import { deriveKey } from './keys';
import { publicKeyOf } from '../core/payments/ipn-token';
import { createNetopiaClient } from '../core/payments/netopia-client';

/** What the business services are given of the configuration. */
export function serviceOptions(config: Config, log: Logger, paymentFetch?: typeof fetch): ServiceOptions {
  const pay = config.payments;
  return {
    mail: {
      transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : fileTransport(config.mail.outboxDir),
      from: config.mail.from,
      claimMs: config.mail.claimMs,
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
    cart: { freeShippingMinimum: GLS_DOMESTIC_FREE_SHIPPING_MINIMUM, countsInMemory: !config.databaseUrl },
    log,
  };
}
