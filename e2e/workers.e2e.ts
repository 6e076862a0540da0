import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startBuiltServer } from '../scripts/built-server';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The child processes of a process (the cluster's workers), from /proc. */
function childrenOf(pid: number): number[] {
  const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
}

const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${pid}/status`, 'utf8').includes('State:\tZ');
  } catch {
    return false;
  }
};

describe('WORKERS=2 on PostgreSQL (decision 018)', () => {
  it('serves one port from two workers with the secret kept in DATA_DIR, and SIGTERM stops them all', async () => {
    const name = `workers_e2e_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'maranatha-workers-'));
    // No SESSION_SECRET: the primary generates one in DATA_DIR and every worker reads the same.
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_PRODUCTS: '200',
      WORKERS: '2',
      DATABASE_URL: url.toString(),
    };
    const server = await startBuiltServer(3989, env, 120_000);
    try {
      const workers = childrenOf(server.pid);
      expect(workers).toHaveLength(2);
      for (let i = 0; i < 6; i++) expect((await fetch(`${server.baseURL}/`)).status).toBe(200);
      await server.stop();
      expect(workers.filter(alive)).toEqual([]);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 180_000);
});
