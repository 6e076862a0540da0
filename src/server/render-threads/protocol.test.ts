import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from '../../contracts/errors';
import { MessageChannel } from 'node:worker_threads';
import { decodeError, decodeFiles, documentTransfer, encodeError, encodeFiles, holdsFiles } from './protocol';

/** What a value becomes after a trip through a MessagePort. */
const overTheWire = <T>(value: T): T => structuredClone(value);

describe('render threads: what crosses between threads', () => {
  it('keeps an AppError an AppError, with its code, fields, message key and when to retry', async () => {
    const thrown = new AppError('RATE_LIMITED', {
      fields: { email: 'validation.email' },
      messageKey: 'apiError.rateLimited.login',
      params: { time: '14:05' },
      retryAfterSeconds: 60,
      detail: 'login limit',
    });
    const back = decodeError(overTheWire(await encodeError(thrown)));
    expect(isAppError(back)).toBe(true);
    expect(back).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      fields: { email: 'validation.email' },
      messageKey: 'apiError.rateLimited.login',
      params: { time: '14:05' },
      retryAfterSeconds: 60,
      message: 'login limit',
    });
  });

  it('keeps a thrown Response a Response with its status, headers and body', async () => {
    const thrown = new Response('gone', { status: 410, headers: { 'x-why': 'sold' } });
    const back = decodeError(overTheWire(await encodeError(thrown)));
    expect(back).toBeInstanceOf(Response);
    const response = back as Response;
    expect(response.status).toBe(410);
    expect(response.headers.get('x-why')).toBe('sold');
    expect(await response.text()).toBe('gone');
  });

  it('keeps a bodiless thrown Response bodiless', async () => {
    const back = decodeError(overTheWire(await encodeError(new Response(null, { status: 404 })))) as Response;
    expect(back.status).toBe(404);
    expect(back.body).toBeNull();
  });

  it('keeps any other error an Error with its name, message and stack, and a thrown string its text', async () => {
    const thrown = new TypeError('x is undefined');
    const back = decodeError(overTheWire(await encodeError(thrown))) as Error;
    expect(back).toBeInstanceOf(Error);
    expect(isAppError(back)).toBe(false);
    expect([back.name, back.message, back.stack]).toEqual(['TypeError', 'x is undefined', thrown.stack]);
    expect((decodeError(await encodeError('boom')) as Error).message).toBe('boom');
  });

  it("carries a form's files as bytes and gives them back as Files, wherever they are in the arguments", async () => {
    const picture = new File([new Uint8Array([1, 2, 3])], 'coperta.webp', { type: 'image/webp', lastModified: 5 });
    const args = [7, { title: 'Psalmi', newImages: [picture], nested: { avatar: picture } }];
    expect(holdsFiles(args)).toBe(true);
    const back = decodeFiles(overTheWire(await encodeFiles(args))) as [
      number,
      { title: string; newImages: File[]; nested: { avatar: File } },
    ];
    expect(back[0]).toBe(7);
    expect(back[1].title).toBe('Psalmi');
    for (const file of [back[1].newImages[0], back[1].nested.avatar]) {
      expect(file).toBeInstanceOf(File);
      expect([file.name, file.type, file.lastModified]).toEqual(['coperta.webp', 'image/webp', 5]);
      expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([1, 2, 3]);
    }
  });

  it('leaves arguments without files as they are: dates, nulls and class instances untouched', async () => {
    const when = new Date(0);
    const args = ['ro', null, { when }, [1, 2]];
    expect(holdsFiles(args)).toBe(false);
    const back = decodeFiles(overTheWire(args)) as unknown[];
    expect(back).toEqual(args);
    expect((back[2] as { when: Date }).when).toBeInstanceOf(Date);
  });

  it("hands a document's memory over when the bytes are all of it, and copies bytes that share theirs", async () => {
    const own = Buffer.from('<!DOCTYPE html><p>În grădină</p>'.repeat(400));
    const shared = Buffer.from('<p>mic</p>');
    expect(documentTransfer(own)).toEqual([own.buffer]);
    expect(documentTransfer(shared)).toEqual([]);
    expect(documentTransfer(own.subarray(1))).toEqual([]);

    const { port1, port2 } = new MessageChannel();
    try {
      const arrived = new Promise<Uint8Array>((resolve) => port2.once('message', resolve));
      const text = own.toString('utf8');
      port1.postMessage(own, documentTransfer(own));
      expect(Buffer.from(await arrived).toString('utf8')).toBe(text);
      // Handed over, not copied: the sender holds nothing of it any more.
      expect(own.byteLength).toBe(0);
    } finally {
      port1.close();
    }
  });
});
