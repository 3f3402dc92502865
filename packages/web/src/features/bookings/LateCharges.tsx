/**
 * Tolls and tickets that arrived after the return (docs/decisions/119): on the customer's booking
 * page and on staff's, each with its day, plaza or ticket number and amount, and its scan opened
 * with the session's key (a plain link cannot send it). The charge itself is a line of the folio
 * shown above it, paid like the rest of the balance.
 */
import { LATE_CHARGE_KIND_WORDS } from '@rental/contract/lateCharges';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import toast from '../../lib/toast';
import { callApi, errorMessage } from '../../api/client';
import { openApiFile } from '../../api/openApiFile';
import { useMoney } from '../../company/useCompany';
import { formatCalendarDate } from '../../lib/dates';

/** Under the booking's own key: what refreshes a booking refreshes this with it. */
export const lateChargesKey = (bookingId: string) => ['booking', 'late-charges', bookingId] as const;

export function useLateCharges(bookingId: string, enabled = true) {
  return useQuery({
    queryKey: lateChargesKey(bookingId),
    queryFn: ({ signal }) => callApi('lateCharges', { params: { id: bookingId }, signal }),
    select: (answer) => answer.lateCharges,
    enabled,
  });
}

/** The list, or nothing at all while there is none (most bookings). */
export function LateChargeList({ bookingId, title }: { bookingId: string; title?: string }) {
  const charges = useLateCharges(bookingId);
  const money = useMoney();
  if (!charges.data || charges.data.length === 0) return null;
  return (
    <div>
      {title && <h3 className="mb-2 font-semibold text-slate-900">{title}</h3>}
      <ul className="space-y-2" aria-label="Tolls and tickets after the return">
        {charges.data.map((charge) => {
          const what = `${LATE_CHARGE_KIND_WORDS[charge.kind]}, ${formatCalendarDate(charge.offenceDate)}`;
          return (
            <li key={charge.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
              <FileText aria-hidden="true" size={18} className="shrink-0 text-slate-500" />
              <span className="min-w-40 flex-1 text-slate-800">
                {what}
                <span className="block text-slate-500">
                  {charge.description} · {money(charge.amount)}
                </span>
              </span>
              {charge.scanUrl && (
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  aria-label={`Open the scan of the ${what}`}
                  onClick={() => void openApiFile(charge.scanUrl ?? '').catch((error: unknown) => toast.error(errorMessage(error)))}
                >
                  Open the scan
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
