import { describe, expect, it } from 'vitest';
import { streetDisplayName } from './import';

describe('streetDisplayName', () => {
  it("puts Poșta's street type in front, articulated", () => {
    expect(streetDisplayName('Bulevard', 'Revoluției')).toBe('Bulevardul Revoluției');
    expect(streetDisplayName('Alee II', 'Trandafirilor')).toBe('Aleea II Trandafirilor');
    expect(streetDisplayName('', 'Principală')).toBe('Principală');
  });
});
