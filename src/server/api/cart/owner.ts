import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE, CART_TOKEN_PATTERN, type CartOwner, cartCookie } from '../../../contracts/cart';
import { currentClient } from '../current-client';

/** The guest cart's token in the request's cookie (a malformed one is none). */
export function cartTokenOf(req: FastifyRequest): string | null {
  const token = req.cookies?.[CART_COOKIE];
  return token && CART_TOKEN_PATTERN.test(token) ? token : null;
}

/** The cart a request works on: the logged-in client's, else the guest's. */
export async function cartOwnerOf(req: FastifyRequest): Promise<CartOwner> {
  const client = await currentClient(req);
  return { token: cartTokenOf(req), clientId: client?.id ?? null };
}

/** Sets the cart cookie when a write made a new guest cart. */
export function issueCartCookie(reply: FastifyReply, token: string | null, publicUrl: string): void {
  if (token) reply.header('set-cookie', cartCookie(token, publicUrl.startsWith('https:')));
}
