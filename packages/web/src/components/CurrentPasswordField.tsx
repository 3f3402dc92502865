import { FormField, controlProps } from './FormField';

/**
 * The box for a password a person already has (logging in, changing it, turning an account into a
 * staff account): the browser offers the saved one, never a new one.
 */
export function CurrentPasswordField({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        {...controlProps(id, error)}
        type="password"
        autoComplete="current-password"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
      />
    </FormField>
  );
}
