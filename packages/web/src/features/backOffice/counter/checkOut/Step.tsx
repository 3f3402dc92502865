/** One numbered part of the check-out, as staff go through it at the car. */
import type { ReactNode } from 'react';
import type { CheckOutForm } from './checkOutForm';

export type UpdateForm = (patch: Partial<CheckOutForm> | ((form: CheckOutForm) => Partial<CheckOutForm>)) => void;

export function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const headingId = `check-out-step-${number}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="mb-4 flex items-center gap-3 text-lg font-semibold text-slate-900">
        <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm text-white">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A checkbox with a label wide enough for a thumb. */
export function BigCheckbox({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-sky-50">
      <input type="checkbox" className="h-6 w-6 shrink-0 accent-primary" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="min-w-0 text-slate-800">{children}</span>
    </label>
  );
}

/** A short warning next to a field: the server refuses the same, in its own words. */
export function Warning({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="status" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {children}
    </p>
  );
}
