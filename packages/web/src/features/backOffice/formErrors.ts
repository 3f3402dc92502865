/**
 * The owner's forms check their input with the very schema the server checks it with (the
 * contract's zod schemas, loaded only in the staff area). The schemas already word their messages
 * with the forms' labels ("Price per day must be at least 1."); a form only says "is required" for
 * an empty box and "Please choose …" for a select whose options are in front of the person.
 */
import type { z } from 'zod';

export interface FieldLabel {
  label: string;
  /** A select: an empty or unknown choice reads "Please choose a …". */
  choice?: boolean;
}

export function formErrors<K extends string>(
  schema: z.ZodType,
  values: Record<K, string>,
  fields: Partial<Record<K, FieldLabel>>,
  /** What the schema reads, when the form holds it differently (a list typed one per line). */
  input: unknown = values,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  const result = schema.safeParse(input);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (!isFieldOf(fields, field) || errors[field]) continue;
    const labelled = fields[field];
    if (!labelled) continue;
    const { label, choice } = labelled;
    if (choice) errors[field] = `Please choose a ${label.toLowerCase()}.`;
    else if (!values[field].trim()) errors[field] = `${label} is required.`;
    else errors[field] = issue.message;
  }
  return errors;
}

/** Whether a schema's path names one of the form's labelled boxes. */
function isFieldOf<K extends string>(fields: Partial<Record<K, FieldLabel>>, key: PropertyKey | undefined): key is K {
  return typeof key === 'string' && Object.hasOwn(fields, key);
}
