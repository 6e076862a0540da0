import { createContext, useContext } from 'react';
import type { Language } from '../../contracts/preferences';
import { en } from './en';
import { ro, type MessageKey } from './ro';

export type { MessageKey };
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const catalogues: Record<Language, Record<MessageKey, string>> = { ro, en };

export function translator(lang: Language): Translate {
  const messages = catalogues[lang];
  return (key, vars) => {
    const text = messages[key];
    return vars ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`)) : text;
  };
}

const LanguageContext = createContext<Language>('ro');
export const LanguageProvider = LanguageContext.Provider;

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

export function useT(): Translate {
  return translator(useLanguage());
}
