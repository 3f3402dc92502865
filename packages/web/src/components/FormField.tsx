import type { ReactNode } from 'react';

/** Label, control and its error, wired together so a screen reader reads the error with the field. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
  className = '',
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The accessibility attributes of a control inside FormField, and its look. Inputs and selects get
 * one fixed height: a browser draws a select a few pixels shorter than a text input otherwise.
 */
export function controlProps(id: string, error: string | undefined, options: { hint?: string; multiline?: boolean } = {}) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : options.hint ? `${id}-hint` : undefined,
    className: `field-input ${options.multiline ? '' : 'h-11 py-0'} ${error ? 'border-red-500' : ''}`,
  } as const;
}

/** What the server (or the network) answered to a form that was sent, in the form, where the person looks. */
export function FormProblem({ problem }: { problem: string }) {
  if (!problem) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {problem}
    </p>
  );
}
