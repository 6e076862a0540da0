/**
 * A Conform fieldset whose fields, and each field's properties, are read from Conform at most once: the first
 * read is kept and answered again for the rest of the render. The form's id is read once for all the fields, and a
 * field's `id`, `errorId` and `descriptionId` are made from it and the field's name, as Conform makes them, so a
 * field costs Conform only the reads of its name and of what else the render uses (its errors, its initial value).
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

/**
 * What Conform makes of the form's id (`getMetadata` in @conform-to/react): the form's id itself, and a field's ids
 * from it and the field's name. A Map, so that a key of every object (`toString`) is not taken for one of them.
 */
const fieldId = (formId: string, name: unknown) => (name ? `${formId}-${name}` : formId);
const FROM_FORM_ID = new Map<PropertyKey, (formId: string, name: () => unknown) => string>([
  ['formId', (formId) => formId],
  ['id', (formId, name) => fieldId(formId, name())],
  ['errorId', (formId, name) => `${fieldId(formId, name())}-error`],
  ['descriptionId', (formId, name) => `${fieldId(formId, name())}-description`],
]);

function fieldReadOnce(field: object, formIdOf: (field: object) => string): object {
  const once: { name?: unknown } = keptReads(field, (key, read) => {
    const fromFormId = FROM_FORM_ID.get(key);
    return fromFormId ? fromFormId(formIdOf(field), () => once.name) : read();
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
