/**
 * The damages already on the car's record, each with its side, words, photo and when it was noted:
 * check-out and check-in show the same list, numbered as the grey pins on the car's drawing.
 */
import { DAMAGE_VIEW_WORDS } from '@rental/contract/damagePins';
import type { CarDamage } from '@rental/contract/schemas';
import { formatInstant } from '../../../lib/dates';
import { useCounterFileUrl } from './checkOut/counterFile';

export function OpenDamages({ damages }: { damages: CarDamage[] }) {
  if (damages.length === 0) return <p className="mb-3 text-sm text-slate-600">None: the car has no damage on record.</p>;
  return (
    <ul aria-label="Damages already noted" className="mb-3 space-y-2">
      {damages.map((damage, n) => (
        <OpenDamage key={damage._id} damage={damage} number={n + 1} />
      ))}
    </ul>
  );
}

function OpenDamage({ damage, number }: { damage: CarDamage; number: number }) {
  const { url } = useCounterFileUrl(damage.photo);
  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 p-2">
      {damage.photo && (
        <div className="h-16 w-16 shrink-0 overflow-hidden rounded bg-slate-100">
          {url && <img src={url} alt={`Already noted: ${damage.description}`} className="h-full w-full object-cover" />}
        </div>
      )}
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {number}. {DAMAGE_VIEW_WORDS[damage.view]}
        </p>
        <p className="text-sm break-words text-slate-700">{damage.description}</p>
        <p className="text-xs text-slate-500">
          Noted {formatInstant(damage.foundAt)}
          {damage.foundAtReference ? ` (booking ${damage.foundAtReference})` : ''}
        </p>
      </div>
    </li>
  );
}
