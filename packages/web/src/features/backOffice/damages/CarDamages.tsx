/**
 * A car's damages on Manage Cars, behind a "Damages" disclosure: open ones first (the counter shows
 * them at each check-out), each with where it is, its photo, when and at which booking it was found
 * and what was charged; repaired ones greyed with the day. "Mark repaired" asks first.
 */
import type { Car, CarDamage } from '@rental/contract/schemas';
import { ChevronDown, Wrench } from 'lucide-react';
import { SkeletonBlock } from '../../../components/Skeleton';
import { errorMessage } from '../../../api/client';
import { useMoney } from '../../../company/useCompany';
import { DamagePhoto } from './DamagePhoto';
import { amountWords, damageTitle, foundWords, openFirst, repairQuestion, repairWords } from './damageWords';
import { useCarDamages, useRepairDamage } from './damageQueries';
import { useStaffMay } from '../useStaffMay';

const carName = (car: Car) => `${car.brand} ${car.model}`;
export const damagesPanelId = (car: Car) => `damages-${car._id}`;

/** The disclosure's button; the panel is CarDamages, shown while it is open. */
export function DamagesToggle({ car, open, onToggle }: { car: Car; open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? damagesPanelId(car) : undefined}
      aria-label={`Damages: ${carName(car)}`}
      className="inline-flex min-h-9 items-center gap-1 rounded-lg px-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      Damages
      <ChevronDown aria-hidden="true" size={16} className={open ? 'rotate-180' : ''} />
    </button>
  );
}

export function CarDamages({ car }: { car: Car }) {
  const damages = useCarDamages(car._id);
  let body;
  if (damages.isPending) {
    body = (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading the damages…</span>
        <SkeletonBlock className="h-16 w-full" />
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
    body = (
      <ul className="space-y-2">
        {openFirst(damages.data).map((damage) => (
          <DamageItem key={damage._id} car={car} damage={damage} />
        ))}
      </ul>
    );
  }
  return (
    // Clicks inside stay here: the row or card around opens the car's edit page.
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events
    <div className="cursor-default text-sm" onClick={(e) => e.stopPropagation()}>
      <section id={damagesPanelId(car)} aria-label={`Damages of the ${carName(car)}`}>
        {body}
      </section>
    </div>
  );
}

function DamageItem({ car, damage }: { car: Car; damage: CarDamage }) {
  const money = useMoney();
  const repair = useRepairDamage(car._id);
  const title = damageTitle(damage);
  const repaired = damage.repairedAt !== null;
  const mayRepair = useStaffMay('manager');
  return (
    <li className={`flex gap-3 rounded-lg border p-2 ${repaired ? 'border-slate-100 bg-slate-50 text-slate-500' : 'border-slate-200 bg-white'}`}>
      {damage.photo && <DamagePhoto path={damage.photo} title={title} />}
      <div className="min-w-0 flex-1">
        <p className={`font-medium ${repaired ? 'text-slate-500' : 'text-slate-900'}`}>{title}</p>
        <p>{foundWords(damage)}</p>
        <p>{amountWords(damage.amount, money)}</p>
        {repaired ? (
          <p className="font-medium">{repairWords(damage, money)}</p>
        ) : (
          mayRepair && (
            <button
              type="button"
              aria-label={`Mark repaired: ${title}`}
              className="mt-1 inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-primary hover:bg-primary-light disabled:opacity-50"
              disabled={repair.isPending}
              onClick={() => {
                if (window.confirm(repairQuestion(damage))) repair.mutate({ damageId: damage._id, repair: {} });
              }}
            >
              <Wrench aria-hidden="true" size={16} />
              Mark repaired
            </button>
          )
        )}
      </div>
    </li>
  );
}
