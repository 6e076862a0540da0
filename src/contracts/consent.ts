/** Cookie consent: what the visitor allowed, remembered in a first-party cookie (a necessary one). */
export const CONSENT_COOKIE = 'cookie_consent';
/** Six months, after which the visitor is asked again. */
export const CONSENT_MAX_AGE_S = 15_552_000;

export const CONSENT_CHOICES = ['necessary', 'analytics'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** Where the banner's and the cookie policy's forms post without JavaScript (routes/consent.tsx). */
export const CONSENT_PATH = '/pages/consent';

export function parseConsent(value: string | undefined | null): ConsentChoice | null {
  return value === 'necessary' || value === 'analytics' ? value : null;
}

/** The consent cookie's value out of a Cookie header or document.cookie. */
export function consentFromCookies(cookieHeader: string): ConsentChoice | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CONSENT_COOKIE) return parseConsent(rest.join('='));
  }
  return null;
}

export function consentCookie(choice: ConsentChoice): string {
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE_S}; SameSite=Lax`;
}
