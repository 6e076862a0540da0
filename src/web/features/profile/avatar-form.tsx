import { Form } from 'react-router';
import { AVATAR_TYPES, type AvatarOutcome } from '../../../contracts/profile';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { FormNotice } from './field-error';

const refusal = { type: 'validation.profile.avatarType', size: 'validation.profile.avatarSize' } as const;

/**
 * The photo upload: a plain multipart form to its own action (`/pages/profile/avatar`, whose body limit is
 * raised for the photo), so it works without JavaScript; the server checks what the bytes are.
 */
export function AvatarForm({ hasAvatar, outcome }: { hasAvatar: boolean; outcome: AvatarOutcome | null }) {
  const t = useT();
  return (
    <div className="space-y-2">
      {outcome === 'saved' && <FormNotice ok text={t('profile.avatar.saved')} />}
      {outcome === 'removed' && <FormNotice ok text={t('profile.avatar.removed')} />}
      {(outcome === 'type' || outcome === 'size') && (
        <FormNotice ok={false} text={translateMessage(t, refusal[outcome])} />
      )}
      <Form
        discover="none"
        method="post"
        action="/pages/profile/avatar"
        encType="multipart/form-data"
        className="flex flex-wrap items-end gap-2"
      >
        <div>
          <label htmlFor="profile-avatar" className="block text-sm font-semibold">
            {t('profile.avatar.label')}
          </label>
          <input
            id="profile-avatar"
            name="avatar"
            type="file"
            required
            accept={AVATAR_TYPES.join(',')}
            className="mt-1 block max-w-full text-sm file:mr-3 file:rounded file:border file:border-line file:bg-white file:px-3 file:py-1.5"
          />
        </div>
        <button
          type="submit"
          name="intent"
          value="upload"
          className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand/5"
        >
          {t('profile.avatar.upload')}
        </button>
      </Form>
      {hasAvatar && (
        <Form discover="none" method="post" action="/pages/profile/avatar" encType="multipart/form-data">
          <button type="submit" name="intent" value="remove" className="text-sm text-brand underline">
            {t('profile.avatar.remove')}
          </button>
        </Form>
      )}
    </div>
  );
}
