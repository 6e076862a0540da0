/**
 * A rendered document's Response holding its bytes as one buffer (issue 14). `new Response(buffer)` copies the
 * buffer and wraps the copy in a byte stream: 27 µs for the stream and 8 µs for a 98 KB page's copy on a slow
 * host, on the render thread, for a page that is whole before it is answered (entry.server.tsx). This one is made
 * without a body. Whoever holds it reads the bytes with `documentHtml`, without a copy: the render thread posts
 * them in one message, handing their memory over, and the main thread answers them as a DocumentResponse again
 * (render-pool.ts), which ssr.ts sends and caches. Anyone else gets them through the usual `body`, `arrayBuffer()`
 * and `text()`.
 *
 * The bytes are the response's own: nothing else keeps them, so they may be handed to another thread.
 * They are kept under a registered symbol, not a class check: the render thread's bundle and the pages'
 * bundle each have their own copy of this module.
 */
const HTML: unique symbol = Symbol.for('maranatha.document-html');

export class DocumentResponse extends Response {
  private readonly [HTML]: Buffer;
  private stream: ReadableStream<Uint8Array<ArrayBuffer>> | null = null;

  constructor(html: Buffer, init: ResponseInit) {
    super(null, init);
    this[HTML] = html;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    if (!this.stream) {
      const html = this[HTML];
      // A Buffer's memory is an ArrayBuffer (Node never backs one with a SharedArrayBuffer).
      const bytes = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength);
      this.stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
    }
    return this.stream;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const html = this[HTML];
    return html.buffer.slice(html.byteOffset, html.byteOffset + html.byteLength) as ArrayBuffer;
  }

  override async text(): Promise<string> {
    return this[HTML].toString('utf8');
  }
}

/** The document's bytes when `response` is a DocumentResponse (from either bundle), else undefined. */
export function documentHtml(response: Response): Buffer | undefined {
  return (response as Partial<Record<typeof HTML, Buffer>>)[HTML];
}
