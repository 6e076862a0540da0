import { use } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { areasOf } from './i18n/areas';
import { messageChunks } from './i18n/chunks.server';
import { LanguageProvider } from './i18n/i18n';
import { knowMessageChunks, messagesReady } from './i18n/load';
import { CookieBanner } from './features/consent/cookie-banner';
import { InlineStylesheet } from './inline-stylesheet';
import { useNonce, useStyleNonce } from './nonce';
import { HISTORY_SEED_SCRIPT } from './history-seed';
import { ZOD_JITLESS_SCRIPT } from './zod-jitless';
import type { PageErrorData } from './page-errors';
import { loadRootData, useOptionalRootData } from './root-data';
import { BadRequestPage, ErrorPage, NotFoundPage } from './ui/lazy-error-pages';
import { SiteFooter } from './ui/site-footer';
import { SiteHeader } from './ui/site-header';
import { useLinkNavigation } from './ui/page-link';
import { Toaster } from './ui/toasts';
import { HydratedProvider } from './use-hydrated';

export const links: Route.LinksFunction = () => [
  // Built pages carry the stylesheet inline (InlineStylesheet); Vite's development server updates this link.
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { ...(await loadRootData(context)), messageChunks: messageChunks(context.prefs.lang) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useOptionalRootData();
  const chunks = useRouteLoaderData<typeof loader>('root')?.messageChunks;
  const nonce = useNonce();
  const styleNonce = useStyleNonce();
  const lang = data?.lang ?? 'ro';
  const matches = useMatches();
  useLinkNavigation();
  const areas = areasOf(matches);
  // The back office (issue 13) has its own bar (routes/admin/layout.tsx): no shop header, footer or banner.
  const shop = data && !matches.some((m) => (m.handle as { admin?: boolean } | undefined)?.admin);
  // After a navigation or a language change the browser may lack an area: wait for it inside the
  // router's transition, which keeps the previous page on screen meanwhile. The server holds them all.
  // The loader data says where the language's chunks are (recording it again on each render changes nothing).
  if (chunks) knowMessageChunks(lang, chunks);
  const missing = typeof document === 'undefined' ? undefined : messagesReady(lang, areas);
  if (missing) use(missing);
  return (
    <html lang={lang} data-i18n={areas.join(' ')}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The first paint waits until the page's main content is parsed (decision 048): one layout of the first
            screen instead of one for the header and another, the page's longest task, for the rest. */}
        <link rel="expect" href="#continut" blocking="render" />
        {/* Read once by entry.client.tsx (the browser renders it empty and keeps the server's value). A cached
            page's CSP lists no nonce at all (decision 018), so the one left in its copy allows nothing. */}
        <meta name="csp-style-nonce" content={styleNonce ?? ''} suppressHydrationWarning />
        {/* Fixed strings of ours, not data: see zod-jitless.ts and history-seed.ts. They run once, from the server's
            bytes; the browser's render leaves the element as it is (React does not patch a hydrated script's
            text), so their text stays out of the page's JavaScript (issue 14: first-load bytes). */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? ZOD_JITLESS_SCRIPT + HISTORY_SEED_SCRIPT : '' }}
          suppressHydrationWarning
        />
        <Meta />
        <InlineStylesheet nonce={styleNonce} />
        <Links />
        {/* entry.client.tsx reads the page's areas from data-i18n and where they are from these links. */}
        {areas.map((area) =>
          chunks?.[area] ? (
            <link key={area} rel="modulepreload" href={chunks[area]} nonce={nonce} data-i18n-area={area} />
          ) : null,
        )}
      </head>
      <body className="min-h-screen flex flex-col font-sans">
        <LanguageProvider value={lang}>
          <HydratedProvider>
            {shop ? <SiteHeader /> : null}
            <main id="continut" className="flex-1">
              {children}
            </main>
            {shop ? <SiteFooter /> : null}
            <Toaster>{shop ? <CookieBanner /> : null}</Toaster>
          </HydratedProvider>
        </LanguageProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 400) {
    const fields = (error.data as PageErrorData | null)?.fields ?? {};
    return <BadRequestPage fields={fields} />;
  }
  return <ErrorPage />;
}
