import { describe, expect, it } from 'vitest';
import { LexemeIndex } from './lexeme-index';

function index(): LexemeIndex {
  const lexemes = new LexemeIndex();
  lexemes.set(1, ['bibl', 'cornilescu', 'copi']);
  lexemes.set(2, ['bibl', 'studiu']);
  lexemes.set(3, ['carte', 'copil', "o'neil"]);
  lexemes.set(4, ['rugaciun', 'copi']);
  return lexemes;
}

describe('LexemeIndex.match', () => {
  it('evaluates AND, OR, parentheses and prefixes as PostgreSQL does, ids ascending', () => {
    const lexemes = index();
    expect(lexemes.match("'bibl'")).toEqual([1, 2]);
    expect(lexemes.match("'bibl' & 'copi'")).toEqual([1]);
    expect(lexemes.match("'studiu' | 'rugaciun'")).toEqual([2, 4]);
    expect(lexemes.match("( 'cornilescu' | 'studiu' ) & 'bibl'")).toEqual([1, 2]);
    expect(lexemes.match("'cop':*")).toEqual([1, 3, 4]);
    expect(lexemes.match("'bibl' & 'cop':*")).toEqual([1]);
    expect(lexemes.match("'o''neil'")).toEqual([3]);
    expect(lexemes.match("'necunoscut'")).toEqual([]);
    expect(lexemes.match('')).toEqual([]);
  });

  it('answers null for what it does not evaluate: negation, phrases, weights, broken text', () => {
    const lexemes = index();
    for (const query of ["!'bibl'", "'bibl' <-> 'studiu'", "'bibl':A", "'bibl':*B", "'bibl", "'bibl' &", "( 'bibl'"]) {
      expect(lexemes.match(query), query).toBeNull();
    }
  });

  it('follows a product whose lexemes change or which goes away', () => {
    const lexemes = index();
    lexemes.set(2, ['studiu', 'copi']);
    expect(lexemes.match("'bibl'")).toEqual([1]);
    expect(lexemes.match("'copi'")).toEqual([1, 2, 4]);
    lexemes.delete(1);
    expect(lexemes.match("'copi'")).toEqual([2, 4]);
    expect(lexemes.match("'cop':*")).toEqual([2, 3, 4]);
    lexemes.set(7, ['bibl', 'copilari']);
    expect(lexemes.match("'cop':*")).toEqual([2, 3, 4, 7]);
  });

  it('keeps to the last write of each product between two matches', () => {
    const lexemes = index();
    lexemes.set(1, ['psalm']);
    lexemes.delete(1);
    lexemes.set(1, ['bibl', 'psalm']);
    lexemes.delete(3);
    lexemes.set(3, ['carte']);
    lexemes.delete(4);
    lexemes.delete(9);
    expect(lexemes.match("'bibl'")).toEqual([1, 2]);
    expect(lexemes.match("'psalm'")).toEqual([1]);
    expect(lexemes.match("'cop':*")).toEqual([]);
    expect(lexemes.match("'carte' | 'rugaciun'")).toEqual([3]);
    lexemes.set(4, ['rugaciun']);
    expect(lexemes.match("'carte' | 'rugaciun'")).toEqual([3, 4]);
  });

  it('changes nothing when a product is written with the lexemes it has, and tells lexeme lists apart', () => {
    const lexemes = index();
    const before = lexemes.match("'bibl'");
    lexemes.set(2, ['bibl', 'studiu']);
    expect(lexemes.match("'bibl'")).toBe(before);
    lexemes.set(2, ['bib', 'lstudiu']);
    expect(lexemes.match("'bibl'")).toEqual([1]);
    expect(lexemes.match("'lstudiu'")).toEqual([2]);
    lexemes.set(2, []);
    expect(lexemes.match("'bib' | 'lstudiu' | 'studiu'")).toEqual([]);
  });

  it('leaves the ids a match gave earlier as they were when products change', () => {
    const lexemes = index();
    const copi = lexemes.match("'copi'");
    lexemes.delete(1);
    expect(lexemes.match("'copi'")).toEqual([4]);
    expect(copi).toEqual([1, 4]);
  });
});
