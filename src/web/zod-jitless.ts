/**
 * Zod probes `new Function` when the first object schema is built, to compile its parsers; the CSP
 * (no 'unsafe-eval') refuses it and Chromium reports a violation on every page. This classic inline
 * script, in <head>, runs before any module and sets zod's global configuration (which zod reads from
 * `globalThis.__zod_globalConfig`) so the browser parses without compiling: the same results. The
 * server never runs it and keeps its parsers compiled. It carries the nonce, or its hash on cached pages.
 */
export const ZOD_JITLESS_SCRIPT =
  'var c=globalThis.__zod_globalConfig=globalThis.__zod_globalConfig||{};c.jitless=true;';
