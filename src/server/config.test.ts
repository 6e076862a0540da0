import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'maranatha-config-'));

describe('loadConfig', () => {
  it('has working defaults: port 3000, PGlite under ./data, demo data on', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.demoProducts).toBe(20_000);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('generates a session secret on first start and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it('refuses production without SESSION_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/SESSION_SECRET/);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), NETOPIA_SIMULATOR: 'true', DATA_DIR: tmp() })
        .sessionSecret,
    ).toHaveLength(32);
  });

  it('uses the payment simulator without NETOPIA keys, keeping its key pair in DATA_DIR; production only when asked', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir, PORT: '3100' }).payments;
    expect(first).toMatchObject({
      mode: 'simulator',
      baseUrl: 'http://127.0.0.1:3100/netopia-sim',
      cardUnpaidMs: 7_200_000,
    });
    expect(loadConfig({ DATA_DIR: dir }).payments.publicKeyPem).toBe(first.publicKeyPem);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: tmp() })).toThrow(
      /NETOPIA_API_KEY must be set in production/,
    );
  });

  it('takes NETOPIA with all four variables, and names the one missing', () => {
    const dir = tmp();
    const publicKeyPem = loadConfig({ DATA_DIR: tmp() }).payments.publicKeyPem;
    const netopia = {
      DATA_DIR: dir,
      NETOPIA_API_KEY: 'api-key-123456',
      NETOPIA_POS_SIGNATURE: 'ABCD-EFGH-IJKL-MNOP-QRST',
      NETOPIA_PUBLIC_KEY: publicKeyPem,
      NETOPIA_BASE_URL: 'https://secure.sandbox.netopia-payments.com/',
    };
    expect(loadConfig(netopia).payments).toMatchObject({
      mode: 'netopia',
      baseUrl: 'https://secure.sandbox.netopia-payments.com',
      simulatorPrivateKeyPem: null,
    });
    expect(() => loadConfig({ ...netopia, NETOPIA_BASE_URL: undefined })).toThrow(
      /NETOPIA_BASE_URL must be set too when NETOPIA_API_KEY, NETOPIA_POS_SIGNATURE, NETOPIA_PUBLIC_KEY are set/,
    );
    expect(() => loadConfig({ ...netopia, NETOPIA_PUBLIC_KEY: 'not a key' })).toThrow(/NETOPIA_PUBLIC_KEY must be/);
    expect(() => loadConfig({ ...netopia, NETOPIA_SIMULATOR: 'true' })).toThrow(/NETOPIA_SIMULATOR must not be true/);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a port number between 0 and 65535'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA must be one of'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ PUBLIC_URL: 'shop' }, 'PUBLIC_URL must be an absolute URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be false, true, a number of proxy hops'],
    [{ TRUST_PROXY: '10.0.0.1,300.1.1.1' }, 'TRUST_PROXY must be false, true'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be false, true'],
    [{ WORKERS: '0' }, 'WORKERS must be a whole number of worker processes between 1 and 64'],
    [{ WORKERS: 'two' }, 'WORKERS must be a whole number of worker processes'],
    [{ WORKERS: '1.5' }, 'WORKERS must be a whole number of worker processes'],
    [{ WORKERS: '65' }, 'WORKERS must be a whole number of worker processes'],
    [{ WORKERS: '2' }, 'WORKERS must be 1 with the embedded database (PGlite is single-process)'],
    [{ RENDER_THREADS: '-1' }, 'RENDER_THREADS must be a whole number of render threads between 0 and 16'],
    [{ RENDER_THREADS: 'one' }, 'RENDER_THREADS must be a whole number of render threads'],
    [{ RENDER_THREADS: '17' }, 'RENDER_THREADS must be a whole number of render threads'],
    [{ BACKGROUND_THREADS_NICE: '-1' }, 'BACKGROUND_THREADS_NICE must be a whole number between 0 and 19'],
    [{ BACKGROUND_THREADS_NICE: '20' }, 'BACKGROUND_THREADS_NICE must be a whole number between 0 and 19'],
    [{ BACKGROUND_THREADS_NICE: 'low' }, 'BACKGROUND_THREADS_NICE must be a whole number between 0 and 19'],
  ])('names the bad variable and what it must be: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(message);
  });

  it('runs one process by default, and several on PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: tmp(), WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: tmp(), WORKERS: '4', DATABASE_URL: 'postgres://db/shop' }).workers).toBe(4);
  });

  it('renders on one thread beside the main one by default, on the main thread with 0, on several when told', () => {
    expect(loadConfig({ DATA_DIR: tmp() }, 2).renderThreads).toBe(1);
    expect(loadConfig({ DATA_DIR: tmp(), RENDER_THREADS: '0' }, 2).renderThreads).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), RENDER_THREADS: '3' }, 2).renderThreads).toBe(3);
  });

  it("runs V8's background threads 5 nicer by default, as they are with 0", () => {
    expect(loadConfig({ DATA_DIR: tmp() }).backgroundThreadsNice).toBe(5);
    expect(loadConfig({ DATA_DIR: tmp(), BACKGROUND_THREADS_NICE: '0' }).backgroundThreadsNice).toBe(0);
  });

  it('gives each worker a render thread by default only when every worker has two cores', () => {
    const postgres = { DATA_DIR: tmp(), DATABASE_URL: 'postgres://db/shop' };
    expect(loadConfig({ ...postgres, WORKERS: '2' }, 2).renderThreads).toBe(0);
    expect(loadConfig({ ...postgres, WORKERS: '2' }, 4).renderThreads).toBe(1);
    expect(loadConfig({ ...postgres, WORKERS: '3' }, 4).renderThreads).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp() }, 1).renderThreads).toBe(0);
    expect(loadConfig({ ...postgres, WORKERS: '2', RENDER_THREADS: '1' }, 2).renderThreads).toBe(1);
  });

  it('trusts no proxy by default, and a hop count, true or a list of addresses when told', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  describe('an unusable DATA_DIR', () => {
    const file = () => {
      const f = path.join(tmp(), 'a-file');
      writeFileSync(f, '');
      return f;
    };
    it.each([
      ['a file instead of a directory', file, 'DATA_DIR is a file, not a directory'],
      ['a parent that is a file', () => path.join(file(), 'data'), 'DATA_DIR cannot be created: ENOTDIR'],
      ['a place where nothing may be created', () => '/sys/maranatha-data', 'DATA_DIR cannot be created: EPERM'],
    ])('is refused with one line naming it: %s', (_case, dir, message) => {
      const given = dir();
      expect(() => loadConfig({ DATA_DIR: given })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: given })).toThrow(message);
      expect(() => loadConfig({ DATA_DIR: given })).toThrow(`(got "${given}")`);
    });

    it('stops the start with exit code 1 and no stack trace', () => {
      const given = file();
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bootstrap.ts'], {
        env: { ...process.env, DATA_DIR: given },
        encoding: 'utf8',
      });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        `Invalid configuration: DATA_DIR is a file, not a directory (got "${given}")`,
      ]);
    });
  });

  it('stops the start with one line and exit code 1 on a bad value', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bootstrap.ts'], {
      env: { ...process.env, PORT: 'abc', DATA_DIR: tmp() },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PORT must be a port number between 0 and 65535 (got "abc")',
    ]);
  });

  it('refuses WORKERS=2 on PGlite with one line and exit code 1', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, WORKERS: '2', DATA_DIR: tmp() };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bootstrap.ts'], {
      env,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: WORKERS must be 1 with the embedded database (PGlite is single-process); set DATABASE_URL to run more (got "2")',
    ]);
  });
});
