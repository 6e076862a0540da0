import type { Scenario } from '../scenario';

const client = { email: 'bench.login@example.ro', password: 'parola-de-bench' };

/**
 * Issue 9: login p99 ≤ 300 ms at 10 connections. Each login verifies an argon2id hash (19 MiB, t=2,
 * about 24 ms of one core), so the figure measures mostly that; successful logins are not rate-limited.
 */
export const accountScenarios: Scenario[] = [
  {
    name: 'login (POST /api/auth/login, argon2id)',
    path: '/api/auth/login',
    budget: { p99Ms: 300 },
    async prepare({ baseURL }) {
      const res = await fetch(`${baseURL}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...client,
          first_name: 'Bench',
          last_name: 'Login',
          phone: '0744 000 000',
          password_confirmation: client.password,
          terms: true,
        }),
      });
      // 409: a previous scenario run on the same database made it already.
      if (res.status !== 201 && res.status !== 409) throw new Error(`register for the login bench: ${res.status}`);
      return { method: 'POST', body: JSON.stringify(client), headers: { 'content-type': 'application/json' } };
    },
  },
];
