/**
 * Step 4: the walk round the car. The damages already noted are pinned on the car's drawing (grey)
 * and confirmed as they are; new ones are placed as pins by tapping the drawing (amber), each
 * described and, if staff like, photographed.
 */
import { DAMAGE_ZONE_WORDS, MAX_COUNTER_DAMAGES, MAX_COUNTER_PHOTOS } from '@rental/contract/counter';
import type { CarDamage } from '@rental/contract/schemas';
import { type ChangeEvent, useState } from 'react';
import { controlProps, FormField } from '../../FormField';
import { useFilePreview } from '../../useFilePreview';
import { resizePhoto } from '../photos/resizePhoto';
import { zoneOfView } from '@rental/contract/damagePins';
import { CarDiagram, type PinPlace } from '../../damages/CarDiagram';
import { damagePins, markedPins } from '../../damages/pins';
import { OpenDamages } from '../OpenDamages';
import { type CheckOutForm, type NewDamage, newDamage } from './checkOutForm';
import { BigCheckbox, type UpdateForm, Warning } from './Step';

export function DamagesStep({ openDamages, form, update }: { openDamages: CarDamage[]; form: CheckOutForm; update: UpdateForm }) {
  const photos = form.damages.filter((damage) => damage.photo).length;
  const full = form.damages.length >= MAX_COUNTER_DAMAGES;

  const add = (place: PinPlace) => {
    if (!full) update((current) => ({ damages: [...current.damages, newDamage(zoneOfView(place.view), place)] }));
  };
  const move = (key: string, to: { x: number; y: number }) =>
    update((current) => ({
      damages: current.damages.map((damage) => (damage.key === key && damage.place ? { ...damage, place: { ...damage.place, ...to } } : damage)),
    }));
  const change = (key: string, patch: Partial<NewDamage>) =>
    update((current) => ({ damages: current.damages.map((damage) => (damage.key === key ? { ...damage, ...patch } : damage)) }));
  const remove = (key: string) => update((current) => ({ damages: current.damages.filter((damage) => damage.key !== key) }));

  return (
    <div className="space-y-5">
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-700">Damages already noted</h3>
        <OpenDamages damages={openDamages} />
        <BigCheckbox checked={form.existingDamagesConfirmed} onChange={(checked) => update({ existingDamagesConfirmed: checked })}>
          {openDamages.length === 0 ? 'I walked round the car: there is no damage other than what I mark below' : 'The damages above are still as noted'}
        </BigCheckbox>
      </div>

      <div>
        <h3 className="mb-1 text-sm font-semibold text-slate-700">New damages</h3>
        <p className="mb-2 text-sm text-slate-600">Choose the side of the car, then tap where the damage is to add it.</p>
        <CarDiagram
          label="The car's damages: grey already noted, amber new"
          pins={[...damagePins(openDamages), ...markedPins(form.damages)]}
          onPlace={add}
          onMove={move}
          onSelect={(key) => document.getElementById(`${key}-description`)?.focus()}
          canPlace={!full}
        />
        {full && <Warning>At most {MAX_COUNTER_DAMAGES} new damages can be marked at once.</Warning>}
        {form.damages.length > 0 && (
          <ol className="mt-3 space-y-3">
            {form.damages.map((damage, index) => (
              <DamageRow
                key={damage.key}
                damage={damage}
                number={index + 1}
                canAddPhoto={photos < MAX_COUNTER_PHOTOS}
                onChange={(patch) => change(damage.key, patch)}
                onRemove={() => remove(damage.key)}
              />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function DamageRow({
  damage,
  number,
  canAddPhoto,
  onChange,
  onRemove,
}: {
  damage: NewDamage;
  number: number;
  canAddPhoto: boolean;
  onChange: (patch: Partial<NewDamage>) => void;
  onRemove: () => void;
}) {
  const preview = useFilePreview(damage.photo);
  const [resizing, setResizing] = useState(false);
  const where = DAMAGE_ZONE_WORDS[damage.zone];
  const descriptionId = `${damage.key}-description`;
  const photoId = `${damage.key}-photo`;

  const takePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setResizing(true);
    try {
      onChange({ photo: await resizePhoto(file) });
    } finally {
      setResizing(false);
    }
  };

  return (
    <li className="rounded-lg border border-amber-300 bg-amber-50/40 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          New damage {number}: {where}
        </p>
        <button
          type="button"
          className="btn-secondary min-h-11 px-3 text-sm"
          onClick={onRemove}
          aria-label={`Remove new damage ${number} (${where.toLowerCase()})`}
        >
          Remove
        </button>
      </div>
      <FormField id={descriptionId} label={`What is the damage (${where.toLowerCase()})?`}>
        <input
          {...controlProps(descriptionId, undefined)}
          maxLength={300}
          placeholder="e.g. Scratch on the bumper, 10 cm"
          value={damage.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </FormField>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {preview && <img src={preview} alt={`New damage ${number}, ${where.toLowerCase()}`} className="h-20 w-20 rounded object-cover" />}
        {damage.photo ? (
          <button type="button" className="btn-secondary min-h-11 px-3 text-sm" onClick={() => onChange({ photo: null })}>
            Remove the photo
          </button>
        ) : (
          <label
            htmlFor={photoId}
            className={`btn-secondary min-h-11 cursor-pointer px-3 text-sm ${!canAddPhoto || resizing ? 'pointer-events-none opacity-60' : ''}`}
          >
            {resizing ? 'Preparing the photo…' : `Take a photo (${where.toLowerCase()})`}
            <input
              id={photoId}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              disabled={!canAddPhoto || resizing}
              onChange={takePhoto}
            />
          </label>
        )}
        {!damage.photo && !canAddPhoto && <span className="text-sm text-slate-600">At most {MAX_COUNTER_PHOTOS} photos at once.</span>}
      </div>
    </li>
  );
}
