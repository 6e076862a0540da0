import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ConsentChoice } from '../../../contracts/consent';
import { COOKIE_POLICY_PATH } from '../../../contracts/static-pages';
import { useT } from '../../i18n/i18n';
import { usePageViews } from '../analytics/analytics';
import { OPEN_SETTINGS_EVENT, saveConsent, useConsent } from './consent';

const button = 'rounded px-4 py-2 text-sm font-semibold';

/** The analytics choice as a checkbox and a save button; used in the banner and on the cookie policy page. */
export function ConsentSettings({ current, onSaved }: { current: ConsentChoice | null; onSaved?: () => void }) {
  const t = useT();
  const id = useId();
  const [analytics, setAnalytics] = useState(current === 'analytics');
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        saveConsent(analytics ? 'analytics' : 'necessary');
        onSaved?.();
      }}
    >
      <div className="flex items-start gap-2">
        <input id={`${id}-necessary`} type="checkbox" checked disabled className="mt-1 size-4" />
        <label htmlFor={`${id}-necessary`}>
          <span className="font-semibold">{t('consent.necessary')}</span>
          <span className="block text-sm text-muted">{t('consent.necessaryText')}</span>
        </label>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={`${id}-analytics`}
          type="checkbox"
          checked={analytics}
          onChange={(e) => setAnalytics(e.currentTarget.checked)}
          className="mt-1 size-4 accent-brand"
        />
        <label htmlFor={`${id}-analytics`}>
          <span className="font-semibold">{t('consent.analytics')}</span>
          <span className="block text-sm text-muted">{t('consent.analyticsText')}</span>
        </label>
      </div>
      <button type="submit" className={`${button} bg-brand text-white hover:bg-brand-dark`}>
        {t('consent.save')}
      </button>
    </form>
  );
}

/**
 * The cookie banner (DESIGN §7): shown in the browser until the visitor chooses; reopened in settings mode
 * from the footer. It is not modal: the page stays usable, and nothing non-essential runs before consent.
 */
export function CookieBanner() {
  const t = useT();
  const consent = useConsent();
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

  const visible = consent === null || reopened;
  useEffect(() => {
    if (reopened) panel.current?.focus();
  }, [reopened]);

  if (consent === undefined || !visible) return null;
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
          <Link to={COOKIE_POLICY_PATH} className="text-brand underline">
            {t('consent.policy')}
          </Link>
        </p>
        {settings ? (
          <div className="mt-3">
            <ConsentSettings current={consent} onSaved={close} />
          </div>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => choose('necessary')}
              className={`${button} border border-brand text-brand hover:bg-paper`}
            >
              {t('consent.necessaryOnly')}
            </button>
            <button
              type="button"
              onClick={() => choose('analytics')}
              className={`${button} bg-brand text-white hover:bg-brand-dark`}
            >
              {t('consent.acceptAnalytics')}
            </button>
            <button type="button" onClick={() => setSettings(true)} className={`${button} text-brand underline`}>
              {t('consent.settings')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

/** The footer's "Cookie settings": a link to the cookie policy that, with JavaScript, reopens the banner. */
export function CookieSettingsLink({ className }: { className: string }) {
  const t = useT();
  return (
    <Link
      to={`${COOKIE_POLICY_PATH}#setari`}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
      }}
    >
      {t('consent.footerLink')}
    </Link>
  );
}
