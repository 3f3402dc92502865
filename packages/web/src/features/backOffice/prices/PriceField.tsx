/** One box of the prices form: its label, hint and problem wired to it; its id says where its problem is keyed. */
import type { ReactNode } from 'react';
import { FormField, controlProps } from '../FormField';

/** "seasons.0.name" → "prices-seasons-0-name": the id the problem's key names. */
export const fieldId = (key: string) => `prices-${key.replaceAll('.', '-')}`;

export interface PriceFieldProps {
  /** Where its problem is keyed (pricesForm.ts). */
  field: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  /** Whole numbers (the default), a signed percentage, text or a day. */
  kind?: 'number' | 'signed' | 'text' | 'date';
  optional?: boolean;
  maxLength?: number;
  className?: string;
}

export function PriceField({ field, label, hint, error, value, onChange, kind = 'number', optional = false, maxLength, className }: PriceFieldProps) {
  const id = fieldId(field);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <input
        {...controlProps(id, error, { hint })}
        type={kind === 'date' ? 'date' : 'text'}
        // A minus sign is not on every phone's number pad: signed percentages get the full keyboard's numbers row.
        inputMode={kind === 'number' ? 'numeric' : kind === 'signed' ? 'text' : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={!optional}
        maxLength={kind === 'date' ? undefined : (maxLength ?? (kind === 'text' ? 60 : 12))}
        autoComplete="off"
      />
    </FormField>
  );
}

/** A problem about a whole season or list, where the focus can land after a refused save. */
export function GroupProblem({ field, error }: { field: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={fieldId(field)} tabIndex={-1} data-problem className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );
}
