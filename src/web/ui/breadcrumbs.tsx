import { PageLink } from './page-link';
import type { Breadcrumb } from '../../contracts/catalogue';
import { useT } from '../i18n/i18n';

export function Breadcrumbs({ items, current }: { items: Breadcrumb[]; current: string }) {
  const t = useT();
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <PageLink to="/" className="hover:underline">
            {t('nav.home')}
          </PageLink>
        </li>
        {items.map((item) => (
          <li key={item.href} className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            <PageLink to={item.href} className="hover:underline">
              {item.name}
            </PageLink>
          </li>
        ))}
        <li className="flex items-center gap-1">
          <span aria-hidden="true">›</span>
          <span aria-current="page" className="text-ink">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}
