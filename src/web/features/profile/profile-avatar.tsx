import { initialsOf } from '../../../contracts/profile';
import { useT } from '../../i18n/i18n';

/** The client's photo, or a disc with their initials (SPEC §2: the avatar comes from the name). */
export function ProfileAvatar({
  firstName,
  lastName,
  url,
  size = 'large',
}: {
  firstName: string;
  lastName: string;
  url: string | null;
  size?: 'large' | 'small';
}) {
  const t = useT();
  const box = size === 'large' ? 'size-24 text-3xl' : 'size-10 text-base';
  if (url) {
    return (
      <img
        src={url}
        alt={t('profile.avatar.alt')}
        width={256}
        height={256}
        className={`${box} shrink-0 rounded-full border border-line object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand font-serif font-bold text-white`}
    >
      {initialsOf(firstName, lastName)}
    </span>
  );
}
