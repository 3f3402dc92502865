/**
 * A day typed as Jamaicans write it, dd/mm/yyyy, whatever the browser's language: a date picker
 * shows the phone's own order (mm/dd/yyyy on many), which made "03/04" mean two different days.
 * The form keeps YYYY-MM-DD, as the API does; what is typed but not yet a real day is passed on as
 * typed, so the form's check says it is not a real date.
 */
import { formatShortDate, parseShortDate } from '@rental/contract/format';
import { type InputHTMLAttributes, useState } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** YYYY-MM-DD, '' for none, or text that is not a day yet. */
  value: string;
  onChange: (value: string) => void;
};

/** What the form holds for what is typed: the day, '' for nothing, or the text itself. */
export function dayValue(text: string): string {
  return text.trim() === '' ? '' : (parseShortDate(text) ?? text.trim());
}

export function DayInput({ value, onChange, ...rest }: Props) {
  const [text, setText] = useState(() => formatShortDate(value));
  // A value set from outside (details loaded, a form emptied) is shown; what is being typed stays as typed.
  const shown = dayValue(text) === value ? text : formatShortDate(value);
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      placeholder="dd/mm/yyyy"
      maxLength={10}
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        onChange(dayValue(event.target.value));
      }}
    />
  );
}
