import { commonRo } from './common.ro';

/** The Romanian catalogue (default): one file per area, merged here. */
export const ro = {
  ...commonRo,
} as const;

export type MessageKey = keyof typeof ro;
