import { fileTransport, smtpTransport } from '../core/mail/transport';
import type { Logger } from '../core/logger';
import type { ServiceOptions } from '../core/services';
import type { Config } from './config';

/** What the business services are given of the configuration. */
export function serviceOptions(config: Config, log: Logger): ServiceOptions {
  return {
    mail: {
      transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : fileTransport(config.mail.outboxDir),
      from: config.mail.from,
    },
    contact: { inbox: config.contact.email, hashKey: config.sessionSecret },
    sisterStores: config.sisterStores,
    log,
  };
}
