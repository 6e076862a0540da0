import type { EntryContext } from 'react-router';

type StreamCache = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>;

/**
 * Reads the loader data React Router hands to the browser (its turbo-stream) to the end, and leaves every chunk
 * where React Router's `StreamTransfer` looks before it reads the stream itself: `renderMeta.streamCache`, keyed by
 * the chunk's number from 0, a settled promise with the decoded text under `result`. `StreamTransfer` then never
 * suspends, so the document renders in one synchronous `renderToString` (entry.server.tsx, decision 051) and writes
 * the same `<script>`s as when it read the stream during a streamed render. The cache's type is React Router's,
 * how `StreamTransfer` walks it is not a documented promise: the test "a document rendered at once is the one the
 * streaming renderer writes" fails if it changes.
 */
export async function readHandoffDataAhead(routerContext: EntryContext): Promise<void> {
  const stream = routerContext.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const chunks: StreamCache = {};
  let index = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const result = { done: false, value: decoder.decode(read.value, { stream: true }) };
    chunks[index++] = Object.assign(Promise.resolve(), { result });
  }
  chunks[index] = Object.assign(Promise.resolve(), { result: { done: true, value: decoder.decode() } });
  reader.releaseLock();
  // Filled in place: <Scripts> marks on this same object that it rendered, and the context given to ServerRouter
  // (page-routes.ts) shares it.
  routerContext.renderMeta ??= {};
  routerContext.renderMeta.streamCache = chunks;
}

/**
 * The context for one render after `readHandoffDataAhead`: ServerRouter takes a reader of `serverHandoffStream` on
 * every render, and a stream gives one reader at a time, so a page rendered twice (entry.server.tsx) gets a new
 * stream each time. It replays the data already read, should `StreamTransfer` ever read it rather than the cache;
 * it writes nothing until it is read.
 */
export function forOneRender(routerContext: EntryContext): EntryContext {
  const chunks = routerContext.renderMeta?.streamCache;
  if (!routerContext.serverHandoffStream || !chunks) return routerContext;
  const encoder = new TextEncoder();
  let index = 0;
  const replay = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const result = chunks[index++]?.result;
        if (result?.value) controller.enqueue(encoder.encode(result.value));
        if (!result || result.done) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { ...routerContext, serverHandoffStream: replay };
}
