import { type BankDetails, bankDetails } from '@rental/contract/schemas';
import { type FieldLabel, formErrors } from './formErrors';

/** The form's boxes: the five details, and the account number typed a second time. */
export type BankFormValues = { [K in keyof BankDetails]: string } & { accountNumberAgain: string };
export type BankFormField = keyof BankFormValues;
export type BankFormErrors = Partial<Record<BankFormField, string>>;

/** The five details the server keeps, in the order the form shows them. */
export const BANK_FIELDS: { field: keyof BankDetails; label: string }[] = [
  { field: 'bankName', label: 'Bank name' },
  { field: 'accountHolderName', label: 'Account holder name' },
  { field: 'branch', label: 'Branch' },
  { field: 'accountNumber', label: 'Account number' },
  { field: 'accountType', label: 'Account type' },
];

/** Every box in the order the form shows them: the repeat right under the account number. */
export const BANK_FORM_FIELDS: BankFormField[] = ['bankName', 'accountHolderName', 'branch', 'accountNumber', 'accountNumberAgain', 'accountType'];

export const EMPTY_BANK_FORM: BankFormValues = { bankName: '', accountHolderName: '', branch: '', accountNumber: '', accountNumberAgain: '', accountType: '' };

const LABELS = Object.fromEntries(BANK_FIELDS.map(({ field, label }) => [field, { label }])) as Record<keyof BankDetails, FieldLabel>;

/** The digits alone: "354-1027-889" and "354 1027 889" are the same account. */
const digitsOf = (accountNumber: string) => accountNumber.replace(/[\s-]/g, '');

/**
 * The saved details fill both account number boxes, so saving a changed bank name needs no retyping;
 * a changed number must be typed twice.
 */
export function bankFormFrom(saved: BankDetails | null): BankFormValues {
  return saved ? { ...saved, accountNumberAgain: saved.accountNumber } : EMPTY_BANK_FORM;
}

/**
 * The server's own rules (the contract's bankDetails schema), in the form's words, and the form's
 * own: the account number typed twice the same, since customers pay into it.
 */
export function validateBankForm(values: BankFormValues): BankFormErrors {
  const errors: BankFormErrors = formErrors(bankDetails, values, LABELS);
  if (errors.accountType && values.accountType) errors.accountType = 'Please choose Savings or Chequing.';
  if (!errors.accountNumber) {
    if (!values.accountNumberAgain.trim()) errors.accountNumberAgain = 'Please type the account number again.';
    else if (digitsOf(values.accountNumberAgain) !== digitsOf(values.accountNumber)) {
      errors.accountNumberAgain = 'The two account numbers are not the same. Please check both.';
    }
  }
  return errors;
}

/**
 * A saved account number that breaks today's rule (saved before it): its problem, shown as soon
 * as the form opens so the owner corrects it; customers are shown it until then.
 */
export function savedAccountNumberProblem(saved: BankDetails | null): string | undefined {
  return saved ? validateBankForm(bankFormFrom(saved)).accountNumber : undefined;
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
