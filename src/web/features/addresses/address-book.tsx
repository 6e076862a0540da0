import * as Dialog from '@radix-ui/react-dialog';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import type { AddressType, ClientAddress } from '../../../contracts/addresses';
import { useT } from '../../i18n/i18n';
import { shareStyleNonce } from '../../ui/style-nonce';
import { showToast } from '../../ui/toasts';
import { AddressForm, MODAL_FIELD } from './address-form';
import { addressSummary } from './address-summary';
import { type AddressLookups, fetchLookups } from './lookups';
import { deleteAddressPath, editAddressPath, NEW_ADDRESS_PATH } from './paths';

type Editing = { address: ClientAddress | null; type: AddressType } | null;

/** Plain links without JavaScript; with it, a click opens the dialog instead of the page. */
function opensDialog(e: MouseEvent, open: () => void) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  shareStyleNonce();
  open();
}

const dialogOverlay = 'fixed inset-0 z-50 bg-ink/50';
const dialogContent =
  'fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[min(46rem,96vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-paper p-5 shadow-xl';

/** SPEC §2 "Address modal": 'Editare adresă' or 'Adaugă adresă nouă', the form posting to the address pages. */
function AddressDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const t = useT();
  const fetcher = useFetcher<{ saved: boolean; result: never }>();
  const [lookups, setLookups] = useState<AddressLookups | null>(null);
  const open = editing !== null;

  useEffect(() => {
    if (!open || lookups) return;
    fetchLookups()
      .then(setLookups)
      .catch((err) => {
        // SPEC §8: the lists failing is logged; the form falls back to free text with Romania's counties missing.
        console.error('Address lists failed', err);
        setLookups({ countries: [], counties: [], source: 'builtin' });
      });
  }, [open, lookups]);

  // Each answer is acted on once (the callbacks change identity with every render of the book).
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.saved) {
      showToast(t('addresses.saved'), 'success');
      onClose();
    }
  }, [fetcher.state, fetcher.data, onClose, t]);

  const action = editing?.address
    ? editAddressPath(editing.address.id)
    : `${NEW_ADDRESS_PATH}?type=${editing?.type ?? 'billing'}`;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content className={dialogContent} aria-describedby={undefined}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="font-serif text-2xl font-bold">
              {t(editing?.address ? 'addresses.modal.editTitle' : 'addresses.modal.newTitle')}
            </Dialog.Title>
            <Dialog.Close
              className="rounded px-2 text-2xl leading-none text-muted hover:text-brand"
              aria-label={t('addresses.modal.close')}
            >
              ×
            </Dialog.Close>
          </div>
          {editing && lookups && (
            <AddressForm
              key={editing.address?.id ?? editing.type}
              as={fetcher.Form}
              action={action}
              address={editing.address}
              addressType={editing.address?.address_type ?? editing.type}
              lookups={lookups}
              lastResult={fetcher.data?.saved === false ? fetcher.data.result : null}
              modal
              submitting={fetcher.state !== 'idle'}
              footer={
                <Dialog.Close className="rounded border border-muted px-4 py-2.5 hover:border-brand">
                  {t('addresses.cancel')}
                </Dialog.Close>
              }
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const DELETE_FETCHER = 'address-delete';

/** The delete confirmation; without JavaScript the card's link goes to the confirmation page instead. */
function DeleteDialog({ address, onClose }: { address: ClientAddress | null; onClose: () => void }) {
  const t = useT();
  const fetcher = useFetcher<{ deleted: boolean }>({ key: DELETE_FETCHER });
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.deleted || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    showToast(t('addresses.deleted'), 'success');
    onClose();
  }, [fetcher.state, fetcher.data, onClose, t]);
  return (
    <Dialog.Root open={address !== null} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlay} />
        <Dialog.Content role="alertdialog" className={`${dialogContent} w-[min(30rem,96vw)]`}>
          <Dialog.Title className="font-serif text-xl font-bold">{t('addresses.delete.title')}</Dialog.Title>
          <Dialog.Description className="mt-2">
            {address && t('addresses.delete.text', { address: addressSummary(address) })}
          </Dialog.Description>
          {address && (
            <Form
              discover="none"
              navigate={false}
              fetcherKey={DELETE_FETCHER}
              method="post"
              action={deleteAddressPath(address.id)}
              className="mt-5 flex flex-wrap gap-3"
            >
              <input type="hidden" name={MODAL_FIELD} value="1" />
              <button
                type="submit"
                disabled={fetcher.state !== 'idle'}
                className="rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-70"
              >
                {t('addresses.delete.confirm')}
              </button>
              <Dialog.Close className="rounded border border-muted px-4 py-2 hover:border-brand">
                {t('addresses.cancel')}
              </Dialog.Close>
            </Form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function AddressCard({
  address,
  onEdit,
  onDelete,
}: {
  address: ClientAddress;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const name = `${address.first_name} ${address.last_name}`;
  return (
    <li className="flex flex-col rounded-lg border border-line bg-white p-4">
      <p className="font-semibold">{name}</p>
      {address.is_company && (
        <p className="text-sm">
          {address.company_name} · {t('addresses.cuiShort', { cui: address.cui ?? '' })}
        </p>
      )}
      <p className="mt-1 text-sm">{addressSummary(address)}</p>
      <p className="text-sm text-muted">{t('addresses.phoneShort', { phone: address.phone })}</p>
      <div className="mt-3 flex gap-4">
        <Link
          discover="none"
          to={editAddressPath(address.id)}
          onClick={(e) => opensDialog(e, onEdit)}
          aria-label={t('addresses.editLabel', { name: addressSummary(address) })}
          className="font-semibold text-brand underline"
        >
          {t('addresses.edit')}
        </Link>
        <Link
          discover="none"
          to={deleteAddressPath(address.id)}
          onClick={(e) => opensDialog(e, onDelete)}
          aria-label={t('addresses.deleteLabel', { name: addressSummary(address) })}
          className="font-semibold text-brand underline"
        >
          {t('addresses.delete')}
        </Link>
      </div>
    </li>
  );
}

/**
 * SPEC §2 Profile › Adrese: billing and delivery cards with edit and delete, the empty texts, and the
 * buttons opening the address modal. Every action is a link to a page that works without JavaScript;
 * with it they open dialogs posting to those pages' actions, and the profile's loader reloads the list.
 * The route that mounts it loads the areas 'addresses' and 'validation'.
 */
export function AddressBook({ addresses }: { addresses: ClientAddress[] }) {
  const t = useT();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ClientAddress | null>(null);
  return (
    <div className="space-y-8">
      {(['billing', 'delivery'] as const).map((type) => {
        const list = addresses.filter((a) => a.address_type === type);
        return (
          <section key={type} aria-labelledby={`addresses-${type}`}>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2 id={`addresses-${type}`} className="font-serif text-xl font-bold">
                {t(`addresses.${type}.title`)}
              </h2>
              <Link
                discover="none"
                to={`${NEW_ADDRESS_PATH}?type=${type}`}
                onClick={(e) => opensDialog(e, () => setEditing({ address: null, type }))}
                className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
              >
                {t(`addresses.${type}.add`)}
              </Link>
            </div>
            {list.length ? (
              <ul className="grid gap-4 sm:grid-cols-2">
                {list.map((a) => (
                  <AddressCard
                    key={a.id}
                    address={a}
                    onEdit={() => setEditing({ address: a, type })}
                    onDelete={() => setDeleting(a)}
                  />
                ))}
              </ul>
            ) : (
              <p className="text-muted">{t(`addresses.${type}.empty`)}</p>
            )}
          </section>
        );
      })}
      <AddressDialog editing={editing} onClose={() => setEditing(null)} />
      <DeleteDialog address={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
