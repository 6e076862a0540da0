import type { Language } from '../../contracts/preferences';
import { addMessages, type Messages } from './i18n';

// One lazily imported chunk per area and language: the browser fetches only those a page needs.
const chunks = import.meta.glob<Record<string, Messages>>('./*.{ro,en}.ts');

const held = new Set<string>();
const loading = new Map<string, Promise<void>>();

/**
 * Starts loading the messages of `areas` in `lang` that the browser does not hold yet, and returns a
 * promise settled when they are held, or undefined when nothing is missing (so a render that finds
 * everything never suspends). An area without a file in that language is skipped.
 */
export function messagesReady(lang: Language, areas: readonly string[]): Promise<void> | undefined {
  const missing = areas.map((area) => `./${area}.${lang}.ts`).filter((path) => !held.has(path) && chunks[path]);
  if (missing.length === 0) return undefined;
  const key = missing.join(' ');
  const started = loading.get(key);
  if (started) return started;
  const promise = Promise.all(
    missing.map(async (path) => {
      const load = chunks[path];
      if (!load) return;
      // Each file exports its catalogue object (and at most types besides).
      for (const messages of Object.values(await load())) addMessages(lang, messages);
      held.add(path);
    }),
  )
    .then(() => undefined)
    .finally(() => loading.delete(key));
  loading.set(key, promise);
  return promise;
}
