import { describe, expect, it } from 'vitest';
import { parseCsv, parseCsvRecords } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and both line ends', () => {
    const text = '\ufeffa,b,c\r\n1,"Mincu Ion, arh.","say ""hi"""\n2,,x\n';
    expect(parseCsv(text)).toEqual([
      { a: '1', b: 'Mincu Ion, arh.', c: 'say "hi"' },
      { a: '2', b: '', c: 'x' },
    ]);
  });
});

describe('parseCsvRecords', () => {
  it('numbers each record by the line it starts on, and reads a semicolon-separated file', () => {
    const text = 'sku;stock\n\nA-1;"3\n"\n  \nB-2;4';
    expect(parseCsvRecords(text, ';')).toEqual([
      { line: 1, cells: ['sku', 'stock'] },
      { line: 3, cells: ['A-1', '3\n'] },
      { line: 6, cells: ['B-2', '4'] },
    ]);
  });
});
