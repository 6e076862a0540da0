import { useEffect } from 'react';
import { Form, useFetcher } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useHydrated } from '../../use-hydrated';
import { showToast } from '../../ui/toasts';
import type { ProfileActionData } from './action-data';
import { FormNotice } from './field-error';

const NOTIFICATIONS_FETCHER = 'profile-notifications';

/**
 * SPEC §2 Notificari: one switch. It is a submit button of a small form that sends the state it turns to,
 * so it works without JavaScript; in the browser it flips at once and a failure flips it back.
 */
export function NotificationsPanel({ on, last }: { on: boolean; last: ProfileActionData | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ProfileActionData>({ key: NOTIFICATIONS_FETCHER });
  const sending = fetcher.formData?.get('notifications');
  const checked = typeof sending === 'string' ? sending === 'on' : on;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one toast per answer
  useEffect(() => {
    if (!fetcher.data) return;
    showToast(
      fetcher.data.ok ? t('profile.notifications.saved') : t('profile.updateFailed'),
      fetcher.data.ok ? 'success' : 'error',
    );
  }, [fetcher.data]);

  return (
    <div className="space-y-4">
      {!hydrated && last?.intent === 'notifications' && (
        <FormNotice ok={last.ok} text={last.ok ? t('profile.notifications.saved') : t('profile.updateFailed')} />
      )}
      <Form
        discover="none"
        navigate={false}
        fetcherKey={NOTIFICATIONS_FETCHER}
        method="post"
        className="flex items-start gap-4"
      >
        <input type="hidden" name="intent" value="notifications" />
        <input type="hidden" name="notifications" value={checked ? 'off' : 'on'} />
        <button
          type="submit"
          role="switch"
          aria-checked={checked}
          aria-labelledby="notifications-label"
          aria-describedby="notifications-text"
          className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors ${
            checked ? 'border-leaf bg-leaf' : 'border-muted bg-white'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full shadow transition-transform ${
              checked ? 'translate-x-5 bg-white' : 'translate-x-0.5 bg-muted'
            }`}
          />
        </button>
        <div>
          <p id="notifications-label" className="font-semibold">
            {t('profile.notifications.label')}{' '}
            <span className="text-sm font-normal text-muted">
              ({checked ? t('profile.notifications.on') : t('profile.notifications.off')})
            </span>
          </p>
          <p id="notifications-text" className="mt-1 text-muted">
            {t('profile.notifications.text')}
          </p>
        </div>
      </Form>
    </div>
  );
}
