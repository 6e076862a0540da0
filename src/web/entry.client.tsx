import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { isLanguage } from './i18n/areas';
import { knowMessageChunks, messagesReady } from './i18n/load';

// The server wrote the page's language and message areas on <html>, and each area's chunk as a preload link
// (root.tsx); hydrating renders the same texts, so their chunks must be held first (decision 013).
const root = document.documentElement;
const lang = isLanguage(root.lang) ? root.lang : 'ro';
for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-i18n-area]')) {
  const area = link.dataset.i18nArea;
  const href = link.getAttribute('href');
  if (area && href) knowMessageChunks(lang, { [area]: href });
}
await messagesReady(lang, (root.dataset.i18n ?? '').split(' ').filter(Boolean));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
