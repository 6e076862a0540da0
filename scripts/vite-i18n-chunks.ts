import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const I18N_CHUNKS_MODULE = 'virtual:i18n-chunks';
const resolvedId = `\0${I18N_CHUNKS_MODULE}`;

/**
 * Tells the server the address of each message chunk (`src/web/i18n/<area>.<lang>.ts`) of the browser
 * build, so that a page can preload the chunks its language and routes need (decision 013). The client
 * build runs first and writes the map beside the build; the server build reads it as the module
 * `virtual:i18n-chunks` (an empty map in development, where no preload is needed).
 */
export function i18nChunks(): Plugin {
  let mapFile = '';
  let isServerBuild = false;
  let isBuild = false;
  return {
    name: 'i18n-chunks',
    configResolved(config) {
      mapFile = path.resolve(config.root, 'build', 'i18n-chunks.json');
      isServerBuild = Boolean(config.build.ssr);
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === I18N_CHUNKS_MODULE ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      const map = isBuild && isServerBuild && existsSync(mapFile) ? readFileSync(mapFile, 'utf8') : '{}';
      return `export default ${map};`;
    },
    generateBundle(_, bundle) {
      if (isServerBuild) return;
      const map: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const m = /[/\\]src[/\\]web[/\\]i18n[/\\]([\w-]+\.(?:ro|en))\.ts$/.exec(chunk.facadeModuleId);
        if (m) map[m[1] as string] = `/${chunk.fileName}`;
      }
      mkdirSync(path.dirname(mapFile), { recursive: true });
      writeFileSync(mapFile, JSON.stringify(map));
    },
  };
}
