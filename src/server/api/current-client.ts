import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentClient } from '../../contracts/accounts';
import { AppError } from '../../contracts/errors';
import { lazyClient, type SessionCookies, sessionCookies } from '../session';

/** The cookie helpers of an API answer (login and register set it, logout clears it). */
export function apiSessionCookies(request: FastifyRequest, reply: FastifyReply): SessionCookies {
  return sessionCookies(reply, request.server.secureCookies);
}

/** The logged-in client of an API request, or null; looked up once per request. */
export function currentClient(request: FastifyRequest): Promise<CurrentClient | null> {
  // Without a reply at hand a stale cookie is left for the next page to remove.
  const ignore: SessionCookies = { set() {}, clear() {} };
  request.clientLookup ??= lazyClient(request.server.accounts, request, ignore).client;
  return request.clientLookup();
}

/** The logged-in client, or AppError('UNAUTHORIZED') (401 in the API's error shape). */
export async function requireClient(request: FastifyRequest): Promise<CurrentClient> {
  const client = await currentClient(request);
  if (!client) throw new AppError('UNAUTHORIZED');
  return client;
}
