import { PageLink } from './page-link';
import { CookieSettingsLink } from '../features/consent/cookie-banner';
import { type MessageKey, useT } from '../i18n/i18n';
import type { ShopContact } from '../../contracts/contact';
import { useRootData } from '../root-data';
import { useChromeHtml } from './chrome-html';
import { SocialLinks } from './social-links';

type FooterLink = [MessageKey, string];

/** Every static page route of SPEC §2, grouped the way shoppers look for them. */
const groups: { title: MessageKey; links: FooterLink[] }[] = [
  {
    title: 'footer.shop',
    links: [
      ['page.about', '/pages/about'],
      ['page.cases', '/pages/cazuri-umanitare'],
      ['page.blog', '/pages/blog'],
      ['page.coupons', '/pages/coupons'],
      ['page.ourStores', '/pages/magazinele-noastre'],
      ['page.partnerships', '/pages/parteneriate-libraria-crestina-maranatha'],
      ['page.contact', '/pages/contact'],
    ],
  },
  {
    title: 'footer.help',
    links: [
      ['page.howToBuy', '/pages/cum-cumpar'],
      ['page.international', '/pages/comenzi-externe'],
      ['page.returns', '/pages/retururi-colete'],
      ['page.terms', '/pages/termeni-si-conditii'],
      ['page.privacy', '/pages/confidentialitate'],
      ['page.cookies', '/pages/politica-cookies'],
    ],
  },
  {
    title: 'footer.delivery',
    links: [
      ['page.gls', '/pages/curier-rapid'],
      ['page.post', '/pages/posta-romana'],
      ['page.tabita', '/pages/tabita-tour'],
      ['page.atlassib', '/pages/atlassib'],
      ['page.postInternational', '/pages/posta-romana-international'],
      ['page.glsInternational', '/pages/curier-rapid-international-gls'],
    ],
  },
];

/** The inside of the footer: `chrome-html.server.tsx` keeps it as HTML on the server. */
export function FooterContent({ contact, year }: { contact: ShopContact; year: number }) {
  const t = useT();
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h2 className="font-serif text-lg font-bold text-white">{t('footer.about')}</h2>
          <p className="mt-2 text-sm leading-6">{t('footer.aboutText')}</p>
          <h2 className="mt-4 font-serif text-lg font-bold text-white">{t('footer.contact')}</h2>
          <address className="mt-2 space-y-1 text-sm not-italic">
            <p>
              {t('footer.email')}:{' '}
              <a className="underline" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </p>
            <p>
              {t('footer.phone')}:{' '}
              <a className="underline" href={`tel:${contact.phone.replace(/\s/g, '')}`}>
                {contact.phone}
              </a>
            </p>
            <p>
              {t('footer.address')}: {contact.address}
            </p>
          </address>
          <h2 className="mt-4 font-serif text-lg font-bold text-white">{t('footer.followUs')}</h2>
          <SocialLinks
            social={contact.social}
            listClassName="mt-2 flex gap-3"
            linkClassName="block rounded p-1 hover:text-white"
          />
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={t(group.title)}>
            <h2 className="font-serif text-lg font-bold text-white">{t(group.title)}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {group.links.map(([label, href]) => (
                <li key={href}>
                  <PageLink to={href} className="hover:underline">
                    {t(label)}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/20">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer.rights', { year: String(year) })}</p>
          <ul className="flex flex-wrap gap-4">
            <li>
              <CookieSettingsLink className="underline" />
            </li>
            <li>
              <a href="https://anpc.ro/ce-este-sal/" target="_blank" rel="noopener noreferrer" className="underline">
                {t('footer.anpcSal')}
              </a>
            </li>
          </ul>
          <p>{t('footer.dataSource')}</p>
        </div>
      </div>
    </>
  );
}

const FOOTER_CLASS = 'mt-12 bg-ink text-gray-100';

/**
 * The footer. The server writes its inside as kept HTML when it has it (decision 039): the same markup the
 * browser's render hydrates, made once per language and contact details instead of on every page.
 */
export function SiteFooter() {
  const { contact } = useRootData();
  const html = useChromeHtml()?.footer;
  if (html) return <footer className={FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <footer className={FOOTER_CLASS}>
      <FooterContent contact={contact} year={new Date().getFullYear()} />
    </footer>
  );
}
