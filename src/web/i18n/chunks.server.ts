import chunks from 'virtual:i18n-chunks';
import type { Language } from '../../contracts/preferences';

/** The addresses of the message chunks of one language, by area (empty in development). */
export function messageChunks(lang: Language): Record<string, string> {
  const suffix = `.${lang}`;
  return Object.fromEntries(
    Object.entries(chunks)
      .filter(([name]) => name.endsWith(suffix))
      .map(([name, url]) => [name.slice(0, -suffix.length), url]),
  );
}
