import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CONSENT_PATH, type ConsentChoice } from '../../../contracts/consent';
import { COOKIE_POLICY_PATH } from '../../../contracts/static-pages';
import { useT } from '../../i18n/i18n';
import { useRootData } from '../../root-data';
import { useBackPath } from '../../ui/back-path';
import { usePageViews } from '../analytics/analytics';
import { OPEN_SETTINGS_EVENT, saveConsent, useConsent } from './consent';
import { consentButton as button } from './consent-button';

/** Shown only once the visitor opens "Settings" (or the footer's link): not part of the page's first load. */
const ConsentSettings = lazy(() => import('./consent-settings').then((m) => ({ default: m.ConsentSettings })));

/**
 * The cookie banner (DESIGN §7): shown until the visitor chooses; reopened in settings mode from the footer.
 * It is not modal: the page stays usable, and nothing non-essential runs before consent. The server renders
 * it for a visitor without the consent cookie (root data `consentChosen`, decision 027), so it is painted
 * with the page, not after hydration; until the browser has read the cookie, the first render follows the
 * server's answer, so hydration agrees. Without JavaScript its buttons post a plain form to the consent route
 * and "Settings" is a link to the cookie policy's settings; with it, nothing navigates.
 */
export function CookieBanner() {
  const t = useT();
  const { consentChosen } = useRootData();
  const consent = useConsent();
  const back = useBackPath();
  const [settings, setSettings] = useState(false);
  const [reopened, setReopened] = useState(false);
  const panel = useRef<HTMLElement>(null);
  usePageViews();

  useEffect(() => {
    const open = () => {
      setReopened(true);
      setSettings(true);
    };
    window.addEventListener(OPEN_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, open);
  }, []);

  const chosen = consent === undefined ? consentChosen : consent !== null;
  useEffect(() => {
    if (reopened) panel.current?.focus();
  }, [reopened]);

  if (chosen && !reopened) return null;
  const close = () => {
    setReopened(false);
    setSettings(false);
  };
  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    close();
  };
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby="cookie-banner-title"
      className="pointer-events-auto border-t-4 border-gold bg-white shadow-2xl"
    >
      <div className="mx-auto max-w-7xl px-4 py-4">
        <h2 id="cookie-banner-title" className="font-serif text-lg font-bold">
          {t('consent.title')}
        </h2>
        <p className="mt-1 max-w-3xl text-sm">
          {t('consent.text')}{' '}
          <Link discover="none" to={COOKIE_POLICY_PATH} className="text-brand underline">
            {t('consent.policy')}
          </Link>
        </p>
        {settings ? (
          <div className="mt-3">
            <Suspense fallback={null}>
              <ConsentSettings current={consent ?? null} back={back} onSaved={close} />
            </Suspense>
          </div>
        ) : (
          <form method="post" action={CONSENT_PATH} className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="back" value={back} />
            <button
              type="submit"
              name="choice"
              value="necessary"
              onClick={(e) => {
                e.preventDefault();
                choose('necessary');
              }}
              className={`${button} border border-brand text-brand hover:bg-paper`}
            >
              {t('consent.necessaryOnly')}
            </button>
            <button
              type="submit"
              name="choice"
              value="analytics"
              onClick={(e) => {
                e.preventDefault();
                choose('analytics');
              }}
              className={`${button} bg-brand text-white hover:bg-brand-dark`}
            >
              {t('consent.acceptAnalytics')}
            </button>
            <Link
              discover="none"
              to={`${COOKIE_POLICY_PATH}#setari`}
              onClick={(e) => {
                e.preventDefault();
                setSettings(true);
              }}
              className={`${button} text-brand underline`}
            >
              {t('consent.settings')}
            </Link>
          </form>
        )}
      </div>
    </section>
  );
}

/** The footer's "Cookie settings": a link to the cookie policy that, with JavaScript, reopens the banner. */
export function CookieSettingsLink({ className }: { className: string }) {
  const t = useT();
  // A plain anchor, not a router link: the footer it sits in is rendered apart on the server (decision 039).
  return (
    <a
      href={`${COOKIE_POLICY_PATH}#setari`}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
      }}
    >
      {t('consent.footerLink')}
    </a>
  );
}
