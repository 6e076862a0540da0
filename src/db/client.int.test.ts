import { describe, expect, it } from 'vitest';
import { openDb } from './client';

describe('openDb', () => {
  it("reports PGlite's WebAssembly memory for the memory report", async () => {
    const handle = await openDb({ pgliteDir: null });
    try {
      await handle.ping();
      // Emscripten memory grows in 64 KiB pages and holds PostgreSQL's shared buffers (64 MB) at least.
      const bytes = handle.wasmMemoryBytes?.() ?? 0;
      expect(bytes).toBeGreaterThanOrEqual(64 * 2 ** 20);
      expect(bytes % 65_536).toBe(0);
    } finally {
      await handle.close();
    }
  });
});
