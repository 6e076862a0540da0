import { Link } from 'react-router';
import { useCompareCount } from '../features/compare/use-compare-count';
import { SearchCombobox } from '../features/search/search-combobox';
import { useLanguage, useT } from '../i18n/i18n';
import { useRootData } from '../root-data';
import { CartIcon, CompareIcon, UserIcon } from './icons';
import { CurrencySelect, LanguageSwitch } from './preferences-forms';
import { formatNumber } from '../../contracts/money';

function CounterLink({ to, label, count, icon }: { to: string; label: string; count: number; icon: React.ReactNode }) {
  const t = useT();
  const lang = useLanguage();
  return (
    <Link to={to} className="relative flex items-center gap-1 rounded p-2 hover:bg-paper" title={label}>
      {icon}
      <span className="sr-only">
        {label}, {t('header.itemsCount', { count: formatNumber(count, lang) })}
      </span>
      <span
        aria-hidden="true"
        className="absolute -right-1 -top-1 min-w-5 rounded-full bg-brand px-1 text-center text-xs font-semibold leading-5 text-white"
      >
        {formatNumber(count, lang)}
      </span>
    </Link>
  );
}

export function SiteHeader() {
  const t = useT();
  const { menu, contact } = useRootData();
  const compareCount = useCompareCount();
  return (
    <header className="border-b border-line bg-white">
      <a
        href="#continut"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        {t('nav.skip')}
      </a>
      <div className="bg-brand-dark text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-1 text-sm">
          <a href={`tel:${contact.phone.replace(/\s/g, '')}`} className="hover:underline">
            {contact.phone}
          </a>
          <div className="flex items-center gap-4">
            <CurrencySelect />
            <LanguageSwitch />
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3">
        <Link to="/" className="flex min-w-0 flex-1 items-center gap-2 md:flex-none">
          <img src="/logo.svg" alt="" width="44" height="44" />
          <span className="font-serif text-base font-bold leading-tight text-brand sm:text-xl">{t('shop.name')}</span>
        </Link>
        <search className="order-last w-full md:order-none md:flex-1">
          <SearchCombobox />
        </search>
        <nav aria-label={t('header.account')} className="ml-auto flex items-center gap-1 sm:gap-2">
          <Link to="/pages/profile" className="flex items-center gap-1 rounded p-2 hover:bg-paper">
            <UserIcon />
            <span className="hidden lg:inline">{t('header.account')}</span>
            <span className="sr-only lg:hidden">{t('header.account')}</span>
          </Link>
          <CounterLink to="/pages/compare" label={t('header.compare')} count={compareCount} icon={<CompareIcon />} />
          <CounterLink to="/pages/cart" label={t('header.cart')} count={0} icon={<CartIcon />} />
        </nav>
      </div>
      <nav aria-label={t('nav.mainMenu')} className="border-t border-line">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 text-sm font-medium md:overflow-visible">
          <li>
            <Link to="/shop" className="block whitespace-nowrap px-3 py-2 hover:text-brand">
              {t('nav.shop')}
            </Link>
          </li>
          {menu.map((category) => (
            <li key={category.slug} className="group relative">
              <Link to={`/shop/${category.slug}`} className="block whitespace-nowrap px-3 py-2 hover:text-brand">
                {category.name}
              </Link>
              {category.children.length > 0 && (
                <ul className="invisible absolute left-0 top-full z-40 hidden min-w-56 rounded-b border border-line bg-white py-2 shadow-lg group-focus-within:visible group-hover:visible md:block">
                  {category.children.map((child) => (
                    <li key={child.slug}>
                      <Link to={`/shop/${child.slug}`} className="block px-4 py-1.5 hover:bg-paper hover:text-brand">
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          <li>
            <Link to="/pages/cazuri-umanitare" className="block whitespace-nowrap px-3 py-2 text-leaf hover:underline">
              {t('page.cases')}
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
