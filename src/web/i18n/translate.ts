/** Message lookup and plural forms, without React, so the server and tests can translate before React loads. */
import { formatNumber } from '../../contracts/money';
import type { Language } from '../../contracts/preferences';
import type { ro } from './ro';

type RoMessages = typeof ro;

/** The forms of a counted message: Romanian uses one, few and other; English one and other. */
export interface PluralForms {
  one: string;
  few?: string;
  other: string;
}

/** Keys of plain messages. */
export type MessageKey = { [K in keyof RoMessages]: RoMessages[K] extends string ? K : never }[keyof RoMessages];
/** Keys of counted messages: `t(key, { count, ... })` picks the form by `Intl.PluralRules`. */
export type PluralKey = Exclude<keyof RoMessages, MessageKey>;
export type Messages = Record<string, string | PluralForms>;
/** The shape of an English area file: the Romanian keys, plain or counted alike. */
export type EnglishOf<T> = { [K in keyof T]: T[K] extends string ? string : PluralForms };
type Vars = Record<string, string | number>;

export interface Translate {
  (key: MessageKey, vars?: Vars): string;
  (key: PluralKey, vars: Vars & { count: number }): string;
}

/**
 * The messages this JavaScript context holds, per language. The server holds every area of both
 * languages (`./server.ts`); the browser only the areas of the current routes in the shopper's
 * language, loaded by `./load.ts` before they are rendered (decision 013).
 */
const held: Record<Language, Messages> = { ro: {}, en: {} };

export function addMessages(lang: Language, messages: Messages): void {
  Object.assign(held[lang], messages);
}

const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};

/**
 * CLDR's plural categories of whole numbers in the shop's two languages, as Intl.PluralRules gives them: the
 * first Intl object of a browser tab costs the page's hydration the locale's data (see formatNumber), and the
 * counts pages show are whole. Romanian: 1 is "one"; 0 and numbers ending in 01–19 (but 1) are "few".
 */
function wholePluralCategory(lang: Language, count: number): Intl.LDMLPluralRule {
  const n = Math.abs(count);
  if (lang === 'en') return n === 1 ? 'one' : 'other';
  if (n === 1) return 'one';
  const lastTwo = n % 100;
  return n === 0 || (lastTwo >= 1 && lastTwo <= 19) ? 'few' : 'other';
}

export function pluralCategory(lang: Language, count: number): Intl.LDMLPluralRule {
  if (Number.isSafeInteger(count)) return wholePluralCategory(lang, count);
  pluralRules[lang] ??= new Intl.PluralRules(lang);
  return pluralRules[lang].select(count);
}

function pluralForm(lang: Language, forms: PluralForms, count: number): string {
  const category = pluralCategory(lang, count);
  if (category === 'one') return forms.one;
  if (category === 'few' && forms.few !== undefined) return forms.few;
  return forms.other;
}

/** Numbers are written as the language writes them ("20.000" / "20,000"): callers pass them raw. */
function fill(lang: Language, text: string, vars: Vars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) return `{${name}}`;
    return typeof value === 'number' ? formatNumber(value, lang) : value;
  });
}

export function translator(lang: Language): Translate {
  const messages = held[lang];
  return ((key: string, vars?: Vars) => {
    const message = messages[key];
    // A key whose area is not loaded shows as the key itself: visible, and caught by the area test.
    if (message === undefined) return key;
    if (typeof message === 'string') return fill(lang, message, vars);
    return fill(lang, pluralForm(lang, message, Number(vars?.count ?? 0)), vars);
  }) as Translate;
}
