import { z } from 'zod';

/** Browser failures SPEC §8 says are "logged only": the browser reports them to POST /api/client-log. */
export const CLIENT_LOG_EVENTS = ['clipboard_copy_failed', 'invoice_download_failed'] as const;

export const clientLogSchema = z.object({
  event: z.enum(CLIENT_LOG_EVENTS, { error: 'validation.clientEvent' }),
  detail: z.string().max(300, { error: 'validation.text300' }).optional(),
  path: z.string().max(300, { error: 'validation.text300' }).optional(),
});
export type ClientLogEntry = z.infer<typeof clientLogSchema>;
