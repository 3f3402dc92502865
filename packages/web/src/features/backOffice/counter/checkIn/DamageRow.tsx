/** One new damage found at return, where the car's outline was tapped: what, its amount or "to be assessed", and a photo from the camera. */
import { DAMAGE_ZONE_WORDS } from '@rental/contract/counter';
import { Camera, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { controlProps, FormField } from '../../FormField';
import { useFilePreview } from '../../useFilePreview';
import { resizePhoto } from '../photos/resizePhoto';
import type { DamageDraft } from './checkInForm';

export function DamageRow({
  damage,
  number,
  error,
  onChange,
  onRemove,
}: {
  damage: DamageDraft;
  number: number;
  error?: string;
  onChange: (damage: DamageDraft) => void;
  onRemove: () => void;
}) {
  const id = damage.key;
  const [resizing, setResizing] = useState(false);
  const preview = useFilePreview(damage.photo);
  const set = (fields: Partial<DamageDraft>) => onChange({ ...damage, ...fields });
  const where = DAMAGE_ZONE_WORDS[damage.zone];

  const takePhoto = async (file: File | undefined) => {
    if (!file) return;
    setResizing(true);
    try {
      onChange({ ...damage, photo: await resizePhoto(file) });
    } finally {
      setResizing(false);
    }
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-slate-50 p-3">
      <fieldset className="space-y-3" aria-describedby={error ? `${id}-problem` : undefined}>
        <legend className="font-medium text-slate-900">
          New damage {number}: {where}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={`${id}-description`} label={`What is the damage (${where.toLowerCase()})?`}>
            <input
              {...controlProps(`${id}-description`, undefined)}
              maxLength={300}
              value={damage.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </FormField>
          <FormField id={`${id}-amount`} label="Amount charged">
            <input
              {...controlProps(`${id}-amount`, undefined)}
              inputMode="numeric"
              autoComplete="off"
              disabled={damage.toBeAssessed}
              value={damage.toBeAssessed ? '' : damage.amount}
              onChange={(e) => set({ amount: e.target.value })}
            />
          </FormField>
          <label className="flex min-h-11 items-center gap-3 self-end text-slate-800">
            <input type="checkbox" className="size-5" checked={damage.toBeAssessed} onChange={(e) => set({ toBeAssessed: e.target.checked })} />
            To be assessed (the deposit is kept until it is)
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {preview && <img src={preview} alt={`New damage ${number}, ${where.toLowerCase()}`} className="size-16 rounded-lg object-cover" />}
          <label className="btn-secondary min-h-11 cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary">
            <Camera aria-hidden="true" size={18} />
            {damage.photo ? 'Take the photo again' : 'Add a photo'}
            <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={(e) => void takePhoto(e.target.files?.[0])} />
          </label>
          <span className="text-sm text-slate-600" aria-live="polite">
            {resizing ? 'Preparing the photo…' : damage.photo ? `Photo: ${damage.photo.name}` : 'No photo'}
          </span>
          {damage.photo && (
            <button type="button" className="text-sm text-slate-700 underline" onClick={() => set({ photo: null })}>
              Remove the photo
            </button>
          )}
          <button type="button" className="btn-secondary ml-auto min-h-11" onClick={onRemove}>
            <Trash2 aria-hidden="true" size={18} />
            Remove damage {number}
          </button>
        </div>
        {error && (
          <p id={`${id}-problem`} className="field-error">
            {error}
          </p>
        )}
      </fieldset>
    </li>
  );
}
