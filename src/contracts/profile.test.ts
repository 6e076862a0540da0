import { describe, expect, it } from 'vitest';
import { fieldMessages } from './errors';
import { avatarUrl, initialsOf, profileTabOf, profileUpdateSchema } from './profile';

describe('profile contracts', () => {
  it('opens the tab ?tab= names, else the first', () => {
    expect(profileTabOf('parola')).toBe('parola');
    expect(profileTabOf('adrese')).toBe('adrese');
    expect(profileTabOf(null)).toBe('profil');
    expect(profileTabOf('PAROLA')).toBe('profil');
    expect(profileTabOf('__proto__')).toBe('profil');
  });

  it('draws the initials of the first and last name, diacritics kept', () => {
    expect(initialsOf('ștefan', ' țurcanu')).toBe('ȘȚ');
    expect(initialsOf('Ana', '')).toBe('A');
  });

  it('names the photo version in its URL, never the folder', () => {
    expect(avatarUrl({ avatar: null })).toBeNull();
    expect(avatarUrl({ avatar: 'avatars/12-0123456789abcdef.webp' })).toBe('/api/auth/avatar?v=12-0123456789abcdef');
  });

  it('takes {first_name, last_name} or {phone}, and says which field is missing', () => {
    expect(profileUpdateSchema.safeParse({ first_name: 'Ana', last_name: 'Pop' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ phone: '+40 744 123 456' }).success).toBe(true);
    const half = profileUpdateSchema.safeParse({ first_name: 'Ana' });
    expect(half.success || fieldMessages(half.error)).toEqual({ last_name: 'validation.account.lastNameRequired' });
    const none = profileUpdateSchema.safeParse({});
    expect(none.success || fieldMessages(none.error)).toEqual({ _: 'validation.profile.nothingToUpdate' });
    const phone = profileUpdateSchema.safeParse({ phone: '0123' });
    expect(phone.success || fieldMessages(phone.error)).toEqual({ phone: 'validation.account.phone' });
  });
});
