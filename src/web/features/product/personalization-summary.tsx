import type { PersonalizationSummaryItem } from '../../../contracts/personalization';
import { useT } from '../../i18n/i18n';

/** A cart line's personalisation: each filled input by its label, a picture as its thumbnail. */
export function PersonalizationSummary({ items }: { items: PersonalizationSummaryItem[] }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-muted">
      {items.map((item) => (
        <div key={item.name} className="contents">
          <dt>{item.label}:</dt>
          <dd className="min-w-0 break-words text-ink">
            {item.thumbnailUrl ? (
              <img
                src={item.thumbnailUrl}
                alt={t('personalization.summaryImage')}
                width={64}
                height={64}
                loading="lazy"
                className="h-16 w-16 rounded border border-line object-contain"
              />
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
