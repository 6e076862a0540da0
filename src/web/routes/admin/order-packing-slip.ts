import { AppError } from '../../../contracts/errors';
import { adminPageHeaders } from '../../http-cache';
import { requireStaff } from '../../features/admin/require-staff.server';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/order-packing-slip';

/** `GET /admin/orders/:id/packing-slip`: the parcel's packing slip as a PDF (no prices); 404 for a cancelled order. */
export const loader = withPageErrors(async ({ url, context, params }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'orders');
  const id = Number(params.id);
  if (!/^\d{1,9}$/.test(params.id ?? '') || id < 1) throw new AppError('NOT_FOUND');
  const slip = await context.services.adminOrder.packingSlip(id);
  if (!slip) throw new AppError('NOT_FOUND');
  return new Response(new Uint8Array(slip.pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${slip.fileName}"`,
      ...adminPageHeaders(),
    },
  });
});
