import { useState } from 'react';
import { useT } from '../i18n/i18n';

/**
 * One image at a time with previous/next buttons that wrap around (after the last comes the first).
 * Without JavaScript the first image shows. The counter is announced politely to screen readers.
 */
export function ImageCarousel({
  images,
  alt,
  eager = false,
}: {
  images: string[];
  /** Text alternative of image n (1-based). */
  alt: (n: number) => string;
  eager?: boolean;
}) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (step: number) => setIndex((i) => (((i + step) % count) + count) % count);
  return (
    <figure aria-roledescription="carousel" aria-label={t('carousel.label')} className="relative">
      <img
        src={images[index]}
        alt={alt(index + 1)}
        width={1200}
        height={800}
        loading={eager ? 'eager' : 'lazy'}
        className="aspect-[3/2] w-full rounded-lg object-cover"
      />
      {count > 1 && (
        <div className="mt-2 flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={() => go(-1)}
            className="rounded border border-line bg-white px-3 py-1.5 text-sm hover:border-brand"
          >
            <span aria-hidden="true">‹ </span>
            {t('carousel.previous')}
          </button>
          <figcaption aria-live="polite" className="text-sm text-muted">
            {t('carousel.position', { n: index + 1, count })}
          </figcaption>
          <button
            type="button"
            onClick={() => go(1)}
            className="rounded border border-line bg-white px-3 py-1.5 text-sm hover:border-brand"
          >
            {t('carousel.next')}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
    </figure>
  );
}
