import type autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { type Scenario, scenarioRequests, startedOverNote } from './scenario';

describe('what autocannon sends for a scenario', () => {
  // autocannon calls setupRequest with its own request each time; a stand-in with the fields it reads.
  const base = { method: 'POST', headers: { 'accept-encoding': 'gzip' } } as unknown as autocannon.Request;
  type Setup = (request: autocannon.Request, context: object) => autocannon.Request;
  /** The function form of setupRequest (autocannon also takes a file's path there; scenarioRequests never gives one). */
  const setupOf = (sent: ReturnType<typeof scenarioRequests>) => sent.requests?.[0]?.setupRequest as Setup;

  it('takes the paths in turn from the shared cursor and gives each request what the scenario makes for it', () => {
    let made = 0;
    const cursor = { next: 1 };
    const sent = scenarioRequests(
      ['/a', '/b', '/c'],
      {
        method: 'POST',
        headers: { origin: 'http://127.0.0.1' },
        next: () => ({ headers: { cookie: `cart=${++made}` }, body: `{"n":${made}}` }),
      },
      cursor,
    );
    expect(sent.method).toBe('POST');
    expect(sent.headers).toEqual({ 'accept-encoding': 'gzip', origin: 'http://127.0.0.1' });
    const setup = setupOf(sent);
    const requests = [1, 2, 3].map(() => setup(base, {}) as { path: string; headers: object; body: string });
    expect(requests.map((r) => r.path)).toEqual(['/b', '/c', '/a']);
    expect(requests[2]).toMatchObject({ headers: { 'accept-encoding': 'gzip', cookie: 'cart=3' }, body: '{"n":3}' });
    expect(cursor.next).toBe(4);
  });

  it('sends no Accept-Encoding when told, and a plain GET of the paths for a scenario that prepares nothing', () => {
    const sent = scenarioRequests(['/x'], {}, { next: 0 }, null);
    expect(sent).toMatchObject({ method: 'GET', headers: {} });
    expect(sent.body).toBeUndefined();
    expect(setupOf(sent)(base, {})).toMatchObject({ path: '/x', headers: base.headers });
  });
});

describe('a scenario that went past its URLs', () => {
  const once: Scenario = { name: 'long tail', path: '/x', eachUrlOnce: true };

  it('says how many measured requests asked a URL again, counting the warm-up before them', () => {
    // 100 URLs; the warm-up took positions 0–39, the measured run 40–129: the last 30 started over.
    expect(startedOverNote(once, 100, 40, 130)).toBe('30 of 90 requests asked a URL again (its 100 URLs started over)');
    // A warm-up already past the URLs: every measured request repeats one.
    expect(startedOverNote(once, 100, 120, 150)).toBe(
      '30 of 30 requests asked a URL again (its 100 URLs started over)',
    );
  });

  it('says nothing of a run within its URLs, nor of a scenario that repeats its URLs on purpose', () => {
    expect(startedOverNote(once, 100, 40, 100)).toBe('');
    expect(startedOverNote({ name: 'rotating', path: '/x' }, 100, 40, 130)).toBe('');
  });
});
