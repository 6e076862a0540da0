import { z } from 'zod';
import { type CurrentClient, firstNameSchema, lastNameSchema, phoneSchema } from './accounts';

/** SPEC §2 Profile: the five tabs, in order, by the slug `?tab=` names them with. */
export const PROFILE_TABS = ['profil', 'adrese', 'comenzi', 'notificari', 'parola'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The tab `?tab=` asks for; a missing or unknown one shows the first (a stale bookmark still opens the profile). */
export function profileTabOf(param: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(param ?? '') ? (param as ProfileTab) : PROFILE_TABS[0];
}

/** Photos a client may upload (checked by their content, never by name or declared type). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** How a photo form went, as `/pages/profile/avatar` tells the profile through `?avatar=`. */
export const AVATAR_OUTCOMES = ['saved', 'removed', 'type', 'size'] as const;
export type AvatarOutcome = (typeof AVATAR_OUTCOMES)[number];

/** The stored avatar is a square of this many pixels. */
export const AVATAR_SIZE = 256;

/** SPEC §7 update client profile: `{first_name, last_name}` or `{phone}` (both at once is accepted too). */
export const profileUpdateSchema = z
  .object({
    first_name: firstNameSchema.optional(),
    last_name: lastNameSchema.optional(),
    phone: phoneSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const named = value.first_name !== undefined || value.last_name !== undefined;
    if (named && value.first_name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['first_name'], message: 'validation.account.firstNameRequired' });
    }
    if (named && value.last_name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['last_name'], message: 'validation.account.lastNameRequired' });
    }
    if (!named && value.phone === undefined) {
      ctx.addIssue({ code: 'custom', path: ['_'], message: 'validation.profile.nothingToUpdate' });
    }
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** `PUT /api/auth/notifications`: SPEC §2 Notificari's one toggle. */
export const notificationsUpdateSchema = z.object({
  notifications: z.boolean({ error: 'validation.profile.notifications' }),
});

/**
 * The profile page's forms post an `intent` naming which one was sent; each has its own schema, used by
 * Conform in the browser and by the page action alike (the password form uses `changePasswordSchema`).
 */
export const PROFILE_INTENTS = ['name', 'phone', 'notifications', 'password'] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export const nameFormSchema = z.object({ first_name: firstNameSchema, last_name: lastNameSchema });
export const phoneFormSchema = z.object({ phone: phoneSchema });
/** The toggle's form sends the state it switches to. */
export const notificationsFormSchema = z.object({
  notifications: z.enum(['on', 'off'], { error: 'validation.profile.notifications' }),
});

/** SPEC §7 `client_data` (Client: id, email, first_name, last_name, phone), plus the toggle and the photo. */
export const clientDataSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  notifications: z.boolean(),
  /** The client's own photo (served only to them), or null: the initials are shown. */
  avatar_url: z.string().nullable(),
});
export type ClientData = z.infer<typeof clientDataSchema>;

/** Where a client's photo is served; the stored name is in the query so a new photo is never a cached old one. */
export function avatarUrl(client: Pick<CurrentClient, 'avatar'>): string | null {
  if (!client.avatar) return null;
  return `/api/auth/avatar?v=${encodeURIComponent(client.avatar.replace(/^.*\//, '').replace(/\.\w+$/, ''))}`;
}

export function clientData(client: CurrentClient): ClientData {
  return {
    id: client.id,
    email: client.email,
    first_name: client.firstName,
    last_name: client.lastName,
    phone: client.phone,
    notifications: client.notifications,
    avatar_url: avatarUrl(client),
  };
}

/** The avatar drawn from the name: the first letter of the first and of the last name. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (s: string) => Array.from(s.trim())[0] ?? '';
  return (first(firstName) + first(lastName)).toLocaleUpperCase('ro');
}
