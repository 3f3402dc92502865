/**
 * A bank deposit's slips (docs/decisions/110): on the customer's booking page, the bank's deposit
 * slip or a screenshot of the transfer sent with one tap, listed, opened with the session's key, and
 * removed (asked in the page) until staff record a payment; on staff's booking page, the same list
 * beside the money, to check the bank before recording the payment. Sending one pays nothing.
 */
import { MAX_SLIPS_PER_BOOKING } from '@rental/contract/constants';
import { slipRefusal } from '@rental/contract/paymentSlips';
import { pathFor } from '@rental/contract/routes';
import type { Booking, PaymentSlip } from '@rental/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import toast from '../../lib/toast';
import { ApiError, callApi, errorMessage } from '../../api/client';
import { openApiFile } from '../../api/openApiFile';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SkeletonBlock } from '../../components/Skeleton';
import { formatInstantWithTime } from '../../lib/dates';
import { DOCUMENT_ACCEPT, documentDescription, pickedDocument } from '../account/documentFiles';

/** Under the booking's own key: cancelling or paying refreshes ['booking', …], and this with it. */
export const paymentSlipsKey = (bookingId: string) => ['booking', 'slips', bookingId] as const;

/** Refusals after which what the page shows is out of date (paid meanwhile, a slip kept): read again. */
const STALE_CODES = new Set(['payment_slip_not_needed', 'payment_slip_kept', 'payment_slips_too_many', 'payment_slip_not_cash_deposit']);

type SlipBooking = Pick<Booking, '_id' | 'paymentMethod' | 'status' | 'paymentStatus'>;

export function usePaymentSlips(bookingId: string, enabled = true) {
  return useQuery({
    queryKey: paymentSlipsKey(bookingId),
    queryFn: ({ signal }) => callApi('paymentSlips', { params: { id: bookingId }, signal }),
    select: (answer) => answer.slips,
    enabled,
  });
}

function openSlip(id: string): Promise<void> {
  return openApiFile(pathFor('document', { id })).catch((error: unknown) => {
    toast.error(errorMessage(error));
  });
}

function SlipLine({ slip, onRemove, busy }: { slip: PaymentSlip; onRemove?: () => void; busy: boolean }) {
  const sent = formatInstantWithTime(slip.uploadedAt);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
      <FileText aria-hidden="true" size={18} className="shrink-0 text-slate-500" />
      <span className="min-w-40 flex-1 text-slate-800">
        Sent {sent}
        <span className="block text-slate-500">{documentDescription(slip)}</span>
      </span>
      <span className="flex gap-2">
        <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => void openSlip(slip._id)} aria-label={`Open the slip sent ${sent}`}>
          Open
        </button>
        {onRemove && (
          <button
            type="button"
            className="btn-secondary border-red-300 px-3 py-1.5 text-sm text-red-800 hover:bg-red-50"
            disabled={busy}
            onClick={onRemove}
            aria-label={`Remove the slip sent ${sent}`}
          >
            <Trash2 aria-hidden="true" size={16} />
            Remove
          </button>
        )}
      </span>
    </li>
  );
}

/** The customer's: send, list, open and remove the slips of their bank deposit. */
export function CustomerPaymentSlips({ booking }: { booking: SlipBooking }) {
  const queryClient = useQueryClient();
  const id = useId();
  const slips = usePaymentSlips(booking._id);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PaymentSlip | null>(null);
  const canSend = slipRefusal(booking) === null && (slips.data?.length ?? 0) < MAX_SLIPS_PER_BOOKING;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['booking'] });
  const failed = async (error: unknown) => {
    setProblem(errorMessage(error));
    if (error instanceof ApiError && error.code && STALE_CODES.has(error.code)) await refresh();
  };

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const picked = pickedDocument(event.target);
    if (!picked) return;
    setProblem(picked.problem ?? '');
    if (picked.problem) return;
    const { file } = picked;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await callApi('sendPaymentSlip', { params: { id: booking._id }, form });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: paymentSlipsKey(booking._id) });
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove(slip: PaymentSlip) {
    setRemoving(null);
    setBusy(true);
    setProblem('');
    try {
      const answer = await callApi('removePaymentSlip', { params: { id: booking._id, slipId: slip._id } });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: paymentSlipsKey(booking._id) });
    } catch (error) {
      await failed(error);
    } finally {
      setBusy(false);
    }
  }

  if (slips.isPending) return <SkeletonBlock className="mt-4 h-16 w-full" />;
  const list = slips.data ?? [];
  if (!canSend && list.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-100 pt-4" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        Your deposit slip
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Paid already? Send a photo of the bank’s deposit slip, or a screenshot of the transfer, so our staff know where to look. They confirm the payment once
        the bank shows it. Only you and our staff can open it.
      </p>
      {list.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Slips sent">
          {list.map((slip) => (
            <SlipLine key={slip._id} slip={slip} busy={busy} onRemove={slip.removable ? () => setRemoving(slip) : undefined} />
          ))}
        </ul>
      )}
      {canSend && (
        <label className={`btn-secondary mt-3 cursor-pointer px-3 py-1.5 text-sm focus-within:ring-2 focus-within:ring-primary ${busy ? 'opacity-60' : ''}`}>
          <Upload aria-hidden="true" size={16} />
          {busy ? 'Sending…' : list.length === 0 ? 'Send the slip or screenshot' : 'Send another'}
          <input
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="sr-only"
            disabled={busy}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => void send(e)}
          />
        </label>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove this slip?"
          text={`The slip sent ${formatInstantWithTime(removing.uploadedAt)} is erased at once. Our staff will no longer see it.`}
          yes="Remove the slip"
          no="Keep it"
          onYes={() => void remove(removing)}
          onNo={() => setRemoving(null)}
        />
      )}
    </div>
  );
}

/** Staff's: the slips the customer sent, to check the bank before recording the payment. */
export function StaffPaymentSlips({ bookingId }: { bookingId: string }) {
  const slips = usePaymentSlips(bookingId);
  if (slips.isPending) return <SkeletonBlock className="h-12 w-full" />;
  if (slips.isError) return <p className="text-sm text-red-800">{errorMessage(slips.error)}</p>;
  if (slips.data.length === 0) return <p className="text-sm text-slate-600">The customer has not sent a deposit slip.</p>;
  return (
    <>
      <p className="mb-2 text-sm text-slate-700">
        The customer says they paid into the bank. Check the company’s account for the money, then record the payment: the slip itself marks nothing paid.
      </p>
      <ul className="space-y-2" aria-label="Deposit slips sent">
        {slips.data.map((slip) => (
          <SlipLine key={slip._id} slip={slip} busy={false} />
        ))}
      </ul>
    </>
  );
}
