import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
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
import { forOneRender, readHandoffDataAhead } from './handoff-data.server';
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
 *
 * With the loader data read ahead, nothing suspends, and the document is one `renderToString`: React's streaming
 * renderer encoded each of its thousands of small writes into bytes on its own and suspended for each chunk of the
 * loader data; a page costs a fifth less CPU without them (decision 051). When a part is not ready at once (a lazy
 * component's first render in a thread, or an error), the page is rendered again by the streaming renderer, which
 * waits for it and reports the error as before.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  await readHandoffDataAhead(routerContext);
  const html = renderedAtOnce(documentTree(request, routerContext, loadContext));
  if (html === null) {
    // A new tree: each render takes its own reader of the loader data (forOneRender).
    return renderStreamed(
      documentTree(request, routerContext, loadContext),
      request,
      responseStatusCode,
      responseHeaders,
      loadContext,
    );
  }
  // includes() has flattened the string React built of thousands of pieces; TextEncoder writes the flat string
  // into bytes in under half the time Buffer.from took for a template of it (docs/PERFORMANCE.md, decision 051).
  const rendered = Buffer.concat([DOCTYPE, utf8.encode(html)]);
  return documentResponse(rendered, responseStatusCode, responseHeaders, loadContext);
}

const DOCTYPE = Buffer.from('<!DOCTYPE html>');
const utf8 = new TextEncoder();

/** How React marks a Suspense boundary it left for the browser to render (react-dom's Fizz, `<!--$!-->`). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

/**
 * The document from one `renderToString`, or null when part of it was not ready: a boundary left to the browser,
 * or a throw, which is also what a lazy part outside any boundary (an error page's) does on its first render. The
 * streaming renderer then renders the page again: it waits for the part, and a real error fails it as before.
 */
function renderedAtOnce(document: ReactElement): string | null {
  let html: string;
  try {
    html = renderToString(document);
  } catch {
    return null;
  }
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : html;
}

function documentTree(request: Request, routerContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.nonce || undefined;
  const root = routerContext.staticHandlerContext.loaderData.root as RootData | undefined;
  return (
    <NonceProvider value={nonce}>
      <StyleNonceProvider value={loadContext.styleNonce || undefined}>
        <ChromeHtmlProvider value={root ? chromeHtml(root) : null}>
          <ServerRouter context={withPageRoutesOnly(forOneRender(routerContext))} url={request.url} nonce={nonce} />
        </ChromeHtmlProvider>
      </StyleNonceProvider>
    </NonceProvider>
  );
}

/** The rendered bytes with the stylesheet put in and the scripts held until the cover is painted. */
function documentResponse(
  rendered: Buffer<ArrayBuffer>,
  status: number,
  responseHeaders: Headers,
  loadContext: AppLoadContext,
): DocumentResponse {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  const html = withInlineStylesheet(rendered, loadContext.styleNonce || undefined);
  return new DocumentResponse(withScriptsAfterTheCover(html, loadContext.nonce || undefined), {
    headers: responseHeaders,
    status,
  });
}

function renderStreamed(
  document: ReactElement,
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const beforeTheShell: unknown[] = [];
    const logRenderError = (error: unknown) => {
      if (!request.signal.aborted) loadContext.log.error({ err: error }, 'page render error');
    };
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce: loadContext.nonce || undefined,
      // React writes a large enough Suspense boundary apart, after the rest, with a script that moves it into
      // place: progress for a streamed page, nothing for one sent whole, where it only made the boundary's
      // content (the personalised add-to-cart form) depend on JavaScript. Every boundary is written in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        shellRendered = true;
        // Errors inside a boundary during the first pass: the shell stood, so React Router will not see them.
        for (const error of beforeTheShell) logRenderError(error);
      },
      onAllReady() {
        const chunks: Uint8Array[] = [];
        const sink = new Writable({
          write(chunk: Uint8Array, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        });
        sink.once('finish', () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          resolve(documentResponse(Buffer.concat(chunks), responseStatusCode, responseHeaders, loadContext));
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // An error that breaks the shell rejects the render, and React Router logs it (handleError above).
        if (shellRendered) logRenderError(error);
        else beforeTheShell.push(error);
      },
    });
  });
}
