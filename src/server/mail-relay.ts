import type { FastifyInstance } from 'fastify';
import type { Services } from '../core/services';

/** Retries mails that could not be sent at once (SMTP down) every minute; stops with the server. */
const RELAY_INTERVAL_MS = 60_000;

export function registerMailRelay(app: FastifyInstance, services: Services): void {
  app.addHook('onReady', async () => {
    services.mail.startRelay(RELAY_INTERVAL_MS);
    services.mail.deliverSoon();
  });
  app.addHook('onClose', async () => services.mail.close());
}
