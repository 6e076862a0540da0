import { createContext, useContext } from 'react';

/**
 * The inside of the category bar and of the footer as HTML, kept by the server for each language and content
 * (decision 039): the same on every page, so written from memory instead of rendered again. Only the server's
 * render has it; the browser renders the components, and its markup is the one kept.
 */
export interface ChromeHtml {
  menu: string;
  footer: string;
}

const ChromeHtmlContext = createContext<ChromeHtml | null>(null);

export const ChromeHtmlProvider = ChromeHtmlContext.Provider;

export function useChromeHtml(): ChromeHtml | null {
  return useContext(ChromeHtmlContext);
}
