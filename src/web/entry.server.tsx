import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
// The Bun build of React's streaming renderer runs on Node as it is: see renderDocument (decision 053).
import { renderToPipeableStream } from 'react-dom/server.bun';
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
import { type DocumentEdit, editedDocument } from './document-edits.server';
import { inlineStylesheetEdit } from './inline-stylesheet.server';
import type { RootData } from './root-data';
import { ChromeHtmlProvider } from './ui/chrome-html';
import { chromeHtml } from './ui/chrome-html.server';
import { scriptsAfterTheCoverEdits } from './scripts-after-cover.server';
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
 * the browser nothing earlier (decision 037).
 *
 * With the loader data read ahead, nothing suspends, and a document is one `renderToString` (decision 051). A
 * route whose last document was too long for that (`LONG_DOCUMENT_UNITS`) renders with React's streaming renderer
 * into pieces instead (decision 053); so does a page that was not ready at once (a lazy component's first render
 * in a thread, or an error), which that renderer waits for and reports as before.
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
  const route = routerContext.staticHandlerContext.matches.at(-1)?.route.id ?? '';
  if ((lastLengths.get(route) ?? 0) < LONG_DOCUMENT_UNITS) {
    const html = renderedAtOnce(documentTree(request, routerContext, loadContext));
    if (html !== null) {
      // length is known without flattening React's string of thousands of pieces; includes() then flattens it.
      lastLengths.set(route, html.length);
      if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
        return renderedInPieces(route, request, responseStatusCode, responseHeaders, routerContext, loadContext);
      }
      // TextEncoder writes the flat string into bytes in under half the time Buffer.from took for a template of it
      // (docs/PERFORMANCE.md, decision 051); the doctype goes in with the other edits, in the one copy they make.
      const encoded = utf8.encode(html);
      const rendered = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
      return documentResponse(rendered, [[0, 0, DOCTYPE]], responseStatusCode, responseHeaders, loadContext);
    }
  }
  return renderedInPieces(route, request, responseStatusCode, responseHeaders, routerContext, loadContext);
}

async function renderedInPieces(
  route: string,
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<DocumentResponse> {
  // A new tree: each render takes its own reader of the loader data (forOneRender).
  const { pieces, failed } = await renderDocument(
    documentTree(request, routerContext, loadContext),
    request,
    loadContext,
  );
  const { bytes, units } = utf8Of(pieces);
  lastLengths.set(route, units);
  // React's streaming renderer writes the doctype itself.
  return documentResponse(bytes, [], failed ? 500 : responseStatusCode, responseHeaders, loadContext);
}

/**
 * V8 copies a string of more than 128 KB (64 Ki UTF-16 units, once a Romanian letter makes it two-byte) into memory
 * mapped for it alone, and on our virtual machines touching those fresh pages cost a 20-line cart page 0.7–1.4 ms
 * (decision 053). `renderToString`'s result is flattened whole, so a route whose documents come near that length
 * renders into pieces, which are joined in segments of `SEGMENT_UNITS`. Rendering into pieces costs a short page
 * more, so the search page (up to 58,000 units) stays below the limit, and the margin above it covers a document a
 * little longer than the route's last one.
 */
const LONG_DOCUMENT_UNITS = 60_000;
const SEGMENT_UNITS = 16_384;
/** Each route's last document length, in UTF-16 units: one number for each of the app's routes. */
const lastLengths = new Map<string, number>();

const DOCTYPE = Buffer.from('<!DOCTYPE html>');
const utf8 = new TextEncoder();

/** How React marks a Suspense boundary it left for the browser to render (react-dom's Fizz, `<!--$!-->`). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

/**
 * The document from one `renderToString`, unflattened, or null when part of it was not ready: a throw, which is
 * what a lazy part outside any boundary (an error page's) does on its first render, or an error in the shell.
 */
function renderedAtOnce(document: ReactElement): string | null {
  try {
    return renderToString(document);
  } catch {
    return null;
  }
}

/** React's pieces of the document as UTF-8, joined into segments well under V8's large-object size. */
function utf8Of(pieces: readonly string[]): { bytes: Buffer<ArrayBuffer>; units: number } {
  const segments: Uint8Array[] = [];
  let from = 0;
  let units = 0;
  let segmentUnits = 0;
  for (let i = 0; i < pieces.length; i++) {
    segmentUnits += pieces[i].length;
    if (segmentUnits >= SEGMENT_UNITS || i === pieces.length - 1) {
      segments.push(utf8.encode(pieces.slice(from, i + 1).join('')));
      units += segmentUnits;
      from = i + 1;
      segmentUnits = 0;
    }
  }
  return { bytes: Buffer.concat(segments), units };
}

/**
 * What React's renderer needs of a destination, keeping what it writes as strings. A Node `Writable` would take
 * each of the thousands of pieces through its queue; this only collects them.
 */
class PieceSink {
  readonly pieces: string[] = [];
  constructor(private readonly finished: () => void) {}
  write(piece: string): boolean {
    this.pieces.push(piece);
    return true;
  }
  end(): void {
    this.finished();
  }
  /** React listens for 'drain', 'error' and 'close'; nothing here ever emits them. */
  on(): this {
    return this;
  }
}

/**
 * The document's pieces from React's streaming renderer, in its build for Bun: the same renderer as Node's, but it
 * writes its pieces as strings, where Node's encodes each into bytes on its own (decision 051), so `utf8Of` can join
 * them in segments (decision 053). The streaming renderer also counts every piece's bytes, which makes a short
 * page dearer than one `renderToString`. It waits for a lazy part and writes every boundary in place; `failed` when
 * an error inside a boundary left it to the browser (answered 500, as before).
 */
function renderDocument(
  document: ReactElement,
  request: Request,
  loadContext: AppLoadContext,
): Promise<{ pieces: string[]; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const beforeTheShell: unknown[] = [];
    const logRenderError = (error: unknown) => {
      if (!request.signal.aborted) loadContext.log.error({ err: error }, 'page render error');
    };
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
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
        const sink = new PieceSink(() => {
          clearTimeout(timeoutId);
          resolve({ pieces: sink.pieces, failed });
        });
        // The renderer calls only write, end and on (PieceSink), not the rest of a Node stream's interface.
        pipe(sink as unknown as NodeJS.WritableStream);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        // An error that breaks the shell rejects the render, and React Router logs it (handleError above).
        if (shellRendered) logRenderError(error);
        else beforeTheShell.push(error);
      },
    });
  });
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

/**
 * The rendered bytes with `edits` (the doctype), the stylesheet put in and the scripts held until the cover is painted,
 * made in one copy that is the response's own (document-response.ts).
 */
function documentResponse(
  rendered: Buffer,
  edits: DocumentEdit[],
  status: number,
  responseHeaders: Headers,
  loadContext: AppLoadContext,
): DocumentResponse {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  const html = editedDocument(rendered, [
    ...edits,
    ...inlineStylesheetEdit(rendered, loadContext.styleNonce || undefined),
    ...scriptsAfterTheCoverEdits(rendered, loadContext.nonce || undefined),
  ]);
  return new DocumentResponse(html, { headers: responseHeaders, status });
}
