import { ACCOUNT_TYPES } from '@rental/contract/constants';
import type { BankDetails } from '@rental/contract/schemas';

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

/** The server's rule for account numbers, checked here first so the owner hears it at once. */
const ACCOUNT_NUMBER = /^[0-9A-Za-z -]+$/;

export function validateBankForm(values: BankFormValues): BankFormErrors {
  const errors: BankFormErrors = {};
  for (const { field, label } of BANK_FIELDS) {
    if (!values[field].trim()) errors[field] = `${label} is required.`;
  }
  if (!errors.accountNumber && !ACCOUNT_NUMBER.test(values.accountNumber.trim())) {
    errors.accountNumber = 'Account number may hold only digits, letters, spaces and dashes.';
  }
  if (!errors.accountType && !(ACCOUNT_TYPES as readonly string[]).includes(values.accountType)) {
    errors.accountType = 'Please choose Savings or Chequing.';
  }
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
