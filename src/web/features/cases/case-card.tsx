import { Link } from 'react-router';
import { casePath, excerpt, type HumanitarianCase } from '../../../contracts/cases';
import { useT } from '../../i18n/i18n';
import { LeiAmount } from './lei-amount';

export function DemoBadge() {
  const t = useT();
  return <span className="rounded bg-gold px-2 py-0.5 text-xs font-semibold text-white">{t('cases.demo')}</span>;
}

export function StatusBadge({ c }: { c: Pick<HumanitarianCase, 'status' | 'status_friendly_name'> }) {
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-semibold ${c.status === 'active' ? 'bg-leaf text-white' : 'bg-line text-ink'}`}
    >
      {c.status_friendly_name}
    </span>
  );
}

/** A case in the list: picture, status, title, beneficiary, the story cut at 250 characters, needed sum. */
export function CaseCard({ c, layout }: { c: HumanitarianCase; layout: 'grid' | 'list' }) {
  const t = useT();
  return (
    <article
      className={`relative flex h-full overflow-hidden rounded-lg border border-line bg-white shadow-sm ${layout === 'grid' ? 'flex-col' : 'flex-col sm:flex-row'}`}
    >
      <div className={`relative ${layout === 'list' ? 'sm:w-1/3 sm:shrink-0' : ''}`}>
        <img
          src={c.thumbnail}
          alt=""
          width={1200}
          height={800}
          loading="lazy"
          className="aspect-[3/2] h-full w-full object-cover"
        />
        <div className="absolute left-2 top-2 flex gap-1">
          <StatusBadge c={c} />
          {c.demo && <DemoBadge />}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-sm text-muted">{c.category.name}</p>
        <h3 className="mt-1 font-serif text-lg font-bold leading-snug">
          <Link discover="none" to={casePath(c)} className="hover:text-brand">
            {c.case_title}
          </Link>
        </h3>
        <p className="mt-1 text-sm font-semibold">
          {c.age === null ? c.beneficiary_name : t('cases.nameAge', { name: c.beneficiary_name, age: c.age })}
        </p>
        <p className="mt-2 text-sm text-muted">{excerpt(c.case_description)}</p>
        <dl className="mt-auto grid grid-cols-2 gap-2 pt-4 text-sm">
          <div>
            <dt className="text-muted">{t('cases.needed')}</dt>
            <dd className="font-bold text-brand">
              <LeiAmount money={c.necessary_sum} />
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('cases.daysLeft')}</dt>
            <dd className="font-bold">{c.remaining_days}</dd>
          </div>
        </dl>
        <p className="pt-3">
          <Link discover="none" to={casePath(c)} className="font-semibold text-brand hover:underline">
            {t('cases.seeMore')}
            <span className="sr-only">: {c.case_title}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}

export function CaseCardSkeleton() {
  return (
    <div aria-hidden="true" className="h-full animate-pulse overflow-hidden rounded-lg border border-line bg-white">
      <div className="aspect-[3/2] bg-line" />
      <div className="space-y-3 p-4">
        <div className="h-3 w-1/3 rounded bg-line" />
        <div className="h-5 w-5/6 rounded bg-line" />
        <div className="h-3 w-full rounded bg-line" />
        <div className="h-3 w-4/6 rounded bg-line" />
      </div>
    </div>
  );
}
