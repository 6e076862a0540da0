import type { SubmissionResult } from '@conform-to/react';
import type { CartIntent, CartLineView } from '../../../contracts/cart';

/**
 * What the cart action answers a JavaScript submission (a plain POST is redirected back instead): the new
 * count for the header, the line an add made or changed, or why it was refused (already translated).
 */
export type CartActionAnswer =
  | { ok: true; intent: CartIntent; count: number; line: CartLineView | null }
  | {
      ok: false;
      intent: CartIntent | null;
      message: string;
      result: SubmissionResult<string[]>;
      /** A refused personalisation: its inputs by label (texts translated), and the product page to go back to. */
      problems?: PersonalizationRefusal;
    };

export interface PersonalizationRefusal {
  backTo: string;
  fields: { label: string; message: string }[];
}
