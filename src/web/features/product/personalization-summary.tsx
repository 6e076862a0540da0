import type { PersonalizationSummaryItem } from '../../../contracts/personalization';
import { useT } from '../../i18n/i18n';

/** A cart line's personalisation: each filled input by its label, a picture as its thumbnail. */
export function PersonalizationSummary({ items }: { items: PersonalizationSummaryItem[] }) {
  const t = useT();
  return (
    <dl className="space-y-1 text-muted">
      {items.map((item) => (
        // On a phone the label goes above its value, so a long label never squeezes the text.
        <div key={item.name} className="sm:flex sm:gap-2">
          <dt className="sm:shrink-0">{item.label}:</dt>
          <dd className="min-w-0 break-words text-ink">
            {item.thumbnailUrl ? (
              <img
                src={item.thumbnailUrl}
                alt={t('personalization.summaryImage')}
                width={64}
                height={64}
                loading="lazy"
                className="h-16 w-16 shrink-0 rounded border border-line object-contain"
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
