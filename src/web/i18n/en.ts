import { catalogueEn } from './catalogue.en';
import { commonEn } from './common.en';
import { contentEn } from './content.en';
import { validationEn } from './validation.en';
import type { MessageKey } from './ro';

/** The English catalogue: every Romanian key, by area. */
export const en: Record<MessageKey, string> = {
  ...commonEn,
  ...catalogueEn,
  ...contentEn,
  ...validationEn,
};
