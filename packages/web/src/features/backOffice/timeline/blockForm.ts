/** The add-block form's fields and their check: the server's own schema, worded with the form's labels. */
import { createBlockBody } from '@rental/contract/schemas';
import { type FieldLabel, formErrors } from '../formErrors';

export type BlockField = 'car' | 'pickupDate' | 'returnDate' | 'note';
export type BlockFormValues = Record<BlockField, string>;

export const BLOCK_FIELDS: Record<BlockField, FieldLabel> = {
  car: { label: 'Car', choice: true },
  pickupDate: { label: 'First day' },
  returnDate: { label: 'Last day' },
  note: { label: 'Note' },
};

export const emptyBlockForm = (car = '', day = ''): BlockFormValues => ({ car, pickupDate: day, returnDate: day, note: '' });

export function blockFormErrors(values: BlockFormValues): Partial<Record<BlockField, string>> {
  return formErrors(createBlockBody, values, BLOCK_FIELDS);
}
