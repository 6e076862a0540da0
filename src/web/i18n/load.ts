import type { Language } from '../../contracts/preferences';
import { addMessages, type Messages } from './i18n';

/**
 * One chunk per area and language: the browser fetches only those a page needs, from the addresses the server
 * gives (`messageChunks`, chunks.server.ts), which the page's preload links and the root's loader data carry.
 * A map of every chunk built into the browser's code cost every page ~1 KB gzip (issue 14).
 */
const addresses: Record<Language, Record<string, string>> = { ro: {}, en: {} };

/** Learns where the chunks of `lang` are (`area` → address). */
export function knowMessageChunks(lang: Language, chunks: Record<string, string>): void {
  Object.assign(addresses[lang], chunks);
}

const held = new Set<string>();
const loading = new Map<string, Promise<void>>();

/**
 * Starts loading the messages of `areas` in `lang` that the browser does not hold yet, and returns a
 * promise settled when they are held, or undefined when nothing is missing (so a render that finds
 * everything never suspends). An area without a chunk in that language is skipped.
 */
export function messagesReady(lang: Language, areas: readonly string[]): Promise<void> | undefined {
  const missing = areas
    .map((area) => addresses[lang][area])
    .filter((url): url is string => url !== undefined && !held.has(url));
  if (missing.length === 0) return undefined;
  const key = missing.join(' ');
  const started = loading.get(key);
  if (started) return started;
  const promise = Promise.all(
    missing.map(async (url) => {
      // Each file exports its catalogue object (and at most types besides).
      const module: Record<string, Messages> = await import(/* @vite-ignore */ url);
      for (const messages of Object.values(module)) addMessages(lang, messages);
      held.add(url);
    }),
  )
    .then(() => undefined)
    .finally(() => loading.delete(key));
  loading.set(key, promise);
  return promise;
}
