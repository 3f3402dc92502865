/**
 * The pictures of a car being edited: add one, remove one (after a question), move one earlier or
 * later, or make it the cover. Each change is saved at once, apart from the form's Save changes.
 */
import { MAX_CAR_PICTURES } from '@rental/contract/constants';
import type { Car } from '@rental/contract/schemas';
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, Star, Trash2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import toast from '../../../lib/toast';
import { CarImage } from '../../../components/CarImage';
import { ACCEPTED_IMAGE_TYPES, imageFileProblem } from '../imageFile';
import { asCover, canAddPicture, canRemovePicture, movedEarlier, movedLater, pictureIdOf } from './pictureOrder';
import { useCarPictureChange } from './pictureQueries';

/** One column on small phones, two from 420 px, four beside the side menu on wide screens. */
const THUMB_SIZES = '(min-width: 1024px) 220px, (min-width: 420px) 50vw, 100vw';
const ICON_BUTTON =
  'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

export function CarPictures({ car }: { car: Car }) {
  const change = useCarPictureChange(car._id);
  const { pictures } = car;
  const name = `${car.brand} ${car.model}`;
  const busy = change.isPending;

  const reorder = (order: string[]) => change.mutate({ kind: 'order', order: order.map(pictureIdOf) });
  const remove = (index: number) => {
    if (window.confirm(`Remove picture ${index + 1} of the ${name}? Customers will no longer see it.`)) {
      change.mutate({ kind: 'remove', pictureId: pictureIdOf(pictures[index]!) });
    }
  };
  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so the same file can be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) toast.error(problem);
    else change.mutate({ kind: 'add', file });
  };

  return (
    <section aria-labelledby="pictures-heading" aria-busy={busy} className="mt-6 max-w-4xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="pictures-heading" className="text-lg font-semibold text-slate-900">
          Pictures
        </h2>
        <p className="text-sm text-slate-600">
          {pictures.length} of {MAX_CAR_PICTURES}. The first is the cover, shown wherever the car appears.
        </p>
      </div>

      <ol className="mt-4 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {pictures.map((url, index) => (
          <li key={url} aria-label={`Picture ${index + 1}${index === 0 ? ', the cover' : ''}`} className="overflow-hidden rounded-lg border border-slate-200">
            <div className="relative">
              <CarImage
                car={{ ...car, image: url }}
                alt={`${name}, picture ${index + 1}`}
                sizes={THUMB_SIZES}
                width={320}
                height={200}
                className="aspect-[16/10] w-full object-cover"
              />
              {index === 0 && (
                <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-md bg-primary px-2 py-0.5 text-xs font-medium text-white">
                  <Star aria-hidden="true" size={12} />
                  Cover
                </span>
              )}
            </div>
            <div className="space-y-2 p-2">
              <div className="flex gap-2">
                <button
                  type="button"
                  className={ICON_BUTTON}
                  disabled={busy || index === 0}
                  onClick={() => reorder(movedEarlier(pictures, index))}
                  aria-label={`Move picture ${index + 1} earlier`}
                >
                  <ArrowLeft aria-hidden="true" size={18} />
                </button>
                <button
                  type="button"
                  className={ICON_BUTTON}
                  disabled={busy || index === pictures.length - 1}
                  onClick={() => reorder(movedLater(pictures, index))}
                  aria-label={`Move picture ${index + 1} later`}
                >
                  <ArrowRight aria-hidden="true" size={18} />
                </button>
                <button
                  type="button"
                  className={`${ICON_BUTTON} ml-auto text-red-700`}
                  disabled={busy || !canRemovePicture(pictures)}
                  onClick={() => remove(index)}
                  aria-label={`Remove picture ${index + 1}`}
                  title={canRemovePicture(pictures) ? undefined : 'A car keeps at least one picture.'}
                >
                  <Trash2 aria-hidden="true" size={18} />
                </button>
              </div>
              {index > 0 ? (
                <button
                  type="button"
                  className={`${ICON_BUTTON} w-full`}
                  disabled={busy}
                  onClick={() => reorder(asCover(pictures, index))}
                  aria-label={`Make cover: picture ${index + 1}`}
                >
                  Make cover
                </button>
              ) : (
                // Same height as the others' Make cover, so the cards line up.
                <p className="grid h-10 place-items-center text-sm text-slate-500">Shown first</p>
              )}
            </div>
          </li>
        ))}
      </ol>

      <div className="mt-4 flex flex-wrap items-center gap-3">
        {canAddPicture(pictures) ? (
          // The label is the button: a file input cannot be styled, and it stays reachable by keyboard inside.
          <label className={`btn-secondary cursor-pointer focus-within:ring-2 focus-within:ring-primary ${busy ? 'pointer-events-none opacity-60' : ''}`}>
            {busy ? <Loader2 aria-hidden="true" size={18} className="animate-spin" /> : <ImagePlus aria-hidden="true" size={18} />}
            Add a picture
            <input type="file" accept={ACCEPTED_IMAGE_TYPES} onChange={add} disabled={busy} className="sr-only" />
          </label>
        ) : (
          <p className="text-sm text-slate-600">A car has at most {MAX_CAR_PICTURES} pictures: remove one to add another.</p>
        )}
        <p className="text-sm text-slate-500">A JPEG, PNG or WebP picture, up to 10 MB. Changes are saved at once.</p>
      </div>
    </section>
  );
}
