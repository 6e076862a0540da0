import { z } from 'zod';
import { CONSENT_CHOICES, type ConsentChoice } from './consent';
import { localPathSchema } from './preferences';

/**
 * What the consent forms post to /pages/consent without JavaScript (with it, the browser writes the cookie
 * itself). The banner's buttons send the choice; the cookie policy's settings form sends `choice=settings`
 * and its analytics checkbox, which sends nothing when unticked. `back` is where to return (a path here).
 * Kept apart from `consent.ts`, which every page's bundle imports: this module brings zod.
 */
export const consentFormSchema = z
  .object({
    choice: z.enum([...CONSENT_CHOICES, 'settings'], { error: 'validation.consent.choice' }),
    analytics: z.literal('on', { error: 'validation.consent.choice' }).optional(),
    back: localPathSchema,
  })
  .transform(({ choice, analytics, back }): { choice: ConsentChoice; back: string } => ({
    choice: choice === 'settings' ? (analytics ? 'analytics' : 'necessary') : choice,
    back,
  }));
