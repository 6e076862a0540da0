import { useId, useState } from 'react';
import { CONSENT_PATH, type ConsentChoice } from '../../../contracts/consent';
import { useT } from '../../i18n/i18n';
import { consentButton as button } from './consent-button';
import { saveConsent } from './consent';

/**
 * The analytics choice as a checkbox and a save button; used in the banner and on the cookie policy page.
 * Without JavaScript it is a plain form posting `choice=settings` and the checkbox to the consent route,
 * which sends the visitor to `back`; with it, the browser writes the cookie and nothing navigates.
 */
export function ConsentSettings({
  current,
  back,
  onSaved,
}: {
  current: ConsentChoice | null;
  back: string;
  onSaved?: () => void;
}) {
  const t = useT();
  const id = useId();
  const [analytics, setAnalytics] = useState(current === 'analytics');
  return (
    <form
      method="post"
      action={CONSENT_PATH}
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        saveConsent(analytics ? 'analytics' : 'necessary');
        onSaved?.();
      }}
    >
      <input type="hidden" name="back" value={back} />
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
          name="analytics"
          checked={analytics}
          onChange={(e) => setAnalytics(e.currentTarget.checked)}
          className="mt-1 size-4 accent-brand"
        />
        <label htmlFor={`${id}-analytics`}>
          <span className="font-semibold">{t('consent.analytics')}</span>
          <span className="block text-sm text-muted">{t('consent.analyticsText')}</span>
        </label>
      </div>
      <button
        type="submit"
        name="choice"
        value="settings"
        className={`${button} bg-brand text-white hover:bg-brand-dark`}
      >
        {t('consent.save')}
      </button>
    </form>
  );
}
