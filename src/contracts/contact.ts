import { z } from 'zod';
import { isPlainText, isValidEmail, isValidPhone } from './validation';

/** The shop's public contact details, from configuration (never hard-coded in pages). */
export interface ShopContact {
  email: string;
  phone: string;
  phone2: string;
  address: string;
  /** A map of the address (SHOP_MAPS_URL, or a map search for SHOP_ADDRESS). */
  mapsUrl: string;
  social: { facebook: string; instagram: string; youtube: string };
}

/** The name of the hidden field bots fill in and people never see (the contact form's honeypot). */
export const HONEYPOT_FIELD = 'website';

/**
 * The "Trimite un mesaj" form, validated the same way in the browser and in the page action.
 * Empty fields arrive as undefined (Conform), hence the required messages on the base types.
 */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'validation.contact.nameRequired' })
    .trim()
    .min(2, { error: 'validation.contact.nameShort' })
    .max(100, { error: 'validation.contact.nameLong' })
    .refine(isPlainText, { error: 'validation.controlCharacters' }),
  email: z
    .string({ error: 'validation.contact.emailRequired' })
    .trim()
    .max(200, { error: 'validation.contact.emailLong' })
    .refine(isValidEmail, { error: 'validation.contact.emailFormat' }),
  phone: z
    .string()
    .trim()
    .max(30, { error: 'validation.contact.phone' })
    .refine((v) => isValidPhone(v, 'international'), { error: 'validation.contact.phone' })
    .optional(),
  subject: z
    .string({ error: 'validation.contact.subjectRequired' })
    .trim()
    .min(3, { error: 'validation.contact.subjectShort' })
    .max(150, { error: 'validation.contact.subjectLong' })
    .refine(isPlainText, { error: 'validation.controlCharacters' }),
  message: z
    .string({ error: 'validation.contact.messageRequired' })
    .trim()
    .min(10, { error: 'validation.contact.messageShort' })
    .max(5000, { error: 'validation.contact.messageLong' })
    .refine(isPlainText, { error: 'validation.controlCharacters' }),
  consent: z.literal('on', {
    error: 'validation.contact.consent',
  }),
  [HONEYPOT_FIELD]: z.string().max(500, { error: 'validation.invalid' }).optional(),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
