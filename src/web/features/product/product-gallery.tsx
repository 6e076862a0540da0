import { useState } from 'react';
import { useT } from '../../i18n/i18n';

/** Main image plus thumbnails; the first image is the page's LCP, so it loads eagerly. */
export function ProductGallery({ title, images }: { title: string; images: string[] }) {
  const t = useT();
  const [active, setActive] = useState(0);
  return (
    <section aria-label={t('product.gallery')}>
      <img
        src={images[active]}
        alt={t('product.imageAlt', { title, n: active + 1 })}
        width={400}
        height={600}
        fetchPriority="high"
        className="mx-auto aspect-[2/3] w-full max-w-xs rounded-lg sm:max-w-md border border-line object-cover shadow"
      />
      {images.length > 1 && (
        <ul className="mt-4 flex justify-center gap-3">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setActive(i)}
                aria-label={t('product.showImage', { n: i + 1 })}
                aria-pressed={i === active}
                className="rounded border-2 border-transparent aria-pressed:border-brand"
              >
                <img
                  src={src}
                  alt=""
                  width={64}
                  height={96}
                  loading="lazy"
                  className="h-24 w-16 rounded object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
