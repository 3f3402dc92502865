/**
 * Whether online check-in is open for a booking now, by the company's hours, and the words for a
 * check-in not open (why, and when it opens): the customer's booking page and the looked-up booking
 * say it alike.
 */
import { DEFAULT_WEEK_HOURS } from '@rental/contract/onlineCheckIn';
import { useCompany } from '../../company/useCompany';
import { formatInstantWithTime } from '../../lib/dates';
import { type CheckInCall, checkInCall } from './checkInSteps';

export function useCheckInCall(booking: Parameters<typeof checkInCall>[0]): CheckInCall {
  const company = useCompany();
  // A server from before online check-in sends no hours: the shipped ones.
  return checkInCall(booking, { weekHours: company.weekHours ?? DEFAULT_WEEK_HOURS, onlineCheckInHours: company.onlineCheckInHours ?? 72 }, new Date());
}

export function CheckInNotOpen({ call }: { call: Extract<CheckInCall, { kind: 'not_yet' }> }) {
  return (
    <p className="mt-1 text-sm text-slate-700">
      {call.words}
      {call.opensAt && (
        <>
          {' '}
          It opens on <strong>{formatInstantWithTime(call.opensAt.toISOString())}</strong> (Jamaica time).
        </>
      )}
    </p>
  );
}
