import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { LanguageProvider } from './i18n/i18n';
import { CookieBanner } from './features/consent/cookie-banner';
import { useNonce } from './nonce';
import type { PageErrorData } from './page-errors';
import { loadRootData, useOptionalRootData } from './root-data';
import { BadRequestPage } from './ui/bad-request-page';
import { ErrorPage } from './ui/error-page';
import { NotFoundPage } from './ui/not-found-page';
import { SiteFooter } from './ui/site-footer';
import { SiteHeader } from './ui/site-header';
import { Toaster } from './ui/toasts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs) {
  return loadRootData(context);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useOptionalRootData();
  const nonce = useNonce();
  const lang = data?.lang ?? 'ro';
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen flex flex-col font-sans">
        <LanguageProvider value={lang}>
          {data ? <SiteHeader /> : null}
          <main id="continut" className="flex-1">
            {children}
          </main>
          {data ? <SiteFooter /> : null}
          <Toaster>{data ? <CookieBanner /> : null}</Toaster>
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
