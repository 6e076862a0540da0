import { commonRo } from './common.ro';
import { contentRo } from './content.ro';

/** The Romanian catalogue (default): one file per area, merged here. */
export const ro = {
  ...commonRo,
  ...contentRo,
} as const;

export type MessageKey = keyof typeof ro;
