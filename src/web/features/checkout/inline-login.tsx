import { Form, Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { inputClass } from '../addresses/address-fields';

/**
 * SPEC §2: a guest sees 'Client existent? Click aici pentru autentificare', which opens a login form in place
 * (a native disclosure). It posts to the login page, which comes back here; the cart joins the account's.
 */
export function InlineLogin() {
  const t = useT();
  return (
    <details className="rounded-lg border border-line bg-white p-4">
      <summary className="cursor-pointer font-semibold text-brand">{t('checkout.loginPrompt')}</summary>
      <Form
        discover="none"
        method="post"
        action="/pages/login?redirectTo=%2Fpages%2Fcheckout"
        className="mt-4 grid gap-3 sm:grid-cols-2"
      >
        <input type="hidden" name="redirectTo" value="/pages/checkout" />
        <div>
          <label htmlFor="checkout-login-email" className="text-sm font-semibold">
            {t('checkout.login.email')}
          </label>
          <input
            id="checkout-login-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="checkout-login-password" className="text-sm font-semibold">
            {t('checkout.login.password')}
          </label>
          <input
            id="checkout-login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={inputClass}
          />
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <button type="submit" className="rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('checkout.login.submit')}
          </button>
          <Link discover="none" to="/pages/forgot" className="text-sm text-brand underline">
            {t('checkout.login.forgot')}
          </Link>
        </div>
      </Form>
    </details>
  );
}
