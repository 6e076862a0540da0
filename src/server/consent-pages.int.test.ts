import { describe, expect, it, vi } from 'vitest';
import { consentCookie } from '../contracts/consent';
import { testDatabases } from '../db/testing';
import { useSeededApp } from './testing';

// React's production build, as the shop serves pages (chosen when React is first imported).
vi.hoisted(() => {
  process.env.NODE_ENV = 'production';
});

const ORIGIN = 'http://shop.test';
const form = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };
/** A submit button of a consent form sending `choice=value` (React writes `name` after the other attributes). */
const choiceButton = (value: string) => new RegExp(`<button type="submit" value="${value}"[^>]*name="choice"`);

/** The cookie banner in the server's HTML and the consent route for browsers without JavaScript (decision 027). */
describe.each(testDatabases)('cookie consent pages on $name', ({ url }) => {
  const { shop } = useSeededApp(url, 20, { pages: true });
  const post = (fields: Record<string, string>) =>
    shop.app.inject({
      method: 'POST',
      url: '/pages/consent',
      headers: form,
      body: new URLSearchParams(fields).toString(),
    });

  it('renders the banner, with its plain form, for a visitor who has not chosen, and not for one who has', async () => {
    const asked = await shop.app.inject({ url: '/pages/about' });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('id="cookie-banner-title"');
    expect(asked.body).toMatch(
      /<form[^>]*action="\/pages\/consent" method="post"><input type="hidden" name="back" value="\/pages\/about"\/>/,
    );
    expect(asked.body).toMatch(choiceButton('necessary'));
    expect(asked.body).toMatch(choiceButton('analytics'));
    expect(asked.body).toContain('href="/pages/politica-cookies#setari"');
    // The root loader's data, which hydration renders from, says the same (React Router's turbo-stream).
    expect(asked.body).toContain('\\"consentChosen\\",false');
    for (const choice of ['necessary', 'analytics']) {
      const chosen = await shop.app.inject({ url: '/pages/about', cookies: { cookie_consent: choice } });
      expect(chosen.body).not.toContain('id="cookie-banner-title"');
      expect(chosen.body).toContain('\\"consentChosen\\",true');
    }
    // A value the shop never wrote is no choice: the banner asks again.
    const forged = await shop.app.inject({ url: '/pages/about', cookies: { cookie_consent: 'everything' } });
    expect(forged.body).toContain('id="cookie-banner-title"');
  });

  it.each([
    [{ choice: 'necessary', back: '/shop?page=2' }, 'necessary', '/shop?page=2'],
    [{ choice: 'analytics', back: '/pages/search?searchText=ș' }, 'analytics', '/pages/search?searchText=%C8%99'],
    [
      { choice: 'settings', analytics: 'on', back: '/pages/politica-cookies#setari' },
      'analytics',
      '/pages/politica-cookies#setari',
    ],
    [{ choice: 'settings', back: '/pages/politica-cookies#setari' }, 'necessary', '/pages/politica-cookies#setari'],
  ] as [Record<string, string>, 'necessary' | 'analytics', string][])(
    'a post of %j sets the %s cookie and goes back with 303',
    async (fields, choice, location) => {
      const res = await post(fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(location);
      expect(res.headers['set-cookie']).toEqual([consentCookie(choice)]);
    },
  );

  it.each(['//evil.test/', 'https://evil.test/', '/\\evil.test', '/.//evil.test', 'shop'])(
    'never sends the visitor off the site: back=%s goes home',
    async (back) => {
      const res = await post({ choice: 'necessary', back });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    },
  );

  it.each<Record<string, string>>([
    { choice: 'everything', back: '/' },
    { back: '/' },
    { choice: 'settings', analytics: 'yes', back: '/' },
  ])('refuses %j with the 400 page naming the choice, and sets no cookie', async (fields) => {
    const res = await post(fields);
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toContain('Alegerea privind cookie-urile trebuie să fie una dintre cele oferite');
  });

  it('refuses a post from another site', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/pages/consent',
      headers: { ...form, origin: 'http://evil.test' },
      body: 'choice=analytics&back=%2F',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('sends a GET to the cookie policy settings', async () => {
    const res = await shop.app.inject({ url: '/pages/consent' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/pages/politica-cookies#setari');
  });

  it("shows the visitor's own choice on the cookie policy page, which is therefore never cached", async () => {
    const analytics = await shop.app.inject({
      url: '/pages/politica-cookies',
      cookies: { cookie_consent: 'analytics' },
    });
    expect(analytics.headers['cache-control']).toBe('private, no-store');
    expect(analytics.body).toMatch(/<input[^>]*type="checkbox"[^>]*name="analytics" checked=""/);
    const necessary = await shop.app.inject({
      url: '/pages/politica-cookies',
      cookies: { cookie_consent: 'necessary' },
    });
    expect(necessary.body).toMatch(/<input[^>]*type="checkbox"[^>]*name="analytics"\/>/);
    expect(necessary.body).toMatch(choiceButton('settings'));
    const other = await shop.app.inject({ url: '/pages/confidentialitate' });
    expect(other.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
  });
});
