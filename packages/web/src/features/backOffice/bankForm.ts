import { type BankDetails, bankDetails } from '@rental/contract/schemas';
import { type FieldLabel, formErrors } from './formErrors';

export type BankFormValues = { [K in keyof BankDetails]: string };
export type BankFormErrors = Partial<Record<keyof BankDetails, string>>;

export const BANK_FIELDS: { field: keyof BankDetails; label: string }[] = [
  { field: 'bankName', label: 'Bank name' },
  { field: 'accountHolderName', label: 'Account holder name' },
  { field: 'branch', label: 'Branch' },
  { field: 'accountNumber', label: 'Account number' },
  { field: 'accountType', label: 'Account type' },
];

export const EMPTY_BANK_FORM: BankFormValues = { bankName: '', accountHolderName: '', branch: '', accountNumber: '', accountType: '' };

const LABELS = Object.fromEntries(BANK_FIELDS.map(({ field, label }) => [field, { label }])) as Record<keyof BankDetails, FieldLabel>;

/** The server's own rules (the contract's bankDetails schema), in the form's words. */
export function validateBankForm(values: BankFormValues): BankFormErrors {
  const errors = formErrors(bankDetails, values, LABELS);
  if (errors.accountType && values.accountType) errors.accountType = 'Please choose Savings or Chequing.';
  return errors;
}

export function bankDetailsFromForm(values: BankFormValues): BankDetails {
  return {
    bankName: values.bankName.trim(),
    accountHolderName: values.accountHolderName.trim(),
    branch: values.branch.trim(),
    accountNumber: values.accountNumber.trim(),
    accountType: values.accountType as BankDetails['accountType'],
  };
}
