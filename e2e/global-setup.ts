import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from '../scripts/built-server';
import { writeAddressFixture } from '../src/core/geography/testing';
import { createE2eStaff, createFirstAdmin, createOperator } from './admin-setup';
import { createE2eClient } from './client-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's DATA_DIR: tests read the mails it writes under outbox/ (no SMTP_URL). */
    dataDir: string;
    /** The back office's first admin (e2e/admin-setup.ts): e-mail and one-time password. */
    admin: { email: string; password: string };
    /** The admin of e2e/admin-shipping.e2e.ts, apart from the first admin. */
    shippingAdmin: { email: string; password: string };
    /** An operator with TOTP set up (e2e/admin-setup.ts): e-mail, password and base32 secret. */
    operator: { email: string; password: string; secret: string };
    /** An editor for the content screens (e2e/admin-content.e2e.ts): e-mail and one-time password. */
    contentEditor: { email: string; password: string };
    /** e2e/admin-catalogue.e2e.ts's own admin and operator (one-time passwords). */
    catalogueStaff: { email: string; password: string }[];
    /** e2e/pages-loaded-whole.e2e.ts's admin (one-time password) and client (password). */
    sweepAdmin: { email: string; password: string };
    sweepClient: { email: string; password: string };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the built shop on a fresh PGlite with the demo catalogue, on a free port of 127.0.0.1. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'maranatha-e2e-'));
  const port = await freePort();
  const admin = await createFirstAdmin(dataDir);
  const shippingAdmin = await createE2eStaff(dataDir, {
    email: 'maria.livrare@example.ro',
    name: 'Maria Livrare',
    role: 'admin',
  });
  const operator = await createOperator(dataDir);
  const contentEditor = await createE2eStaff(dataDir, {
    email: 'redactor@example.ro',
    name: 'Radu Redactor',
    role: 'editor',
  });
  const catalogueStaff = [
    await createE2eStaff(dataDir, { email: 'catalog.admin@example.ro', name: 'Maria Catalog', role: 'admin' }),
    await createE2eStaff(dataDir, { email: 'catalog.operator@example.ro', name: 'Dan Depozit', role: 'operator' }),
  ];
  const sweepAdmin = await createE2eStaff(dataDir, { email: 'ana.toate@example.ro', name: 'Ana Toate', role: 'admin' });
  const sweepClient = await createE2eClient(dataDir, {
    email: 'client.toate@example.ro',
    password: 'parola-clientului-1',
    firstName: 'Ioana',
  });
  const server = await startBuiltServer(
    port,
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // A few real lines of Romania's address data (Arad, București): the whole set adds 10–30 s to the start.
      RO_ADDRESS_DATA: writeAddressFixture(),
    },
    120_000,
  );
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', dataDir);
  project.provide('admin', admin);
  project.provide('shippingAdmin', shippingAdmin);
  project.provide('operator', operator);
  project.provide('contentEditor', contentEditor);
  project.provide('catalogueStaff', catalogueStaff);
  project.provide('sweepAdmin', sweepAdmin);
  project.provide('sweepClient', sweepClient);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
