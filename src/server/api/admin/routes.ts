import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, apiErrorSchema } from '../../../contracts/errors';
import { type AdminArea, type CurrentStaff, canOpen, pendingStep, STAFF_ROLES } from '../../../contracts/staff';
import type { Services } from '../../../core/services';
import { staffSessionToken } from '../../session';
import { errorResponses } from '../schemas';

const forbidden = {
  403: apiErrorSchema.describe('No staff session, a step left (password, TOTP), or a role without access'),
};

/**
 * The guard of `/api/admin` (issue 13 item 1), the API's side of web/features/admin/require-staff.server.ts
 * with the same rule (contracts/staff.ts canOpen): a staff session whose password and second factor are
 * done, of a role that may open the area; anything else, a client's session included, is 403.
 */
export async function requireStaffApi(request: FastifyRequest, area: AdminArea): Promise<CurrentStaff> {
  const staff = await request.server.staffAccounts.sessionStaff(staffSessionToken(request));
  if (!staff || pendingStep(staff) !== null || !canOpen(staff.role, area)) throw new AppError('FORBIDDEN');
  return staff;
}

const staffSessionSchema = z.object({
  staff: z.object({ id: z.number().int(), email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) }),
});

const dashboardSchema = z.object({
  today: z.object({ orders: z.number().int(), revenue: z.number().int() }),
  awaitingPayment: z.number().int(),
  awaitingShipping: z.number().int(),
  lowStock: z.array(z.object({ id: z.number().int(), title: z.string(), sku: z.string(), quantity: z.number().int() })),
  donationsThisMonth: z.object({ count: z.number().int(), amount: z.number().int() }),
});

export const adminRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    // Staff answers are about one person: never stored by a browser or a cache.
    app.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(
      '/admin/session',
      {
        schema: {
          summary: 'The signed-in staff member (back office)',
          tags: ['admin'],
          response: { 200: staffSessionSchema, ...forbidden, 500: errorResponses[500] },
        },
      },
      async (req) => {
        const staff = await requireStaffApi(req, 'dashboard');
        return { staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role } };
      },
    );

    app.get(
      '/admin/dashboard',
      {
        schema: {
          summary:
            "The dashboard's figures: today's orders and revenue (Bucharest), orders waiting, low stock, donations",
          tags: ['admin'],
          response: { 200: dashboardSchema, ...forbidden, 500: errorResponses[500] },
        },
      },
      async (req) => {
        await requireStaffApi(req, 'dashboard');
        return services.dashboard.figures();
      },
    );

    // Any other path under /api/admin: refused like the others before it is found missing, so a client or a
    // stranger learns nothing of what exists.
    app.all('/admin/*', { schema: { hide: true } }, async (req) => {
      await requireStaffApi(req, 'dashboard');
      throw new AppError('NOT_FOUND');
    });
  };
