import { z } from 'zod';
import { isPlainLine, isValidEmail, isValidPhone } from './validation';

/** The logged-in client as loaders, actions and API handlers see it (never the password hash). */
export interface CurrentClient {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  notifications: boolean;
  /** Path of the uploaded photo under DATA_DIR, or null: the initials are shown. */
  avatar: string | null;
}

/** SPEC §9: password minimum 8 characters. The maximum bounds the cost of hashing what a stranger sends. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The session cookie (httpOnly, SameSite=Lax, Path=/, Secure over https). */
export const SESSION_COOKIE = 'sid';

/** SPEC §5: trimmed, local@domain.tld; stored lower-cased (`normalizeEmail`). */
export const emailSchema = z
  .string({ error: 'validation.account.emailRequired' })
  .trim()
  .min(1, { error: 'validation.account.emailRequired' })
  .max(200, { error: 'validation.account.emailLong' })
  .refine((v) => isValidEmail(v) && isPlainLine(v), { error: 'validation.account.emailFormat' });

/** One spelling per address: what is stored and what a login or a reset looks up. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** SPEC §5 reset-password texts, used for every new password. */
export const passwordSchema = z
  .string({ error: 'validation.account.passwordRequired' })
  .min(1, { error: 'validation.account.passwordRequired' })
  .min(PASSWORD_MIN, { error: 'validation.account.passwordShort' })
  .max(PASSWORD_MAX, { error: 'validation.account.passwordLong' });

const confirmationSchema = z
  .string({ error: 'validation.account.confirmationRequired' })
  .min(1, { error: 'validation.account.confirmationRequired' })
  .max(PASSWORD_MAX, { error: 'validation.account.passwordLong' });

/**
 * A client's phone (issue 9 item 8): every real Romanian number (+40 or 0, then mobile 07x or
 * landline 02x/03x, 10 digits; spaces and dashes allowed) or an international one. SPEC §5's
 * 'Numar de telefon invalid!' is kept.
 */
export const phoneSchema = z
  .string({ error: 'validation.account.phoneRequired' })
  .trim()
  .min(1, { error: 'validation.account.phoneRequired' })
  .max(30, { error: 'validation.account.phone' })
  .refine((v) => isValidPhone(v, 'international'), { error: 'validation.account.phone' });

function nameSchema(required: string, long: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(100, { error: long })
    .refine(isPlainLine, { error: 'validation.controlCharacters' });
}
export const firstNameSchema = nameSchema('validation.account.firstNameRequired', 'validation.account.nameLong');
export const lastNameSchema = nameSchema('validation.account.lastNameRequired', 'validation.account.nameLong');

/** Passwords equal, else the message goes on the confirmation field. */
function matching<T extends { password: string; password_confirmation: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'validation.account.passwordMismatch' });
  }
}

/** Registration (page form and `POST /api/auth/register`). Terms: a ticked checkbox ('on') or JSON true. */
export const registerSchema = z
  .object({
    first_name: firstNameSchema,
    last_name: lastNameSchema,
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    password_confirmation: confirmationSchema,
    terms: z.union([z.literal('on'), z.literal(true)], { error: 'validation.account.terms' }),
  })
  .superRefine(matching);
export type RegisterInput = z.infer<typeof registerSchema>;

/** Login: only presence is checked, so a rule change never locks out an older password. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'validation.account.passwordRequired' })
    .min(1, { error: 'validation.account.passwordRequired' })
    .max(PASSWORD_MAX, { error: 'validation.account.passwordLong' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** SPEC §5 forgot password. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A reset token as sent in the link: 32 random bytes, base64url (43 characters). */
export const resetTokenSchema = z
  .string({ error: 'validation.account.token' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'validation.account.token' });

/** SPEC §3 reset payload: email, token, password, password_confirmation. */
export const resetPasswordSchema = z
  .object({
    email: emailSchema,
    token: resetTokenSchema,
    password: passwordSchema,
    password_confirmation: confirmationSchema,
  })
  .superRefine(matching);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** SPEC §7 change password (profile): old_pass, new_pass, new_pass_confirmation; SPEC §5 texts. */
export const changePasswordSchema = z
  .object({
    old_pass: z
      .string({ error: 'validation.account.allRequired' })
      .min(1, { error: 'validation.account.allRequired' })
      .max(PASSWORD_MAX, { error: 'validation.account.passwordLong' }),
    new_pass: z
      .string({ error: 'validation.account.allRequired' })
      .min(1, { error: 'validation.account.allRequired' })
      .min(PASSWORD_MIN, { error: 'validation.account.passwordShort' })
      .max(PASSWORD_MAX, { error: 'validation.account.passwordLong' }),
    new_pass_confirmation: z
      .string({ error: 'validation.account.allRequired' })
      .min(1, { error: 'validation.account.allRequired' })
      .max(PASSWORD_MAX, { error: 'validation.account.passwordLong' }),
  })
  .superRefine((value, ctx) => {
    if (value.new_pass !== value.new_pass_confirmation) {
      ctx.addIssue({
        code: 'custom',
        path: ['new_pass_confirmation'],
        message: 'validation.account.newPasswordMismatch',
      });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * Where a login may send the visitor back to: a path on this site only, percent-encoded as the URL
 * standard writes it ("//host", "/\\host" and absolute URLs resolve elsewhere and give the fallback).
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/pages/profile'): string {
  if (!value || value.length > 2000 || !value.startsWith('/')) return fallback;
  const base = 'http://shop.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}`;
  return url.origin === base && !path.startsWith('//') ? path : fallback;
}

/** SPEC §7 `client_data`: the client as the JSON API shows it (login, register, profile). */
export const clientDataSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  notifications: z.boolean(),
});
export type ClientData = z.infer<typeof clientDataSchema>;

export function clientData(client: CurrentClient): ClientData {
  return {
    id: client.id,
    email: client.email,
    first_name: client.firstName,
    last_name: client.lastName,
    phone: client.phone,
    notifications: client.notifications,
  };
}

/**
 * `GET /api/session`: what the header shows of the visitor after hydration (public pages are cached
 * for everyone, so they never carry it in their HTML). The cart adds its counter here.
 */
export const sessionSummarySchema = z.object({
  client: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** Pieces in the visitor's cart, for the header counter (issue 10). */
  cart: z.object({ count: z.number().int() }),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
