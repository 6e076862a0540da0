import type { Logger } from '../../core/logger';

/**
 * SPEC §8 "logged only": when a list cannot be loaded, the failure is logged and the page shows the
 * empty list instead of an error page. `failed` lets the loader answer 503, so no cache keeps it.
 */
export async function loadOrEmpty<T>(
  load: () => Promise<T>,
  empty: T,
  log: Logger,
  what: string,
): Promise<{ value: T; failed: boolean }> {
  try {
    return { value: await load(), failed: false };
  } catch (err) {
    log.error({ err }, `${what} failed`);
    return { value: empty, failed: true };
  }
}
