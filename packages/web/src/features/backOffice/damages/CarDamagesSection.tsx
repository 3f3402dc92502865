/**
 * A car's damages on its staff page: the open ones pinned on the car's drawing (the counter shows
 * them at each check-out), then the whole history, repaired ones too, each with its photos, the
 * booking and the check that found it, what was charged and its repair. Owners and managers mark
 * one repaired with the day and the cost.
 */
import { DAMAGE_VIEW_WORDS } from '@rental/contract/damagePins';
import type { Car, CarDamage } from '@rental/contract/schemas';
import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { SkeletonBlock } from '../../../components/Skeleton';
import { useMoney } from '../../../company/useCompany';
import { useStaffMay } from '../useStaffMay';
import { CarDiagram } from './CarDiagram';
import { damagePins } from './pins';
import { DamagePhoto } from './DamagePhoto';
import { useCarDamages } from './damageQueries';
import { amountWords, checkWords, foundWords, openFirst, repairWords } from './damageWords';
import { RepairForm } from './RepairForm';

const itemId = (damage: Pick<CarDamage, '_id'>) => `damage-${damage._id}`;
const pinTitle = (damage: CarDamage) => `${DAMAGE_VIEW_WORDS[damage.view]}: ${damage.description}`;

export function CarDamagesSection({ car }: { car: Car }) {
  const damages = useCarDamages(car._id);
  let body;
  if (damages.isPending) {
    body = (
      <div role="status">
        <span className="sr-only">Loading the damages…</span>
        <SkeletonBlock className="h-48 w-full" />
      </div>
    );
  } else if (damages.isError) {
    body = (
      <p role="alert" className="text-red-800">
        {errorMessage(damages.error)}
      </p>
    );
  } else if (damages.data.length === 0) {
    body = <p className="text-slate-600">No damages noted on this car.</p>;
  } else {
    const ordered = openFirst(damages.data);
    const open = ordered.filter((damage) => !damage.repairedAt);
    const select = (key: string) => document.getElementById(itemId({ _id: key }))?.focus();
    body = (
      <>
        {open.length > 0 ? (
          <CarDiagram label="Open damages" pins={damagePins(open)} onSelect={select} />
        ) : (
          <p className="text-slate-600">No open damage: every damage noted has been repaired.</p>
        )}
        <h3 className="mt-5 text-base font-semibold text-slate-900">History</h3>
        <ol className="mt-2 space-y-2">
          {ordered.map((damage, n) => (
            <HistoryItem key={damage._id} car={car} damage={damage} number={n + 1} />
          ))}
        </ol>
      </>
    );
  }
  return (
    <section aria-labelledby="damages-heading" className="mt-6 max-w-4xl rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="damages-heading" className="text-lg font-semibold text-slate-900">
        Damages
      </h2>
      <p className="mb-3 text-sm text-slate-600">Open damages are pinned on the drawing, numbered as in the history below.</p>
      {body}
    </section>
  );
}

function HistoryItem({ car, damage, number }: { car: Car; damage: CarDamage; number: number }) {
  const money = useMoney();
  const mayRepair = useStaffMay('manager');
  const [repairing, setRepairing] = useState(false);
  const repaired = damage.repairedAt !== null;
  const title = pinTitle(damage);
  const found = [foundWords(damage), checkWords(damage.foundStage)].filter(Boolean).join(', ');
  return (
    <li
      id={itemId(damage)}
      tabIndex={-1}
      aria-label={`${number}. ${title}`}
      className={`rounded-lg border p-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary ${
        repaired ? 'border-slate-100 bg-slate-50 text-slate-600' : 'border-slate-200 bg-white text-slate-800'
      }`}
    >
      <p className="font-medium text-slate-900">
        {number}. {title}
      </p>
      <p>{found}</p>
      <p>{amountWords(damage.amount, money)}</p>
      <p className={repaired ? 'font-medium' : ''}>{repairWords(damage, money)}</p>
      {damage.photos.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {damage.photos.map((path, n) => (
            <DamagePhoto key={path} path={path} title={`${title}, photo ${n + 1}`} />
          ))}
        </div>
      )}
      {!repaired && mayRepair && !repairing && (
        <button
          type="button"
          aria-label={`Mark repaired: ${title}`}
          className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-medium text-primary hover:bg-primary-light"
          onClick={() => setRepairing(true)}
        >
          <Wrench aria-hidden="true" size={16} />
          Mark repaired
        </button>
      )}
      {repairing && !repaired && <RepairForm carId={car._id} damage={damage} onDone={() => setRepairing(false)} />}
    </li>
  );
}
