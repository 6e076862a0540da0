import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileTransport } from './transport';

const mail = (id: number) => ({
  id,
  from: 'Librăria Maranatha <comenzi@maranatha.ro>',
  to: 'ana@example.ro',
  replyTo: null,
  subject: `Comanda ${id}`,
  text: 'Vă mulțumim!',
});

describe('file transport', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('makes its folder for the first mail, and again when it was removed meanwhile', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    roots.push(root);
    const dir = path.join(root, 'data', 'outbox');
    const transport = fileTransport(dir);
    await transport.send(mail(1));
    await transport.send(mail(2));
    expect(readdirSync(dir)).toEqual(['000001.eml', '000002.eml']);
    expect(readFileSync(path.join(dir, '000002.eml'), 'utf8')).toContain('Subject: Comanda 2');
    rmSync(dir, { recursive: true });
    await transport.send(mail(3));
    expect(readdirSync(dir)).toEqual(['000003.eml']);
    transport.close();
  });

  it('a write that fails for another reason fails the send (the relay retries it later)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    roots.push(root);
    const dir = path.join(root, 'outbox');
    const transport = fileTransport(dir);
    await transport.send(mail(4));
    // A folder where the file should be: EISDIR, not a missing folder.
    mkdirSync(path.join(dir, '000005.eml'));
    await expect(transport.send(mail(5))).rejects.toMatchObject({ code: 'EISDIR' });
    transport.close();
  });
});
