/**
 * A booking's customer as staff must see them before handing over a car: their driver check in
 * words and colour (or that no driver details were given), and a red "Do not rent". The check
 * links to the customer's card on the driver checks page.
 */
import type { StaffBooking } from '@rental/contract/schemas';
import { Link } from 'react-router';
import { CHIP_STYLE, STAFF_VETTING_WORDS, VETTING_TONE, vettingLink } from './vettingWords';

const CHIP = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

export function VettingChip({ status }: { status: StaffBooking['user']['vetting'] }) {
  return <span className={`${CHIP} ${CHIP_STYLE[VETTING_TONE[status]]}`}>{STAFF_VETTING_WORDS[status]}</span>;
}

export function DoNotRentChip() {
  return <span className={`${CHIP} bg-red-600 text-white ring-red-700`}>Do not rent</span>;
}

export function CustomerChips({ user }: { user: StaffBooking['user'] }) {
  const link = vettingLink(user);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1">
      {link ? (
        <Link
          to={link}
          className="rounded-full hover:opacity-80"
          aria-label={`Driver check: ${STAFF_VETTING_WORDS[user.vetting]}. Open ${user.name}’s driver check`}
        >
          <VettingChip status={user.vetting} />
        </Link>
      ) : (
        <VettingChip status={user.vetting} />
      )}
      {user.doNotRent && <DoNotRentChip />}
    </p>
  );
}

/** The other drivers named on a booking, by name and licence number. */
export function OtherDrivers({ drivers }: { drivers: StaffBooking['additionalDrivers'] }) {
  if (drivers.length === 0) return null;
  return (
    <div className="mt-2 text-xs text-slate-600">
      <p className="font-medium text-slate-700">Other drivers</p>
      <ul>
        {drivers.map((driver) => (
          <li key={`${driver.name}-${driver.licenceNumber}`} className="[overflow-wrap:anywhere]">
            {driver.name}, licence {driver.licenceNumber}
          </li>
        ))}
      </ul>
    </div>
  );
}
