import { AppError, type FieldErrors, isAppError } from '../../contracts/errors';
import {
  checkPersonalization,
  entriesAsValues,
  type PersonalizationEntries,
  type PersonalizationValues,
  personalizationField,
  personalizationInputs,
} from '../../contracts/personalization';
import type { CartOwner, CartService } from '../cart/cart-service';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { Logger } from '../logger';
import type { UploadService } from '../uploads/upload-service';

export interface AddPersonalisedInput {
  productId: number;
  quantity: number;
  /** Text values, upload ids (API, or the page with JavaScript) or pictures (the page without). */
  personalization?: PersonalizationEntries;
}

/** How often the pictures no cart line uses are looked for (they go after 90 days). */
const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The one way into the cart for every add (issue 10 item 3): the product page's form with or without
 * JavaScript and `POST /api/cart/lines`. It checks the personalisation against the product's form before
 * anything is written (a missing engraving is named on its field), makes sure each picture it refers to
 * exists, stores the pictures sent as files, and hands the values to `cart.addLine`; when the add fails
 * after that, the pictures it stored are removed again.
 */
export function createPersonalizationService(
  deps: { cart: CartService; catalogue: CatalogueService; uploads: UploadService },
  log: Logger,
) {
  const { cart, catalogue, uploads } = deps;
  let timer: NodeJS.Timeout | null = null;

  const refuse = (fields: FieldErrors) =>
    new AppError('VALIDATION', { fields, messageKey: 'validation.cart.personalizationRequired' });

  async function sweep(now?: number): Promise<number> {
    return uploads.sweep(async () => new Set(await cart.referencedUploadIds()), now);
  }

  return {
    async addToCart(owner: CartOwner, input: AddPersonalisedInput) {
      const entries = input.personalization ?? {};
      if (Object.keys(entries).length === 0)
        return cart.addLine(owner, { productId: input.productId, quantity: input.quantity });
      const product = await catalogue.productById(input.productId, 'ro');
      const form = product.hasPersonalization ? product.personalizationForm : null;
      const problems = checkPersonalization(form, product.personalizationRequired, entriesAsValues(entries));
      if (Object.keys(problems).length > 0) throw refuse(problems);

      const values: PersonalizationValues = {};
      const files: [string, Blob][] = [];
      for (const [name, entry] of Object.entries(entries)) {
        if (typeof entry === 'string') values[name] = entry;
        else if (entry.size > 0) files.push([name, entry]);
      }
      for (const input of personalizationInputs(form)) {
        const id = values[input.name]?.trim();
        if (input.type === 'image' && id && !(await uploads.exists(id)))
          throw refuse({ [personalizationField(input.name)]: 'validation.personalization.image' });
      }

      const stored: string[] = [];
      try {
        for (const [name, file] of files) {
          try {
            values[name] = (await uploads.store(new Uint8Array(await file.arrayBuffer()))).id;
          } catch (err) {
            // The picture's own refusal (type, size), filed under the input it was sent for.
            const message = isAppError(err) ? err.fields?.file : undefined;
            if (!isAppError(err) || !message) throw err;
            throw new AppError(err.code, { fields: { [personalizationField(name)]: message } });
          }
          stored.push(values[name] as string);
        }
        return await cart.addLine(owner, {
          productId: input.productId,
          quantity: input.quantity,
          personalization: values,
        });
      } catch (err) {
        await uploads
          .remove(stored)
          .catch((removeErr: unknown) => log.warn({ err: removeErr }, 'could not remove pictures of a failed add'));
        throw err;
      }
    },

    /** Removes pictures older than 90 days that no cart line uses; returns how many went. */
    sweep,

    /** Sweeps every few hours until stopSweep(); failures are logged, never thrown. */
    startSweep(intervalMs = SWEEP_INTERVAL_MS): void {
      const run = () => void sweep().catch((err: unknown) => log.error({ err }, 'picture sweep failed'));
      timer ??= setInterval(run, intervalMs);
      timer.unref();
      setImmediate(run);
    },

    stopSweep(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type PersonalizationService = ReturnType<typeof createPersonalizationService>;
