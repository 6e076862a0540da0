import type { CacheRegistry, CacheTag } from '../core/cache/registry';

/**
 * The `WORKERS` processes of one shop (decision 018) each keep their own caches; a staff write handled by one
 * must clear the others' too, or the shop would show the old price on every other request. Each worker sends
 * its invalidations to the primary, which passes them to every other worker (node:cluster's IPC channel).
 */

const MESSAGE = 'cache-invalidate';

interface InvalidationMessage {
  type: typeof MESSAGE;
  tags: CacheTag[];
}

function isInvalidation(message: unknown): message is InvalidationMessage {
  const m = message as Partial<InvalidationMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === MESSAGE &&
    Array.isArray(m.tags) &&
    m.tags.every((t) => typeof t === 'string')
  );
}

/** What a worker needs of its process: node's `process` in a cluster worker. */
interface WorkerChannel {
  send?: (message: unknown) => unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

/** In a worker: relays this process's invalidations out, and applies the others'. */
export function shareWorkerCaches(caches: CacheRegistry, channel: WorkerChannel): void {
  caches.relayTo((tags) => channel.send?.({ type: MESSAGE, tags } satisfies InvalidationMessage));
  channel.on('message', (message) => {
    if (isInvalidation(message)) caches.invalidateRelayed(message.tags);
  });
}

/** What the primary needs of a worker: node:cluster's Worker. */
interface WorkerHandle {
  id: number;
  isConnected(): boolean;
  send(message: unknown): unknown;
}

/** In the primary: passes a worker's invalidation message to every other worker. */
export function relayBetweenWorkers(
  from: WorkerHandle,
  message: unknown,
  workers: readonly (WorkerHandle | undefined)[],
): void {
  if (!isInvalidation(message)) return;
  for (const worker of workers) if (worker && worker.id !== from.id && worker.isConnected()) worker.send(message);
}
