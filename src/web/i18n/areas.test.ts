import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALWAYS_LOADED_AREAS, areasOf } from './areas';

const web = path.resolve(import.meta.dirname, '..');
const here = import.meta.dirname;

/** Which areas each Romanian key lives in (a few keys are in two), from the `<area>.ro.ts` files. */
const areasOfKey = new Map<string, string[]>();
const areaFiles = import.meta.glob<Record<string, Record<string, unknown>>>('./*.ro.ts', { eager: true });
for (const [file, mod] of Object.entries(areaFiles)) {
  const area = path.basename(file, '.ro.ts');
  for (const messages of Object.values(mod)) {
    for (const key of Object.keys(messages)) areasOfKey.set(key, [...(areasOfKey.get(key) ?? []), area]);
  }
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (f) => existsSync(f) && f.match(/\.tsx?$/),
  );
}

/** Static imports and re-exports (type-only ones are left out by `importsOf`: they bring no code). */
const staticImport = /^(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm;
/** `import('./x')`: a module loaded later, which loads the areas its importer names for it. */
const lazyImport = /\bimport\('(\.[^']+)'\)/g;

/** The relative imports of one module of the kind `pattern` finds, resolved. */
function importsOf(file: string, pattern: RegExp): string[] {
  return [...readFileSync(file, 'utf8').matchAll(pattern)]
    .filter((m) => !/^(?:import|export)\s+type\s/.test(m[0]))
    .map((m) => resolveImport(file, m[1] as string))
    .filter((target): target is string => target !== undefined);
}

/** Every module of src/web a module reaches through static relative imports (the catalogues and server-only modules excluded). */
function moduleGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    // `.server` modules run in loaders only and never reach the browser (React Router keeps them out).
    if (seen.has(file) || !file.startsWith(web) || file.startsWith(here) || file.includes('.server.')) return;
    seen.add(file);
    for (const target of importsOf(file, staticImport)) visit(target);
  };
  visit(entry);
  return [...seen];
}

/**
 * The keys used outside `loaded` by the modules `entry` reaches: statically, then through each lazy import,
 * whose modules may also use the areas their importer names (`i18n: [...]`, loaded with them).
 */
function keysOutside(entry: string, loaded: readonly string[]): string[] {
  const outside: string[] = [];
  const check = (start: string, areas: readonly string[], checked: Set<string>) => {
    const files = moduleGraph(start).filter((f) => !checked.has(f));
    for (const f of files) checked.add(f);
    for (const [key, keyAreas] of areasUsed(files)) {
      if (!keyAreas.some((a) => areas.includes(a))) outside.push(`${key} (${keyAreas.join(', ')})`);
    }
    for (const importer of files) {
      for (const target of importsOf(importer, lazyImport)) {
        check(target, [...areas, ...declaredAreas(importer)], new Set(checked));
      }
    }
  };
  check(entry, loaded, new Set());
  return [...new Set(outside)];
}

/** The keys the source text of these modules uses, with their areas: quoted keys and `prefix.${…}` keys. */
function areasUsed(files: string[]): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g)) {
      const areas = areasOfKey.get(m[1] as string);
      if (areas) used.set(m[1] as string, areas);
    }
    for (const m of text.matchAll(/`([a-zA-Z][\w.-]*\.)\$\{/g)) {
      for (const [key, areas] of areasOfKey) if (key.startsWith(m[1] as string)) used.set(key, areas);
    }
  }
  return used;
}

function declaredAreas(routeFile: string): string[] {
  const declared = /i18n:\s*\[([^\]]*)\]/.exec(readFileSync(routeFile, 'utf8'))?.[1] ?? '';
  return [...declared.matchAll(/'([\w-]+)'/g)].map((m) => m[1] as string);
}

const routesIn = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
    .map((f) => path.join(dir, f));
// The back office's pages are children of routes/admin/layout.tsx, whose areas load with each of them.
const adminDir = path.join(web, 'routes', 'admin');
const routeFiles = [...routesIn(path.join(web, 'routes')), ...routesIn(adminDir)];
const layoutAreas = (file: string) =>
  path.dirname(file) === adminDir ? declaredAreas(path.join(adminDir, 'layout.tsx')) : [];

describe('message areas', () => {
  it('are named after files of both languages', () => {
    const names = new Set([...areasOfKey.values()].flat());
    expect([...names].sort()).toEqual(expect.arrayContaining(['catalogue', 'common', 'content']));
    for (const area of names) expect(existsSync(path.join(here, `${area}.en.ts`)), area).toBe(true);
  });

  it('cover every message the root layout uses with the always-loaded areas', () => {
    const used = areasUsed(moduleGraph(path.join(web, 'root.tsx')));
    expect(used.size).toBeGreaterThan(20);
    expect(keysOutside(path.join(web, 'root.tsx'), ALWAYS_LOADED_AREAS)).toEqual([]);
  });

  it.each(routeFiles.map((f) => [path.relative(path.join(web, 'routes'), f), f]))(
    'cover every message %s uses',
    (_, file) => {
      const declared = [...declaredAreas(file), ...layoutAreas(file)];
      for (const area of declared) expect([...areasOfKey.values()].flat(), `${area} is not an area`).toContain(area);
      expect(keysOutside(file, [...ALWAYS_LOADED_AREAS, ...declared])).toEqual([]);
    },
  );

  it('load the always-loaded areas first, then each declared area once', () => {
    expect(
      areasOf([{ handle: { i18n: ['catalogue'] } }, { handle: undefined }, { handle: { i18n: ['catalogue'] } }]),
    ).toEqual([...ALWAYS_LOADED_AREAS, 'catalogue']);
  });
});
