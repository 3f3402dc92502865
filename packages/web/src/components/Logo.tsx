import { CarFront } from 'lucide-react';
import { useCompany } from '../company/useCompany';

/** The brand: the company's name as its settings say (blank until they arrive, never another company's). */

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { name } = useCompany();
  return (
    <span className="inline-flex items-center gap-2 font-semibold">
      <span className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-primary text-white">
        <CarFront aria-hidden="true" size={20} />
      </span>
      <span className={`text-lg leading-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>{name}</span>
    </span>
  );
}
