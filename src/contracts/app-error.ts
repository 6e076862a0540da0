// Without zod: the browser bundle of every page holds AppError (error boundaries, pagination), and a
// module that builds zod schemas at load time would bring zod (~26 KB gzip) along (issue 14).
/**
 * The closed set of failure codes (decision 010). Each has one HTTP status, used by the API's error
 * shape and by the pages' error boundaries alike.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Field name → message key (`validation.*`); translated where the answer is written, never in core. */
export type FieldErrors = Record<string, string>;

/**
 * The page bundle (React Router's build, or Vite in tests) and the server bundle each hold their own
 * copy of this module, so an AppError thrown by a service fails `instanceof` in a loader: it is
 * recognised by a brand shared across copies instead.
 */
const BRAND = Symbol.for('maranatha.AppError');

/**
 * A failure meant for the caller: services throw it, the API answers it with `{ error }` and its
 * status, pages with the same status and their error boundary. Anything else thrown is a bug (500).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  /** A more precise message key than the code's own (`apiError.notFound.product`). */
  readonly messageKey: string | undefined;
  /** Values the message names (`{time}`), for a message that says more than its code (when to try again). */
  readonly params: Record<string, string | number> | undefined;
  /** For RATE_LIMITED: seconds until a new attempt is allowed (the `Retry-After` header). */
  readonly retryAfterSeconds: number | undefined;

  /** `detail` is for the log only; callers see the code's message or `messageKey`, translated. */
  constructor(
    code: ErrorCode,
    options: {
      fields?: FieldErrors;
      messageKey?: string;
      params?: Record<string, string | number>;
      retryAfterSeconds?: number;
      detail?: string;
    } = {},
  ) {
    super(options.detail ?? code);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.messageKey = options.messageKey;
    this.params = options.params;
    this.retryAfterSeconds = options.retryAfterSeconds;
    Object.defineProperty(this, BRAND, { value: true });
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}
