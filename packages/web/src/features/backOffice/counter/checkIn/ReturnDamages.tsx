/**
 * New damages at return, on the same drawing as check-out: the damages already on the car's record
 * are pinned grey, and a tap places a new pin (amber) with its row, tied to this rental and charged
 * with its amount.
 */
import { COUNTER_PHOTO_MAX_PX, MAX_COUNTER_DAMAGES } from '@rental/contract/counter';
import { zoneOfView } from '@rental/contract/damagePins';
import type { CarDamage } from '@rental/contract/schemas';
import { CarDiagram, type PinPlace } from '../../damages/CarDiagram';
import { damagePins, markedPins } from '../../damages/pins';
import { OpenDamages } from '../OpenDamages';
import { type CheckInProblems, type DamageDraft, newDamage } from './checkInForm';
import { DamageRow } from './DamageRow';

export function ReturnDamages({
  openDamages,
  damages,
  problems,
  onChange,
}: {
  openDamages: CarDamage[];
  damages: DamageDraft[];
  problems: CheckInProblems;
  onChange: (damages: DamageDraft[]) => void;
}) {
  const full = damages.length >= MAX_COUNTER_DAMAGES;
  const add = (place: PinPlace) => {
    if (!full) onChange([...damages, newDamage(zoneOfView(place.view), place)]);
  };
  const move = (key: string, to: { x: number; y: number }) =>
    onChange(damages.map((damage) => (damage.key === key && damage.place ? { ...damage, place: { ...damage.place, ...to } } : damage)));
  return (
    <section aria-labelledby="damages-title" className="space-y-3">
      <h2 id="damages-title" className="text-lg font-semibold text-slate-900">
        Damages
      </h2>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">Already noted</h3>
        <OpenDamages damages={openDamages} />
      </div>
      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-700">New damages</h3>
        <p className="mb-2 text-sm text-slate-600">
          Walk round the car and compare it with the damages already noted. Choose the side of the car, then tap where a new damage is to add it.
        </p>
        <CarDiagram
          label="The car's damages: grey already noted, amber new"
          pins={[...damagePins(openDamages), ...markedPins(damages)]}
          onPlace={add}
          onMove={move}
          onSelect={(key) => document.getElementById(`${key}-description`)?.focus()}
          canPlace={!full}
        />
        {full && (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">At most {MAX_COUNTER_DAMAGES} new damages can be marked at once.</p>
        )}
      </div>
      {damages.length === 0 ? (
        <p className="text-slate-700">No new damage.</p>
      ) : (
        <ul className="space-y-3">
          {damages.map((damage, n) => (
            <DamageRow
              key={damage.key}
              damage={damage}
              number={n + 1}
              error={problems.damage?.[damage.key]}
              onChange={(changed) => onChange(damages.map((d) => (d.key === changed.key ? changed : d)))}
              onRemove={() => onChange(damages.filter((d) => d.key !== damage.key))}
            />
          ))}
        </ul>
      )}
      {problems.damages && <p className="field-error">{problems.damages}</p>}
      <p className="text-xs text-slate-500">Photos are made at most {COUNTER_PHOTO_MAX_PX} px wide before they are sent.</p>
    </section>
  );
}
