/**
 * The items handed over at check-out, checked back: the agent ticks each one that came back (none
 * is ticked at first; "All returned" ticks them all in one tap). Those left unticked are recorded
 * as not returned, each with a charge if the agent gives one.
 */
import { controlProps, FormField } from '../../FormField';
import { BigCheckbox } from '../checkOut/Step';
import { type CheckInProblems, type ItemBack, itemsNotBack } from './checkInForm';

export function ItemsBack({ items, problems, onChange }: { items: ItemBack[]; problems: CheckInProblems; onChange: (items: ItemBack[]) => void }) {
  const change = (item: string, patch: Partial<ItemBack>) => onChange(items.map((other) => (other.item === item ? { ...other, ...patch } : other)));
  const missing = itemsNotBack({ items });
  return (
    <section aria-labelledby="items-title" className="space-y-3">
      <h2 id="items-title" className="text-lg font-semibold text-slate-900">
        Items handed over
      </h2>
      {items.length === 0 ? (
        <p className="text-slate-700">Nothing was handed over besides the car and its keys.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">Tick each item that came back with the car.</p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {items.map(({ item, returned }) => (
              <BigCheckbox key={item} checked={returned} onChange={(checked) => change(item, { returned: checked })}>
                {item}
              </BigCheckbox>
            ))}
          </div>
          {missing.length > 0 && (
            <button type="button" className="btn-secondary min-h-11" onClick={() => onChange(items.map((item) => ({ ...item, returned: true })))}>
              All returned
            </button>
          )}
          {missing.length > 0 && (
            <div role="group" aria-labelledby="items-missing-title" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50/60 p-3">
              <p id="items-missing-title" className="font-medium text-amber-950">
                Not ticked, so recorded as not returned: {missing.map(({ item }) => item).join(', ')}
              </p>
              {missing.map(({ item, charge }) => {
                const id = `item-charge-${items.findIndex((other) => other.item === item)}`;
                const problem = problems.item?.[item];
                return (
                  <FormField key={item} id={id} label={`Charge for the ${item.toLowerCase()} (leave empty for none)`} error={problem}>
                    <input
                      {...controlProps(id, problem)}
                      inputMode="numeric"
                      autoComplete="off"
                      value={charge}
                      onChange={(event) => change(item, { charge: event.target.value })}
                    />
                  </FormField>
                );
              })}
            </div>
          )}
        </>
      )}
    </section>
  );
}
