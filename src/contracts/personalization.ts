import { z } from 'zod';
import type { FieldErrors } from './errors';
import type { Bani } from './money';
import { UPLOAD_ID_PATTERN, uploadUrls } from './uploads';
import { isPlainLine, isPlainText } from './validation';

/**
 * SPEC §3 `personalization_form` of a product (sections > rows > columns > inputs) and the values a
 * shopper gives it. One copy of the rules for the product page, the cart action and the JSON API.
 */

export const PERSONALIZATION_INPUT_TYPES = ['text', 'textarea', 'image', 'select'] as const;
export type PersonalizationInputType = (typeof PERSONALIZATION_INPUT_TYPES)[number];

/** One input of the form, as stored in `products.personalization_form`. */
export interface PersonalizationInput {
  name: string;
  label: string;
  type: PersonalizationInputType;
  /** The preset value: a select's preselected option; '' for the others. */
  value: string;
  /** Extra cost in bani when the input is filled in. */
  additionalCost: Bani;
  /** Must be filled in when the product is personalised (always, when the product requires it). */
  required: boolean;
  maxLength?: number;
  options?: string[];
  /** Example pictures shown next to the input. */
  images?: string[];
}
export interface PersonalizationForm {
  sections: { title: string; rows: { columns: { inputs: PersonalizationInput[] }[] }[] }[];
}

/** Bounds of what a shopper may send (the stored form is staff input and may be stricter). */
export const MAX_PERSONALIZATION_INPUTS = 20;
export const MAX_PERSONALIZATION_VALUE_LENGTH = 1000;
/** Input names: what a form field may be called, and what `personalization.<name>` names in field errors. */
export const PERSONALIZATION_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export const personalizationInputSchema = z.object({
  name: z.string().regex(PERSONALIZATION_NAME_PATTERN),
  label: z.string(),
  type: z.enum(PERSONALIZATION_INPUT_TYPES),
  value: z.string(),
  additionalCost: z.number().int().nonnegative(),
  required: z.boolean(),
  maxLength: z.number().int().positive().optional(),
  options: z.array(z.string()).optional(),
  images: z.array(z.string()).optional(),
}) satisfies z.ZodType<PersonalizationInput>;

export const personalizationFormSchema = z.object({
  sections: z.array(
    z.object({
      title: z.string(),
      rows: z.array(z.object({ columns: z.array(z.object({ inputs: z.array(personalizationInputSchema) })) })),
    }),
  ),
}) satisfies z.ZodType<PersonalizationForm>;

/** Input name → value; an image input's value is the id of a stored upload. */
export type PersonalizationValues = Record<string, string>;

/**
 * What a shopper may send as personalisation values, before the product's form is known: bounded
 * names, counts and lengths, no control characters (line breaks only, for a textarea).
 */
export const personalizationValuesSchema = z
  .record(
    z.string().regex(PERSONALIZATION_NAME_PATTERN, 'validation.personalization.name'),
    z
      .string()
      .max(MAX_PERSONALIZATION_VALUE_LENGTH, 'validation.personalization.tooLong')
      .refine(isPlainText, 'validation.controlCharacters'),
  )
  .refine((values) => Object.keys(values).length <= MAX_PERSONALIZATION_INPUTS, 'validation.personalization.count');

/** Where the message about an input is filed in field errors (a body's `personalization` object). */
export function personalizationField(name: string): string {
  return `personalization.${name}`;
}

/** Every input of a form, in reading order (sections, rows, columns). */
export function personalizationInputs(form: PersonalizationForm | null | undefined): PersonalizationInput[] {
  if (!form) return [];
  return form.sections.flatMap((s) => s.rows.flatMap((r) => r.columns.flatMap((c) => c.inputs)));
}

function filled(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

/**
 * The values worth keeping: trimmed, empty ones left out, and nothing at all when the product does not
 * require a personalisation and the shopper changed no input from its preset (a select left on its
 * preselected option is not a personalisation), so an optional engraving costs nothing until asked for.
 * Unknown names are dropped here; `checkPersonalization` reports them.
 */
export function normalizePersonalization(
  form: PersonalizationForm | null | undefined,
  required: boolean,
  values: PersonalizationValues,
): PersonalizationValues {
  const inputs = personalizationInputs(form);
  const kept: PersonalizationValues = {};
  for (const input of inputs) {
    const value = values[input.name];
    if (filled(value)) kept[input.name] = value.trim();
  }
  const chosen = inputs.some((i) => kept[i.name] !== undefined && kept[i.name] !== i.value.trim());
  return required || chosen ? kept : {};
}

/**
 * SPEC §3 "personalization_required": the field messages (message keys, filed under
 * `personalization.<name>`) for the values a shopper sent. Empty when they can be added to the cart.
 * - a required input is missing when the product requires personalisation or the shopper began one;
 * - names the form does not have, text over the input's maxLength, an option not offered, a line break
 *   in a one-line input, an image value that is not an upload id are refused.
 */
export function checkPersonalization(
  form: PersonalizationForm | null | undefined,
  required: boolean,
  values: PersonalizationValues,
): FieldErrors {
  const fields: FieldErrors = {};
  const inputs = personalizationInputs(form);
  const byName = new Map(inputs.map((i) => [i.name, i]));
  for (const name of Object.keys(values)) {
    if (!byName.has(name) && filled(values[name]))
      fields[personalizationField(name)] = 'validation.personalization.unknown';
  }
  const kept = normalizePersonalization(form, required, values);
  const engaged = required || Object.keys(kept).length > 0;
  for (const input of inputs) {
    const key = personalizationField(input.name);
    const raw = values[input.name];
    if (!filled(raw)) {
      if (engaged && input.required) fields[key] = 'validation.personalization.required';
      continue;
    }
    const value = raw.trim();
    if (value.length > (input.maxLength ?? MAX_PERSONALIZATION_VALUE_LENGTH))
      fields[key] = 'validation.personalization.tooLong';
    else if (input.type === 'textarea' ? !isPlainText(value) : !isPlainLine(value))
      fields[key] = 'validation.controlCharacters';
    else if (input.type === 'select' && !(input.options ?? []).includes(value))
      fields[key] = 'validation.personalization.option';
    else if (input.type === 'image' && !UPLOAD_ID_PATTERN.test(value)) fields[key] = 'validation.personalization.image';
  }
  return fields;
}

/**
 * SPEC §3: the personalisation price of one unit is the sum of the additional costs of the inputs that
 * are filled in (the item price is the product's price plus it). Give it normalised values, so an
 * optional engraving left alone costs nothing.
 */
export function personalizationPrice(
  form: PersonalizationForm | null | undefined,
  values: PersonalizationValues,
): Bani {
  let price = 0;
  for (const input of personalizationInputs(form)) {
    if (filled(values[input.name])) price += input.additionalCost;
  }
  return price;
}

/**
 * A canonical text of the values, the same whatever order they come in ('' for none): two cart lines
 * of one product are the same line exactly when their keys are equal. Empty values do not count.
 */
export function personalizationKey(values: PersonalizationValues): string {
  const entries = Object.entries(values)
    .filter(([, v]) => v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? '' : JSON.stringify(entries);
}

/** The image inputs' values: the upload ids a set of values refers to. */
export function personalizationUploadIds(
  form: PersonalizationForm | null | undefined,
  values: PersonalizationValues,
): string[] {
  return personalizationInputs(form)
    .filter((i) => i.type === 'image' && filled(values[i.name]))
    .map((i) => (values[i.name] as string).trim());
}

/**
 * What the product page's form sends for one input: text, or for an image input either the id of a
 * picture already uploaded (with JavaScript) or the picture itself (a plain multipart post, without).
 */
export type PersonalizationEntry = string | Blob;
export type PersonalizationEntries = Record<string, PersonalizationEntry>;

/** Stands for a picture not stored yet, so the rules can be checked before anything is written. */
const PENDING_UPLOAD_ID = 'pending_upload_0000000';

/** The entries as values for the rules: a picture sent as a file counts as filled in. */
export function entriesAsValues(entries: PersonalizationEntries): PersonalizationValues {
  const values: PersonalizationValues = {};
  for (const [name, entry] of Object.entries(entries)) {
    values[name] = typeof entry === 'string' ? entry : entry.size > 0 ? PENDING_UPLOAD_ID : '';
  }
  return values;
}

/**
 * The `personalization` part of the add-to-cart form of one product (Conform in the page, the same
 * schema in the cart action): one optional field per input, checked with `checkPersonalization`, so a
 * missing engraving is named on its own field in the browser and by the server alike.
 */
export function personalizationEntriesSchema(form: PersonalizationForm | null | undefined, required: boolean) {
  const shape: Record<string, z.ZodType<PersonalizationEntry | undefined>> = {};
  for (const input of personalizationInputs(form)) {
    shape[input.name] =
      input.type === 'image' ? z.union([z.string(), z.instanceof(Blob)]).optional() : z.string().optional();
  }
  return z
    .object(shape)
    .default({})
    .superRefine((entries, ctx) => {
      const present = Object.fromEntries(
        Object.entries(entries).filter((e): e is [string, PersonalizationEntry] => e[1] !== undefined),
      );
      const fields = checkPersonalization(form, required, entriesAsValues(present));
      for (const [key, message] of Object.entries(fields)) {
        ctx.addIssue({ code: 'custom', path: [key.slice('personalization.'.length)], message });
      }
    });
}

/** One filled input of a cart line, as the cart page and the order show it. */
export interface PersonalizationSummaryItem {
  name: string;
  label: string;
  type: PersonalizationInputType;
  /** The text or option; for a picture its upload id. */
  value: string;
  /** A picture's thumbnail; null for text. */
  thumbnailUrl: string | null;
  additionalCost: Bani;
}

export const personalizationSummarySchema = z.array(
  z.object({
    name: z.string(),
    label: z.string(),
    type: z.enum(PERSONALIZATION_INPUT_TYPES),
    value: z.string(),
    thumbnailUrl: z.string().nullable(),
    additionalCost: z.number().int(),
  }),
) satisfies z.ZodType<PersonalizationSummaryItem[]>;

/** The filled inputs of a line in the form's order, with their labels, thumbnails and costs. */
export function personalizationSummary(
  form: PersonalizationForm | null | undefined,
  values: PersonalizationValues | null | undefined,
): PersonalizationSummaryItem[] {
  if (!values) return [];
  return personalizationInputs(form)
    .filter((input) => filled(values[input.name]))
    .map((input) => {
      const value = values[input.name] as string;
      return {
        name: input.name,
        label: input.label,
        type: input.type,
        value,
        thumbnailUrl: input.type === 'image' ? uploadUrls(value).thumbnailUrl : null,
        additionalCost: input.additionalCost,
      };
    });
}

/**
 * The `personalization` fields of a posted add-to-cart form before the product is known (the cart action):
 * bounded names, count and text; pictures as files. The product's own rules are `checkPersonalization`'s,
 * applied by the one add path.
 */
export const personalizationFormEntriesSchema = z
  .record(
    z.string().regex(PERSONALIZATION_NAME_PATTERN, 'validation.personalization.name'),
    z.union([
      z
        .string()
        .max(MAX_PERSONALIZATION_VALUE_LENGTH, 'validation.personalization.tooLong')
        .refine(isPlainText, 'validation.controlCharacters'),
      z.instanceof(Blob),
    ]),
  )
  .refine((entries) => Object.keys(entries).length <= MAX_PERSONALIZATION_INPUTS, 'validation.personalization.count');

/** The refused inputs of a form with their labels, in the form's order (a refusal shown away from the form). */
export function personalizationProblems(
  form: PersonalizationForm | null | undefined,
  fields: FieldErrors,
): { label: string; message: string }[] {
  return personalizationInputs(form)
    .filter((input) => fields[personalizationField(input.name)] !== undefined)
    .map((input) => ({ label: input.label, message: fields[personalizationField(input.name)] as string }));
}
