import { z } from 'zod';
import { isValidEmail, isValidPhone } from './validation';

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
    .string({ error: 'Numele este obligatoriu.' })
    .trim()
    .min(2, { error: 'Numele trebuie să aibă cel puțin 2 caractere.' })
    .max(100, { error: 'Numele poate avea cel mult 100 de caractere.' }),
  email: z
    .string({ error: 'Emailul este obligatoriu.' })
    .trim()
    .max(200, { error: 'Adresa de email este prea lungă.' })
    .refine(isValidEmail, { error: 'Formatul adresei de email este invalid.' }),
  phone: z
    .string()
    .trim()
    .max(30, { error: 'Numar de telefon invalid!' })
    .refine((v) => isValidPhone(v, 'international'), { error: 'Numar de telefon invalid!' })
    .optional(),
  subject: z
    .string({ error: 'Subiectul este obligatoriu.' })
    .trim()
    .min(3, { error: 'Subiectul trebuie să aibă cel puțin 3 caractere.' })
    .max(150, { error: 'Subiectul poate avea cel mult 150 de caractere.' }),
  message: z
    .string({ error: 'Mesajul este obligatoriu.' })
    .trim()
    .min(10, { error: 'Mesajul trebuie să aibă cel puțin 10 caractere.' })
    .max(5000, { error: 'Mesajul poate avea cel mult 5000 de caractere.' }),
  consent: z.literal('on', {
    error: 'Trebuie să fiți de acord cu prelucrarea datelor personale pentru a continua.',
  }),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export type ContactResult = { status: 'sent' } | { status: 'rate_limited' };
