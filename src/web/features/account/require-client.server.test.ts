import { describe, expect, it } from 'vitest';
import type { CurrentClient } from '../../../contracts/accounts';
import type { ShopLoadContext } from '../../load-context';
import { requireClient } from './require-client.server';

const ana: CurrentClient = {
  id: 1,
  email: 'ana@example.ro',
  firstName: 'Ana',
  lastName: 'Pop',
  phone: '0744 123 456',
  notifications: true,
  avatar: null,
};
const contextWith = (client: CurrentClient | null) => ({ client: async () => client }) as unknown as ShopLoadContext;

describe('requireClient', () => {
  it('returns the logged-in client', async () => {
    await expect(requireClient(contextWith(ana), new URL('http://shop.test/pages/profile'))).resolves.toEqual(ana);
  });

  it('sends a visitor without a session to the login page, and back here afterwards', async () => {
    const thrown = await requireClient(contextWith(null), new URL('http://shop.test/pages/profile?tab=adrese')).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/pages/login?redirectTo=%2Fpages%2Fprofile%3Ftab%3Dadrese');
  });
});
