import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { ADDRESS_TYPES, type AddressType, addressInputSchema } from '../../../contracts/addresses';
import { AppError, isAppError } from '../../../contracts/errors';
import { numericIdSchema } from '../../../contracts/pagination';
import type { ShopLoadContext } from '../../load-context';
import { requireClient } from '../account/require-client.server';
import { MODAL_FIELD } from './address-form';
import type { AddressLookups } from './lookups';
import { ADDRESS_BOOK_PATH } from './paths';

export async function addressLookups(context: ShopLoadContext): Promise<AddressLookups> {
  const geo = context.services.geography;
  const [counties, status] = await Promise.all([geo.counties(), geo.status()]);
  return { countries: await geo.countries(context.prefs.lang), counties, source: status.source };
}

export function addressId(raw: string | undefined): number {
  const parsed = numericIdSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.address' });
  return parsed.data;
}

export function addressTypeOf(url: URL): AddressType {
  const type = url.searchParams.get('type');
  return (ADDRESS_TYPES as readonly string[]).includes(type ?? '') ? (type as AddressType) : 'billing';
}

/**
 * The action of the address pages and the modal (which posts to them with MODAL_FIELD): the same
 * schema and service as the API. Invalid input answers 400 with field messages and keeps what was
 * typed; a saved address redirects to the address book, or, for the modal, answers `saved`.
 */
export async function saveAddress(context: ShopLoadContext, request: Request, url: URL, id: number | null) {
  const client = await requireClient(context, url);
  const formData = await request.formData();
  const modal = formData.get(MODAL_FIELD) === '1';
  const submission = parseWithZod(formData, { schema: addressInputSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), saved: false }, { status: 400 });
  try {
    const addresses = context.services.addresses;
    if (id === null) await addresses.create(client.id, submission.value);
    else await addresses.update(client.id, id, submission.value);
  } catch (err) {
    if (!isAppError(err) || err.code !== 'VALIDATION' || !err.fields) throw err;
    const fieldErrors = Object.fromEntries(Object.entries(err.fields).map(([f, key]) => [f, [key]]));
    return data({ result: submission.reply({ fieldErrors }), saved: false }, { status: 400 });
  }
  if (!modal) throw redirect(ADDRESS_BOOK_PATH);
  return { result: submission.reply({ resetForm: true }), saved: true };
}
