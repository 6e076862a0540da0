import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '../../contracts/contact';
import { fieldMessages } from '../../contracts/errors';
import { en } from './en';
import { translator } from './i18n';
import { ro } from './ro';
import { translateMessage } from './validation';

const contractsDir = path.resolve(import.meta.dirname, '../../contracts');

/** Every `'validation.…'` literal written in a contracts source file (tests left out). */
function keysUsedInContracts(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(contractsDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(contractsDir, file), 'utf8');
    for (const match of source.matchAll(/'(validation\.[\w.]+)'/g)) keys.add(match[1]);
  }
  return [...keys];
}

describe('validation messages', () => {
  it('exist in both languages for every key the contracts use', () => {
    const keys = keysUsedInContracts();
    expect(keys.length).toBeGreaterThan(30);
    for (const key of keys) {
      // A prefix that a contract completes in a template (`${M}.sku`) names a group of keys: it must have some.
      if (!(key in ro) && Object.keys(ro).some((k) => k.startsWith(`${key}.`))) {
        expect(
          Object.keys(en).some((k) => k.startsWith(`${key}.`)),
          key,
        ).toBe(true);
        continue;
      }
      expect(ro, key).toHaveProperty([key]);
      expect(en, key).toHaveProperty([key]);
    }
  });

  it('are left as keys by the contracts and translated for each language', () => {
    const parsed = contactMessageSchema.safeParse({ name: 'A', email: 'ana@', subject: 'Sub', message: 'x' });
    expect(parsed.success).toBe(false);
    const keys = parsed.success ? {} : fieldMessages(parsed.error);
    expect(keys.email).toBe('validation.contact.emailFormat');
    const ro = parsed.success ? {} : fieldMessages(parsed.error, (key) => translateMessage(translator('ro'), key));
    const en = parsed.success ? {} : fieldMessages(parsed.error, (key) => translateMessage(translator('en'), key));
    expect(ro.email).toBe('Formatul adresei de email este invalid.');
    expect(en.email).toBe('The e-mail address is not valid.');
    expect(ro.consent).toBe('Trebuie să fiți de acord cu prelucrarea datelor personale pentru a continua.');
  });

  it("reads zod's own messages, which name no key, as the generic one", () => {
    expect(translateMessage(translator('ro'), 'Invalid input: expected string')).toBe('Valoare invalidă.');
    expect(translateMessage(translator('en'), 'validation.page')).toBe(
      'The page must be a whole number between 1 and 10,000.',
    );
  });
});
