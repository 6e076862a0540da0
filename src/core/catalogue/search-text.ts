import { isbn13CheckDigit } from '../../contracts/isbn';
import { foldText } from '../../contracts/listing';

export { foldText };

/** Words too common to narrow a Romanian query; dropped unless the query has nothing else. */
const STOP_WORDS = new Set(
  'a ai al ale ca catre cu de despre din fara in intre la lui o pe pentru prin sau si spre un una the of and'.split(
    ' ',
  ),
);
const MAX_WORDS = 8;
/** Shorter query words are not corrected: too many neighbours within a typo. */
export const MIN_CORRECTED_LENGTH = 4;

/** The words of a query, folded, deduplicated, at most 8, stop words dropped when others remain. */
export function searchWords(text: string): string[] {
  const words = [
    ...new Set(
      foldText(text)
        .split(/[^a-z0-9]+/)
        .filter(Boolean),
    ),
  ];
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return (meaningful.length ? meaningful : words).slice(0, MAX_WORDS);
}

/** An ISBN-13 (or an ISBN-10, converted) or a product code typed whole: matched exactly, not searched. */
export function exactCodes(text: string): { isbn: string | null; sku: string | null } {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  let isbn: string | null = null;
  if (/^97[89]\d{10}$/.test(compact)) isbn = compact;
  else if (/^\d{9}[\dX]$/.test(compact)) {
    const first12 = `978${compact.slice(0, 9)}`;
    isbn = first12 + String(isbn13CheckDigit(first12));
  }
  const code = /^([A-Z]{1,5})-?(\d{1,8})$/.exec(compact);
  return { isbn, sku: code ? `${code[1]}-${code[2]}` : null };
}

/**
 * A to_tsquery() text: every word must match (AND), each through itself or one of its spelling
 * alternatives (OR); with `prefixLast`, the last word also matches as a prefix, for people still
 * typing. Words are [a-z0-9]+ only, so nothing in them is tsquery syntax.
 */
export function tsQueryText(
  words: string[],
  alternatives: ReadonlyMap<string, string[]>,
  { prefixLast }: { prefixLast: boolean },
): string {
  return words
    .map((word, i) => {
      const own = prefixLast && i === words.length - 1 && word.length >= 2 ? `${word}:*` : word;
      const terms = [own, ...(alternatives.get(word) ?? []).filter((alt) => /^[a-z0-9]+$/.test(alt))];
      return terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`;
    })
    .join(' & ');
}

/** One lexeme as PostgreSQL writes it in a tsquery's text. */
const ONE_LEXEME = /^'[^'\\]+'$/;

/**
 * PostgreSQL's normalised text (`to_tsquery(…)::text`) of an AND of plain words (no prefix, no alternatives), from
 * each word's own normalised text: the words' lexemes joined by ` & `, as PostgreSQL writes it. Null when a word
 * became anything but one lexeme (several, or none: a stop word) or was not looked up; the database then normalises
 * the whole query.
 */
export function joinedWordQueries(wordQueries: readonly (string | null)[]): string | null {
  if (!wordQueries.length || !wordQueries.every((query) => query !== null && ONE_LEXEME.test(query))) return null;
  return wordQueries.join(' & ');
}
