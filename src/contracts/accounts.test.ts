import { describe, expect, it } from 'vitest';
import { fieldMessages } from './errors';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  normalizeEmail,
  phoneSchema,
  registerSchema,
  resetPasswordSchema,
  safeRedirectPath,
} from './accounts';

const valid = {
  first_name: 'Ana',
  last_name: 'Pop',
  email: ' ana@example.ro ',
  phone: '0744 123 456',
  password: 'parola-lunga',
  password_confirmation: 'parola-lunga',
  terms: 'on',
};
const errors = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldMessages(parsed.error as Parameters<typeof fieldMessages>[0]);
};

describe('account schemas', () => {
  it('accepts a registration, trimming the e-mail', () => {
    expect(registerSchema.parse(valid).email).toBe('ana@example.ro');
    expect(registerSchema.parse({ ...valid, terms: true }).terms).toBe(true);
  });

  it('names every missing registration field with its own message', () => {
    expect(errors(registerSchema, {})).toEqual({
      first_name: 'validation.account.firstNameRequired',
      last_name: 'validation.account.lastNameRequired',
      email: 'validation.account.emailRequired',
      phone: 'validation.account.phoneRequired',
      password: 'validation.account.passwordRequired',
      password_confirmation: 'validation.account.confirmationRequired',
      terms: 'validation.account.terms',
    });
  });

  it('uses SPEC §5 reset texts: minimum 8 characters, equal confirmation', () => {
    const base = { email: 'a@b.ro', token: 'a'.repeat(43) };
    expect(errors(resetPasswordSchema, { ...base, password: 'scurt', password_confirmation: 'scurt' })).toEqual({
      password: 'validation.account.passwordShort',
    });
    expect(
      errors(resetPasswordSchema, { ...base, password: 'parola-buna', password_confirmation: 'alta-parola' }),
    ).toEqual({
      password_confirmation: 'validation.account.passwordMismatch',
    });
    expect(
      errors(resetPasswordSchema, {
        ...base,
        token: 'scurt',
        password: 'parola-buna',
        password_confirmation: 'parola-buna',
      }),
    ).toEqual({
      token: 'validation.account.token',
    });
  });

  it('uses SPEC §5 change-password texts', () => {
    expect(
      errors(changePasswordSchema, { old_pass: '', new_pass: 'parola-noua', new_pass_confirmation: 'parola-noua' }),
    ).toEqual({
      old_pass: 'validation.account.allRequired',
    });
    expect(
      errors(changePasswordSchema, { old_pass: 'x', new_pass: 'parola-noua', new_pass_confirmation: 'alta-noua' }),
    ).toEqual({
      new_pass_confirmation: 'validation.account.newPasswordMismatch',
    });
  });

  it('refuses control characters in an e-mail before it reaches the database', () => {
    expect(errors(forgotPasswordSchema, { email: 'ana\u0000@example.ro' })).toEqual({
      email: 'validation.account.emailFormat',
    });
  });

  it.each(['0744 123 456', '+40 256 123 456', '021-312-34-56', '0040 312 345 678', '+49 170 1234567'])(
    'accepts the phone %s',
    (phone) => {
      expect(phoneSchema.safeParse(phone).success).toBe(true);
    },
  );
  it.each(['0744', '0744 123 4567', 'telefon', '+0 12345'])('refuses the phone %s', (phone) => {
    expect(errors(phoneSchema, phone)).toEqual({ _: 'validation.account.phone' });
  });

  it('normalises e-mails to one spelling', () => {
    expect(normalizeEmail('  Ana.Pop@Example.RO ')).toBe('ana.pop@example.ro');
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/pages/compare?ids=1,2', '/pages/compare?ids=1,2'],
    ['/shop/biblii', '/shop/biblii'],
    ['//evil.test/x', '/pages/profile'],
    ['/\\evil.test', '/pages/profile'],
    ['https://evil.test/', '/pages/profile'],
    ['javascript:alert(1)', '/pages/profile'],
    ['', '/pages/profile'],
    [null, '/pages/profile'],
    ['/a\nb', '/ab'],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});
