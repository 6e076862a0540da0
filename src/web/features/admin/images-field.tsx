import type { FieldMetadata } from '@conform-to/react';
import { MEDIA_ACCEPT } from '../../../contracts/media';
import { useT } from '../../i18n/i18n';
import { FieldError } from '../account/account-form';
import { adminFieldClass } from './admin-form';

/**
 * A gallery in a staff form (a product's pictures, a case's photos): the pictures kept, each with a box to
 * remove it, and a file input for new ones. The form must be `encType="multipart/form-data"`; its schema
 * spreads `imagesFieldSchema.shape` (contracts/media.ts) and its service calls `services.media.gallery`.
 * Works without JavaScript: the kept pictures travel as hidden inputs.
 */
export function ImagesField({
  legend,
  images,
  field,
}: {
  legend: string;
  /** The pictures the record has now. */
  images: readonly string[];
  /** The form's `newImages` field (Conform), whose messages show under the file input. */
  field: FieldMetadata<unknown>;
}) {
  const t = useT();
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset className="rounded border border-line p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      {images.length === 0 ? (
        <p className="text-sm text-muted">{t('admin.images.none')}</p>
      ) : (
        <ul className="flex flex-wrap gap-4">
          {images.map((src, i) => (
            <li key={src} className="flex flex-col items-center gap-1 text-sm">
              <input type="hidden" name="images" value={src} />
              <img
                src={src}
                alt={t('admin.images.alt', { n: i + 1 })}
                width={80}
                height={120}
                className="h-30 w-20 rounded border border-line object-cover"
              />
              <label className="flex items-center gap-1">
                <input type="checkbox" name="removeImages" value={src} />
                {t('admin.images.remove')}
              </label>
            </li>
          ))}
        </ul>
      )}
      <label className="mt-3 block text-sm font-semibold">
        {t('admin.images.add')}
        <input
          type="file"
          name="newImages"
          accept={MEDIA_ACCEPT}
          multiple
          aria-describedby={invalid ? field.errorId : undefined}
          aria-invalid={invalid || undefined}
          className={adminFieldClass}
        />
      </label>
      <p className="mt-1 text-sm text-muted">{t('admin.images.hint')}</p>
      <FieldError field={field} />
    </fieldset>
  );
}
