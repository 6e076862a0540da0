import type { ShopContact } from '../../contracts/contact';
import { FacebookIcon, InstagramIcon, YoutubeIcon } from './icons';

/** The shop's three social networks (from configuration), as icon links opening in a new tab. */
export function SocialLinks({
  social,
  listClassName,
  linkClassName,
}: {
  social: ShopContact['social'];
  listClassName: string;
  linkClassName: string;
}) {
  const links = [
    { href: social.facebook, label: 'Facebook', icon: <FacebookIcon /> },
    { href: social.instagram, label: 'Instagram', icon: <InstagramIcon /> },
    { href: social.youtube, label: 'YouTube', icon: <YoutubeIcon /> },
  ];
  return (
    <ul className={listClassName}>
      {links.map((s) => (
        <li key={s.label}>
          <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} className={linkClassName}>
            {s.icon}
          </a>
        </li>
      ))}
    </ul>
  );
}
