/**
 * A Conform fieldset whose fields, and each field's properties, are read from Conform at most once: the first
 * read is kept and answered again for the rest of the render. A field's `id`, `errorId` and `descriptionId` are
 * made from its name and the form's id, as Conform makes them, so a field costs Conform only the reads of its
 * name and of what else the render uses (its errors, its initial value).
 *
 * Conform answers every read of `fields.x` with a new proxy, and every read of one of its properties by building
 * the field's whole metadata again (a proxy, its getters) and adding the read to the render's subscriptions (a
 * copy of a growing list). The checkout renders two address fieldsets that read each field's id, name and errors
 * several times (label, input, hint, error line): Conform was a sixth of the checkout page's render
 * (bench/profile.ts, docs/PERFORMANCE.md).
 *
 * Make one per render, in the component's body: a kept value is the render's, so a later render needs a new one.
 * Only what is read is read, so the render subscribes to what it uses, as with Conform's own objects.
 */
export function fieldsReadOnce<Fields extends object>(fields: Fields): Fields {
  let formId: string | undefined;
  // Every field of one fieldset belongs to one form.
  const formIdOf = (field: object) => {
    formId ??= String(Reflect.get(field, 'formId'));
    return formId;
  };
  return keptReads(fields, (_key, read) => {
    const field = read();
    return field !== null && typeof field === 'object' ? fieldReadOnce(field, formIdOf) : field;
  });
}

/** Conform's ids of a field (`getMetadata` in @conform-to/react). */
const IDS: Record<string, (id: string) => string> = {
  id: (id) => id,
  errorId: (id) => `${id}-error`,
  descriptionId: (id) => `${id}-description`,
};

function fieldReadOnce(field: object, formIdOf: (field: object) => string): object {
  const once: { name?: unknown } = keptReads(field, (key, read) => {
    const idOf = typeof key === 'string' ? IDS[key] : undefined;
    if (!idOf) return read();
    const formId = formIdOf(field);
    return idOf(once.name ? `${formId}-${once.name}` : formId);
  });
  return once;
}

/** `target` with each property read at most once, through `keep` (given the key and a function that reads it). */
function keptReads<T extends object>(target: T, keep: (key: PropertyKey, read: () => unknown) => unknown): T {
  const kept = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(object, key) {
      if (kept.has(key)) return kept.get(key);
      const value = keep(key, () => Reflect.get(object, key));
      kept.set(key, value);
      return value;
    },
  });
}
