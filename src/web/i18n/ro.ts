import { catalogueRo } from './catalogue.ro';
import { commonRo } from './common.ro';
import { contentRo } from './content.ro';
import { validationRo } from './validation.ro';

/** The Romanian catalogue (default): one file per area, merged here. */
export const ro = {
  ...commonRo,
  ...catalogueRo,
  ...contentRo,
  ...validationRo,
} as const;

export type MessageKey = keyof typeof ro;
