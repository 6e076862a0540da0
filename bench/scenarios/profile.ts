import { type Scenario, storeInHtmlCache } from '../scenario';

const client = { email: 'bench.profile@example.ro', password: 'parola-de-bench' };

/** A session of the bench's client (registered on the first run, logged in on later ones): its cookie. */
async function sessionCookie(baseURL: string): Promise<string> {
  const body = {
    ...client,
    first_name: 'Bench',
    last_name: 'Profil',
    phone: '0744 000 001',
    password_confirmation: client.password,
    terms: true,
  };
  const json = { 'content-type': 'application/json' };
  let res = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(body),
  });
  // 409: a previous run on the same database made it already; log in instead.
  if (res.status === 409) {
    res = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(client) });
  }
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!res.ok || !cookie) throw new Error(`no session for the profile bench: ${res.status}`);
  return cookie.split(';')[0] as string;
}

/**
 * Issue 9: the profile page of a logged-in client, p99 ≤ 120 ms. Never in the HTML cache (it is about the
 * visitor), so every request looks the session up, reads the client and their addresses and renders.
 */
export const profileScenarios: Scenario[] = [
  {
    name: 'profile page of a logged-in client (uncached)',
    path: '/pages/profile?tab=profil',
    budget: { p99Ms: 120 },
    prepare: async ({ baseURL }) => ({ headers: { cookie: await sessionCookie(baseURL) } }),
  },
  {
    // Issue 9: a public page stays the HTML cache's for a logged-in client (the header asks /api/session).
    name: 'product page for a logged-in client (HTML cache)',
    path: (ctx) => `/produs/${ctx.sampleProductSlug}`,
    prepare: async (ctx) => {
      await storeInHtmlCache(ctx.baseURL, `/produs/${ctx.sampleProductSlug}`);
      return { headers: { cookie: await sessionCookie(ctx.baseURL) } };
    },
  },
];
