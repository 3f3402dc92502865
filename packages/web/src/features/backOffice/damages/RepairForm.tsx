/**
 * Marking a damage repaired (owners and managers): the day (today unless changed) and what the
 * repair cost. The form checks what it can as the server does (damagePins.ts repairProblem); a
 * refusal from the server is shown at its field, told apart by its code.
 */
import { DAMAGE_PIN_REFUSALS, type DamagePinRefusal, repairProblem } from '@rental/contract/damagePins';
import { companyToday } from '@rental/contract/rentalDates';
import type { CarDamage } from '@rental/contract/schemas';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client';
import { controlProps, FormField } from '../FormField';
import { FormProblem } from '../../../components/FormField';
import { useRepairDamage } from './damageQueries';
import { damageTitle } from './damageWords';

const COST_CODES: readonly string[] = ['repair_cost_negative'] satisfies DamagePinRefusal[];
const DAY_CODES: readonly string[] = ['repair_in_future', 'repair_before_found'] satisfies DamagePinRefusal[];

export function RepairForm({ carId, damage, onDone }: { carId: string; damage: CarDamage; onDone: () => void }) {
  const today = companyToday();
  const [day, setDay] = useState(today);
  const [cost, setCost] = useState('');
  const [problems, setProblems] = useState<{ day?: string; cost?: string; form?: string }>({});
  const repair = useRepairDamage(carId);
  const id = `repair-${damage._id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = cost.trim().replace(/[,\s]/g, '');
    if (typed !== '' && !/^-?\d+$/.test(typed)) return setProblems({ cost: 'Please give the cost as a whole number, or leave it empty.' });
    const amount = typed === '' ? null : Number(typed);
    if (!day) return setProblems({ day: 'Please choose the repair day.' });
    const problem = repairProblem({ repairedOn: day, cost: amount }, today, companyToday(new Date(damage.foundAt)));
    if (problem) return setProblems(COST_CODES.includes(problem) ? { cost: DAMAGE_PIN_REFUSALS[problem] } : { day: DAMAGE_PIN_REFUSALS[problem] });
    setProblems({});
    repair.mutate(
      { damageId: damage._id, repair: { repairedOn: day, cost: amount } },
      {
        onSuccess: onDone,
        onError: (error) => {
          const code = error instanceof ApiError ? error.code : undefined;
          const words = errorMessage(error);
          setProblems(code && COST_CODES.includes(code) ? { cost: words } : code && DAY_CODES.includes(code) ? { day: words } : { form: words });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Mark repaired: ${damageTitle(damage)}`} className="mt-2 space-y-3 rounded-lg bg-slate-50 p-3">
      <div className="grid gap-3 min-[420px]:grid-cols-2">
        <FormField id={`${id}-day`} label="Repaired on" error={problems.day}>
          <input {...controlProps(`${id}-day`, problems.day)} type="date" max={today} value={day} onChange={(event) => setDay(event.target.value)} />
        </FormField>
        <FormField id={`${id}-cost`} label="Repair cost" hint="Leave empty if not known yet." error={problems.cost}>
          <input
            {...controlProps(`${id}-cost`, problems.cost, { hint: 'Leave empty if not known yet.' })}
            inputMode="numeric"
            value={cost}
            onChange={(event) => setCost(event.target.value)}
          />
        </FormField>
      </div>
      <FormProblem problem={problems.form ?? ''} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11" disabled={repair.isPending}>
          {repair.isPending ? 'Saving…' : 'Save the repair'}
        </button>
        <button type="button" className="btn-secondary min-h-11" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
