import { catalogueRo } from './catalogue.ro';
import { commonRo } from './common.ro';

/** The Romanian catalogue (default): one file per area, merged here. */
export const ro = {
  ...commonRo,
  ...catalogueRo,
} as const;

export type MessageKey = keyof typeof ro;
