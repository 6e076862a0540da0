import type { ClientLogEntry } from '../../contracts/client-log';

/** SPEC §8 "logged only": tells the server about a browser-side failure; the visitor sees nothing. */
export function reportClientFailure(event: ClientLogEntry['event'], err: unknown): void {
  const entry: ClientLogEntry = {
    event,
    detail: String(err instanceof Error ? err.name : err).slice(0, 300),
    path: window.location.pathname.slice(0, 300),
  };
  void fetch('/api/client-log', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(entry),
    keepalive: true,
  }).catch(() => {
    // Nowhere left to report to; the failure stays silent as the spec asks.
  });
}
