/** The little a service needs of a logger (pino's, Fastify's, or a silent one in tests). */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
