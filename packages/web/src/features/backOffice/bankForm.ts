import { type BankDetails, bankDetails, MAX_OTHER_BANK_ACCOUNTS, type OtherBankAccount, otherBankAccount } from '@rental/contract/schemas';
import { recordOf } from '@rental/contract/records';
import { type FieldLabel, formErrors } from './formErrors';

/** The SPEC's five fields of one account. */
type AccountField = 'bankName' | 'accountHolderName' | 'branch' | 'accountNumber' | 'accountType';
/** One account's boxes: the five details, and the account number typed a second time. */
export type AccountFormValues = Record<AccountField, string> & { accountNumberAgain: string };
/** Another account's boxes: the same, and the currency it takes ('' when not said). */
export type OtherAccountFormValues = AccountFormValues & { currency: string };
/** The main account's boxes, then the other accounts'. */
export type BankFormValues = AccountFormValues & { others: OtherAccountFormValues[] };
export type BankFormField = keyof AccountFormValues;
export type AccountFormErrors = Partial<Record<BankFormField | 'currency', string>>;
export type BankFormErrors = Partial<Record<BankFormField, string>> & { others?: AccountFormErrors[] };

export { MAX_OTHER_BANK_ACCOUNTS };

/** The five details the server keeps, in the order the form shows them. */
const ACCOUNT_FIELDS = ['bankName', 'accountHolderName', 'branch', 'accountNumber', 'accountType'] as const satisfies readonly AccountField[];
export const BANK_FIELD_LABELS: Record<AccountField, string> = {
  bankName: 'Bank name',
  accountHolderName: 'Account holder name',
  branch: 'Branch',
  accountNumber: 'Account number',
  accountType: 'Account type',
};
export const BANK_FIELDS: { field: AccountField; label: string }[] = ACCOUNT_FIELDS.map((field) => ({ field, label: BANK_FIELD_LABELS[field] }));

/** Every box in the order the form shows them: the repeat right under the account number. */
export const BANK_FORM_FIELDS: BankFormField[] = ['bankName', 'accountHolderName', 'branch', 'accountNumber', 'accountNumberAgain', 'accountType'];

const EMPTY_ACCOUNT: AccountFormValues = { bankName: '', accountHolderName: '', branch: '', accountNumber: '', accountNumberAgain: '', accountType: '' };
export const EMPTY_BANK_FORM: BankFormValues = { ...EMPTY_ACCOUNT, others: [] };
export const EMPTY_OTHER_ACCOUNT: OtherAccountFormValues = { ...EMPTY_ACCOUNT, currency: '' };

const LABELS: Record<AccountField, FieldLabel> = recordOf(ACCOUNT_FIELDS, (field) => ({ label: BANK_FIELD_LABELS[field] }));

/** The digits alone: "354-1027-889" and "354 1027 889" are the same account. */
const digitsOf = (accountNumber: string) => accountNumber.replace(/[\s-]/g, '');

/**
 * The saved details fill both account number boxes, so saving a changed bank name needs no retyping;
 * a changed number must be typed twice.
 */
export function bankFormFrom(saved: BankDetails | null): BankFormValues {
  if (!saved) return EMPTY_BANK_FORM;
  const { otherAccounts, ...main } = saved;
  return {
    ...main,
    accountNumberAgain: saved.accountNumber,
    others: (otherAccounts ?? []).map((account) => ({ ...account, accountNumberAgain: account.accountNumber, currency: account.currency ?? '' })),
  };
}

/** One account's boxes checked by the server's schema, and its number typed twice the same. */
function accountErrors(schema: typeof bankDetails | typeof otherBankAccount, values: AccountFormValues, input: unknown): AccountFormErrors {
  const fields: Record<AccountField, string> = values;
  const errors: AccountFormErrors = formErrors<AccountField>(schema, fields, LABELS, input);
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
 * The server's own rules (the contract's bankDetails schema), in the form's words, and the form's
 * own: each account number typed twice the same, since customers pay into it.
 */
export function validateBankForm(values: BankFormValues): BankFormErrors {
  const { others, ...main } = values;
  const errors: BankFormErrors = accountErrors(bankDetails, main, { ...main, otherAccounts: undefined });
  const otherErrors = others.map((other) => accountErrors(otherBankAccount, other, otherAccountFrom(other)));
  if (otherErrors.some((e) => Object.keys(e).length > 0)) errors.others = otherErrors;
  return errors;
}

/** The first box with a problem, by its id on the page (the main account's, then each other account's in order). */
export function firstProblemId(errors: BankFormErrors): string | undefined {
  const main = BANK_FORM_FIELDS.find((field) => errors[field]);
  if (main) return `bank-${main}`;
  const n = errors.others?.findIndex((e) => Object.keys(e).length > 0) ?? -1;
  if (n < 0) return undefined;
  const field = [...BANK_FORM_FIELDS, 'currency' as const].find((f) => errors.others![n]![f]);
  return `bank-other-${n}-${field}`;
}

/**
 * A saved account number that breaks today's rule (saved before it): its problem, shown as soon
 * as the form opens so the owner corrects it; customers are shown it until then.
 */
export function savedAccountNumberProblem(saved: BankDetails | null): string | undefined {
  return saved ? validateBankForm({ ...bankFormFrom(saved), others: [] }).accountNumber : undefined;
}

function otherAccountFrom(values: OtherAccountFormValues): OtherBankAccount {
  return {
    bankName: values.bankName.trim(),
    accountHolderName: values.accountHolderName.trim(),
    branch: values.branch.trim(),
    accountNumber: values.accountNumber.trim(),
    accountType: values.accountType as OtherBankAccount['accountType'],
    ...(values.currency ? { currency: values.currency as NonNullable<OtherBankAccount['currency']> } : {}),
  };
}

/** What the form saves: the main account and the whole list of others (the list sent replaces the stored one). */
export function bankDetailsFromForm(values: BankFormValues): BankDetails {
  return {
    bankName: values.bankName.trim(),
    accountHolderName: values.accountHolderName.trim(),
    branch: values.branch.trim(),
    accountNumber: values.accountNumber.trim(),
    accountType: values.accountType as BankDetails['accountType'],
    otherAccounts: values.others.map(otherAccountFrom),
  };
}
