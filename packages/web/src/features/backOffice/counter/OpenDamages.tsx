/** The damages already on the car's record, each with its zone, words, photo and when it was noted: check-out and check-in show the same list. */
import { DAMAGE_ZONE_WORDS } from '@rental/contract/counter';
import type { CarDamage } from '@rental/contract/schemas';
import { formatInstant } from '../../../lib/dates';
import { useCounterFileUrl } from './checkOut/counterFile';

export function OpenDamages({ damages }: { damages: CarDamage[] }) {
  if (damages.length === 0) return <p className="mb-3 text-sm text-slate-600">None: the car has no damage on record.</p>;
  return (
    <ul aria-label="Damages already noted" className="mb-3 space-y-2">
      {damages.map((damage) => (
        <OpenDamage key={damage._id} damage={damage} />
      ))}
    </ul>
  );
}

function OpenDamage({ damage }: { damage: CarDamage }) {
  const { url } = useCounterFileUrl(damage.photo);
  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 p-2">
      {damage.photo && (
        <div className="h-16 w-16 shrink-0 overflow-hidden rounded bg-slate-100">
          {url && <img src={url} alt={`Already noted: ${damage.description}`} className="h-full w-full object-cover" />}
        </div>
      )}
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{DAMAGE_ZONE_WORDS[damage.zone]}</p>
        <p className="text-sm break-words text-slate-700">{damage.description}</p>
        <p className="text-xs text-slate-500">
          Noted {formatInstant(damage.foundAt)}
          {damage.foundAtReference ? ` (booking ${damage.foundAtReference})` : ''}
        </p>
      </div>
    </li>
  );
}
