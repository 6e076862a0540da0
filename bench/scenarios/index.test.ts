import { describe, expect, it } from 'vitest';
import { allScenarios, namesChosenBy } from './index';

describe("the bench tools' --only", () => {
  it('chooses every name when nothing is given', () => {
    expect(allScenarios.filter((s) => namesChosenBy(undefined)(s.name))).toHaveLength(allScenarios.length);
    expect(namesChosenBy('')('Lighthouse mobile')).toBe(true);
  });

  it('chooses the names that contain one of the comma-separated parts, spaces around a part ignored', () => {
    const chosen = allScenarios
      .filter((s) => namesChosenBy('long tail: search page, long tail: product page')(s.name))
      .map((s) => s.name);
    expect(chosen).toEqual([
      'long tail: search page, distinct phrases',
      'long tail: product page render, distinct URLs',
    ]);
    expect(namesChosenBy('first-load,Lighthouse')('Lighthouse mobile')).toBe(true);
    expect(namesChosenBy('first-load,Lighthouse')('home page')).toBe(false);
  });
});
