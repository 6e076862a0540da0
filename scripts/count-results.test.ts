import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = resolve('scripts/count-results.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the script in a directory holding these reports; its output and exit code. */
function countIn(reports: Record<string, unknown>): { output: string; code: number } {
  const dir = mkdtempSync(join(tmpdir(), 'count-results-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'test-results'));
  for (const [name, report] of Object.entries(reports))
    writeFileSync(join(dir, 'test-results', name), JSON.stringify(report));
  try {
    return { output: execFileSync(process.execPath, [script], { cwd: dir, encoding: 'utf8' }), code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; status: number };
    return { output: failed.stdout, code: failed.status };
  }
}

describe('count-results', () => {
  it('adds up every tier and names each failed test with the first line of its message', () => {
    const { output, code } = countIn({
      'e2e.json': {
        numPassedTests: 1,
        numFailedTests: 1,
        testResults: [
          {
            name: '/somewhere/e2e/cart.e2e.ts',
            assertionResults: [
              { status: 'passed', fullName: 'adds a book' },
              { status: 'failed', fullName: 'cart removes a line', failureMessages: ['Error: timed out\n    at x'] },
            ],
          },
        ],
      },
      'unit.json': { numPassedTests: 3, numFailedTests: 0, testResults: [] },
    });
    expect(output).toContain('failed: /somewhere/e2e/cart.e2e.ts › cart removes a line: Error: timed out\n');
    expect(output).not.toContain('adds a book');
    expect(output.trim().split('\n').at(-1)).toBe('4 passed, 1 failed');
    expect(code).toBe(1);
  });

  it('exits 0 when every test passed, and 1 when no test ran', () => {
    expect(countIn({ 'unit.json': { numPassedTests: 2, numFailedTests: 0 } })).toEqual({
      output: 'unit.json: 2 passed, 0 failed\n2 passed, 0 failed\n',
      code: 0,
    });
    expect(countIn({}).code).toBe(1);
  });
});
