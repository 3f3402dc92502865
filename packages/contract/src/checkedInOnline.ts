/**
 * A booking checked in online at the counter (decision 125): the desk says so and what the counter
 * still waits for; the check-out skips the licence, the terms and the customer's signature (done on
 * the phone) and records only the car's condition at handover, on a sealed "condition appendix".
 */
import { signedAtWords } from './agreements';

/** The refusals of a check-out without the counter's paperwork, with their words. */
export const CHECKED_IN_ONLINE_REFUSALS = {
  counter_paperwork_missing:
    "This booking was not checked in online: please type the licence number and the renter's address, show the agreement and have the customer sign.",
  staff_signature_missing: 'Please sign as the staff member handing over the keys.',
} as const;
export type CheckedInOnlineRefusal = keyof typeof CHECKED_IN_ONLINE_REFUSALS;

/** The desk's and the check-out page's words for such a booking. */
export const CHECKED_IN_ONLINE_WORDS = {
  badge: 'Checked in online',
  ready: 'Ready for a quick handover: the car, the deposit and the keys',
  vetting: 'Waiting for our check of the driver: the keys cannot go out until it is approved',
  balance: 'Balance still owing',
  deposit: 'Security deposit to take',
  shortCheckOut: 'The licence, the terms and the customer’s signature were done online. Record the car as it leaves, take what is owing, and sign.',
  appendix: 'Condition at handover (PDF)',
} as const;

/** "Wed 25 Nov 2026, 10:42 (Jamaica time)": when the customer checked in online. */
export const checkedInOnlineTime = (iso: string): string => signedAtWords(iso).replace(' at ', ', ');

/** "Checked in online at Wed 25 Nov 2026, 10:42 (Jamaica time)". */
export const checkedInOnlineAt = (iso: string): string => `Checked in online at ${checkedInOnlineTime(iso)}`;

/** The file names the condition appendix is served and kept as. */
export const conditionAppendixName = (reference: string) => `${reference}-condition.pdf`;
