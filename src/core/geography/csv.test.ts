import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { streetDisplayName } from './import';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and both line ends', () => {
    const text = '\ufeffa,b,c\r\n1,"Mincu Ion, arh.","say ""hi"""\n2,,x\n';
    expect(parseCsv(text)).toEqual([
      { a: '1', b: 'Mincu Ion, arh.', c: 'say "hi"' },
      { a: '2', b: '', c: 'x' },
    ]);
  });
});

describe('streetDisplayName', () => {
  it("puts Poșta's street type in front, articulated", () => {
    expect(streetDisplayName('Bulevard', 'Revoluției')).toBe('Bulevardul Revoluției');
    expect(streetDisplayName('Alee II', 'Trandafirilor')).toBe('Aleea II Trandafirilor');
    expect(streetDisplayName('', 'Principală')).toBe('Principală');
  });
});
