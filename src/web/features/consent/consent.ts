import { startTransition, useEffect, useState } from 'react';
import { type ConsentChoice, consentCookie, consentFromCookies } from '../../../contracts/consent';

const CHANGE_EVENT = 'consent-change';
export const OPEN_SETTINGS_EVENT = 'open-cookie-settings';

/** The visitor's choice in this browser, or null before they made one. Browser only. */
export function readConsent(): ConsentChoice | null {
  return consentFromCookies(document.cookie);
}

export function saveConsent(choice: ConsentChoice): void {
  // The value comes from a fixed set (consentCookie); the Cookie Store API is missing in older Safari and Firefox.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = consentCookie(choice);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The current choice: undefined until the page runs in the browser, then null or the choice, kept up to date. */
export function useConsent(): ConsentChoice | null | undefined {
  const [choice, setChoice] = useState<ConsentChoice | null | undefined>(undefined);
  useEffect(() => {
    const update = () => setChoice(readConsent());
    // The first reading follows hydration, in the same task as every first effect: as a transition React renders
    // it later, in slices, instead of lengthening that task (the banner's HTML is the server's until then).
    startTransition(update);
    window.addEventListener(CHANGE_EVENT, update);
    return () => window.removeEventListener(CHANGE_EVENT, update);
  }, []);
  return choice;
}
