import { AppError, type ErrorCode, isAppError } from '../../contracts/errors';
import type { ShopLoadContext } from '../../web/load-context';
import type { PageRequest } from '../page-handlers';

/**
 * The messages between the main thread and a render thread (decision 034). The main thread keeps the
 * database, the caches, the sessions and the sockets; a render thread runs React Router on a request and
 * calls back for everything its loaders and actions ask of the load context.
 */

/** How a render thread gets the pages' build: the bundle's file, or Vite compiling the sources (tests). */
export type RenderThreadBuild = { kind: 'file'; url: string } | { kind: 'vite' };

export interface RenderThreadData {
  build: RenderThreadBuild;
}

/** The load context's values; its functions stay on the main thread and are reached by `call`. */
export interface ContextValues {
  prefs: ShopLoadContext['prefs'];
  contact: ShopLoadContext['contact'];
  publicUrl: string;
  nonce: string;
  styleNonce: string;
  clientIp: string;
  loginNotice: boolean;
  sessionToken: string | null;
  staffSessionToken: string | null;
}

export function contextValues(context: ShopLoadContext): ContextValues {
  return {
    prefs: context.prefs,
    contact: context.contact,
    publicUrl: context.publicUrl,
    nonce: context.nonce,
    styleNonce: context.styleNonce,
    clientIp: context.clientIp,
    loginNotice: context.loginNotice,
    sessionToken: context.session.token,
    staffSessionToken: context.staffSession.token,
  };
}

/** Main → render thread. */
export type ToRenderThread =
  | (PageRequest & { type: 'request'; id: number; context: ContextValues; cacheGeneration: number | null })
  | { type: 'abort'; id: number }
  | { type: 'result'; call: number; ok: true; value: unknown }
  | { type: 'result'; call: number; ok: false; error: EncodedError };

/** Render thread → main. `call` without a number expects no answer (a cookie set, a log line). */
export type FromRenderThread =
  | { type: 'ready' }
  | { type: 'call'; id: number; call: number | null; path: string[]; args: unknown[] }
  | { type: 'head'; id: number; status: number; headers: [string, string][]; hasBody: boolean }
  /** A rendered document, whole (web/document-response.ts): the head and the body in one message. */
  | { type: 'document'; id: number; status: number; headers: [string, string][]; html: Uint8Array }
  | { type: 'chunk'; id: number; chunk: Uint8Array<ArrayBuffer> }
  | { type: 'end'; id: number }
  | { type: 'failed'; id: number; error: EncodedError };

export type EncodedError =
  | {
      kind: 'app';
      code: ErrorCode;
      message: string;
      fields?: Record<string, string>;
      messageKey?: string;
      params?: Record<string, string | number>;
      retryAfterSeconds?: number;
    }
  | { kind: 'response'; status: number; headers: [string, string][]; body: string }
  | { kind: 'error'; name: string; message: string; stack?: string };

/**
 * What crosses the thread boundary of a thrown value: an AppError keeps its code and fields (a form shows
 * them), a thrown Response its status (a loader's 404), anything else its name, message and stack.
 */
export async function encodeError(error: unknown): Promise<EncodedError> {
  if (isAppError(error)) {
    return {
      kind: 'app',
      code: error.code,
      message: error.message,
      fields: error.fields,
      messageKey: error.messageKey,
      params: error.params,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof Response) {
    return { kind: 'response', status: error.status, headers: [...error.headers], body: await error.text() };
  }
  if (error instanceof Error) return { kind: 'error', name: error.name, message: error.message, stack: error.stack };
  return { kind: 'error', name: 'Error', message: String(error) };
}

export function decodeError(encoded: EncodedError): unknown {
  switch (encoded.kind) {
    case 'app':
      return new AppError(encoded.code, {
        detail: encoded.message,
        fields: encoded.fields,
        messageKey: encoded.messageKey,
        params: encoded.params,
        retryAfterSeconds: encoded.retryAfterSeconds,
      });
    case 'response':
      return new Response(encoded.body || null, { status: encoded.status, headers: encoded.headers });
    case 'error': {
      const error = new Error(encoded.message);
      error.name = encoded.name;
      if (encoded.stack) error.stack = encoded.stack;
      return error;
    }
  }
}

/**
 * A form's files (an avatar, a product picture) are `File`s, which a message cannot carry: they cross as
 * their bytes and come back as Files. Only arrays and plain objects are looked into, as forms hold.
 */
const FILE_MARK = '__renderThreadFile';

interface EncodedFile {
  [FILE_MARK]: true;
  name: string;
  type: string;
  lastModified: number;
  bytes: Uint8Array<ArrayBuffer>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export async function encodeFiles(value: unknown): Promise<unknown> {
  if (value instanceof File) {
    const file: EncodedFile = {
      [FILE_MARK]: true,
      name: value.name,
      type: value.type,
      lastModified: value.lastModified,
      bytes: new Uint8Array(await value.arrayBuffer()),
    };
    return file;
  }
  if (Array.isArray(value)) return Promise.all(value.map(encodeFiles));
  if (isPlainObject(value)) {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await encodeFiles(v)]));
    return Object.fromEntries(entries);
  }
  return value;
}

export function decodeFiles(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeFiles);
  if (isPlainObject(value)) {
    if (value[FILE_MARK] === true) {
      const file = value as unknown as EncodedFile;
      return new File([file.bytes], file.name, { type: file.type, lastModified: file.lastModified });
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeFiles(v)]));
  }
  return value;
}

/** Whether a value (or anything in it) is a File: the common call has none and is sent as it is. */
export function holdsFiles(value: unknown): boolean {
  if (value instanceof File) return true;
  if (Array.isArray(value)) return value.some(holdsFiles);
  if (isPlainObject(value)) return Object.values(value).some(holdsFiles);
  return false;
}

/**
 * A document's memory, when the document's bytes are all of it, handed over instead of copied: a clone would copy
 * the page into the message and again into new memory on the main thread (docs/PERFORMANCE.md, the fifty-first
 * session). Bytes that share their memory with others (a slice of Node's pool) are copied as before.
 */
export function documentTransfer(bytes: Buffer): ArrayBuffer[] {
  const memory = bytes.buffer;
  return memory instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === memory.byteLength
    ? [memory]
    : [];
}
