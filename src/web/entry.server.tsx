import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from 'react-router';
// Every message of both languages: the server renders any page and translates form errors.
import './i18n/server';
import { DocumentResponse } from './document-response';
import { withInlineStylesheet } from './inline-stylesheet.server';
import type { RootData } from './root-data';
import { ChromeHtmlProvider } from './ui/chrome-html';
import { chromeHtml } from './ui/chrome-html.server';
import { withScriptsAfterTheCover } from './scripts-after-cover.server';
import { NonceProvider, StyleNonceProvider } from './nonce';
import { withPageRoutesOnly } from './page-routes';

export const streamTimeout = 5_000;

/**
 * React Router's default logs every error; a 4xx it answers itself (a method a page has no action for)
 * is the visitor's mistake, not ours, so only the rest reach the request's log.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  (context as AppLoadContext).log.error({ err: error }, 'page error');
};

/**
 * React Router's Node entry, plus the CSP nonce on every script it writes. The document is rendered whole and
 * answered as one buffer: no page defers data (every loader is awaited before the render), so streaming it gave
 * the browser nothing earlier, and its many small chunks each crossed a Node stream, a web stream, another Node
 * stream and the compressor (a tenth of an uncached page's CPU, bench/profile.ts; docs/PERFORMANCE.md).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce || undefined;
  const root = routerContext.staticHandlerContext.loaderData.root as RootData | undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StyleNonceProvider value={loadContext.styleNonce || undefined}>
          <ChromeHtmlProvider value={root ? chromeHtml(root) : null}>
            <ServerRouter context={withPageRoutesOnly(routerContext)} url={request.url} nonce={nonce} />
          </ChromeHtmlProvider>
        </StyleNonceProvider>
      </NonceProvider>,
      {
        nonce,
        // React writes a large enough Suspense boundary apart, after the rest, with a script that moves it into
        // place: progress for a streamed page, nothing for one sent whole, where it only made the boundary's
        // content (the personalised add-to-cart form) depend on JavaScript. Every boundary is written in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Uint8Array[] = [];
          const document = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
          });
          document.once('finish', () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            const rendered = withInlineStylesheet(Buffer.concat(chunks), loadContext.styleNonce || undefined);
            const html = withScriptsAfterTheCover(rendered, nonce);
            resolve(new DocumentResponse(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(document);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready are logged by React Router itself.
          if (shellRendered && !request.signal.aborted) loadContext.log.error({ err: error }, 'page render error');
        },
      },
    );
  });
}
