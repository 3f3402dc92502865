import { FormField, controlProps } from './FormField';

/** A person's own name on an account (owner setup, a staff invitation, My Account): one rule, 100 characters at most. */
export function NameField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <input {...controlProps(id, error)} type="text" autoComplete="name" required maxLength={100} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}
