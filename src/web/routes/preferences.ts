import { data, redirect } from 'react-router';
import { CURRENCY_COOKIE, LANG_COOKIE, preferencesFormSchema, sameSitePath } from '../../contracts/preferences';
import type { Route } from './+types/preferences';

const ONE_YEAR_S = 31_536_000;

function cookie(name: string, value: string): string {
  return `${name}=${value}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}

/** Language and display currency, kept in cookies so the server renders the shopper's choice. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = preferencesFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: 'Preferință necunoscută.' }, { status: 400 });
  const headers = new Headers();
  if (parsed.data.lang) headers.append('Set-Cookie', cookie(LANG_COOKIE, parsed.data.lang));
  if (parsed.data.currency) headers.append('Set-Cookie', cookie(CURRENCY_COOKIE, parsed.data.currency));
  return redirect(sameSitePath(parsed.data.back), { headers });
}

export function loader() {
  return redirect('/');
}
