import { describe, expect, it } from 'vitest';
import { action } from './preferences';

const post = (back: string) =>
  action({
    request: new Request('http://shop.test/preferences', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ lang: 'en', back }).toString(),
    }),
  } as Parameters<typeof action>[0]);

const locationOf = async (back: string) => {
  const response = await post(back);
  if (!(response instanceof Response)) throw new Error('expected a redirect');
  return { status: response.status, location: response.headers.get('location') };
};

describe('the /preferences action', () => {
  it('goes back to the page it came from, with its query', async () => {
    await expect(locationOf('/shop?page=2')).resolves.toEqual({ status: 302, location: '/shop?page=2' });
  });

  it.each([
    ['a control character', '/shop\u0001x', '/shop%01x'],
    ['non-Latin-1 letters', '/pages/search?searchText=ș', '/pages/search?searchText=%C8%99'],
  ])('percent-encodes %s instead of failing', async (_case, back, location) => {
    await expect(locationOf(back)).resolves.toEqual({ status: 302, location });
  });

  it('lets no raw control byte reach Location', async () => {
    const { location } = await locationOf('/shop?a=\u0000&b=\u001f#\u007f');
    expect(location).toMatch(/^\/shop\?a=/);
    const codes = [...(location ?? '')].map((c) => c.charCodeAt(0));
    expect(codes.filter((c) => c < 0x20 || c === 0x7f)).toEqual([]);
  });

  it.each(['//evil.test/', '/.//evil.test', '/\\evil.test', 'https://evil.test/', 'shop'])(
    'never leaves the site: %s goes home',
    async (back) => {
      await expect(locationOf(back)).resolves.toEqual({ status: 302, location: '/' });
    },
  );
});
