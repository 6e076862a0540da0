import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const I18N_CHUNKS_MODULE = 'virtual:i18n-chunks';
const resolvedId = `\0${I18N_CHUNKS_MODULE}`;
const MESSAGE_FILE = /^([\w-]+\.(?:ro|en))\.ts$/;

/**
 * Makes each message file of `dir` (`<area>.<lang>.ts`) a chunk of the browser build and tells the server its
 * address, so that a page can preload the chunks its language and routes need and the browser can load the
 * others when it needs them (decision 013; web/i18n/load.ts). The client build runs first and writes the map
 * beside the build; the server build reads it as the module `virtual:i18n-chunks`. In development the map
 * gives the source files, which Vite serves.
 */
export function i18nChunks(dir: string): Plugin {
  let root = '';
  let mapFile = '';
  let isServerBuild = false;
  let isBuild = false;
  const messageFiles = () => readdirSync(path.resolve(root, dir)).filter((f) => MESSAGE_FILE.test(f));
  return {
    name: 'i18n-chunks',
    configResolved(config) {
      root = config.root;
      mapFile = path.resolve(config.root, 'build', 'i18n-chunks.json');
      isServerBuild = Boolean(config.build.ssr);
      isBuild = config.command === 'build';
    },
    buildStart() {
      // No browser module imports them (load.ts imports addresses): each is an entry of its own.
      if (!isBuild || isServerBuild) return;
      for (const file of messageFiles()) {
        this.emitFile({ type: 'chunk', id: path.resolve(root, dir, file), preserveSignature: 'strict' });
      }
    },
    resolveId(id) {
      return id === I18N_CHUNKS_MODULE ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      if (!isBuild) {
        const sources = messageFiles().map((f) => [MESSAGE_FILE.exec(f)?.[1], `/${dir}/${f}`]);
        return `export default ${JSON.stringify(Object.fromEntries(sources))};`;
      }
      const map = isServerBuild && existsSync(mapFile) ? readFileSync(mapFile, 'utf8') : '{}';
      return `export default ${map};`;
    },
    generateBundle(_, bundle) {
      if (isServerBuild) return;
      const map: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const m = MESSAGE_FILE.exec(path.basename(chunk.facadeModuleId));
        if (m && path.dirname(chunk.facadeModuleId) === path.resolve(root, dir))
          map[m[1] as string] = `/${chunk.fileName}`;
      }
      mkdirSync(path.dirname(mapFile), { recursive: true });
      writeFileSync(mapFile, JSON.stringify(map));
    },
  };
}
