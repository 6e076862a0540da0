import type { Breadcrumb } from '../../contracts/catalogue';
import { Breadcrumbs } from './breadcrumbs';

/** The band at the top of every content page: breadcrumbs, then the page's one h1. */
export function PageHeader({
  title,
  crumbs = [],
  current,
  children,
}: {
  title: string;
  crumbs?: Breadcrumb[];
  /** The breadcrumb's last item, when it differs from the title. */
  current?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="border-b border-line bg-white">
      <div className="mx-auto max-w-7xl px-4 py-6">
        <Breadcrumbs items={crumbs} current={current ?? title} />
        <h1 className="mt-3 font-serif text-3xl font-bold md:text-4xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
