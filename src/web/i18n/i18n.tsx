import { createContext, useContext } from 'react';
import type { Language } from '../../contracts/preferences';
import { type Translate, translator } from './translate';

export { addMessages, translator } from './translate';
export type { EnglishOf, MessageKey, Messages, PluralForms, PluralKey, Translate } from './translate';

const LanguageContext = createContext<Language>('ro');
export const LanguageProvider = LanguageContext.Provider;

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

export function useT(): Translate {
  return translator(useLanguage());
}
