import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import type { BankDetails } from '@rental/contract/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerApi, ownerToken, publicBankDetails, setBankDetails } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { BankForm } from './BankDetailsPage';
import { BANK_FIELDS, EMPTY_BANK_FORM, bankDetailsFromForm, bankFormFrom, validateBankForm } from './bankForm';

const SLOW = { timeout: 10_000 };
const LABELS = ['Bank name', 'Account holder name', 'Branch', 'Account number', 'Account type'];

/**
 * The company has one bank record, shared with other test files running at the same time: these
 * tests make sure one exists, then only ever save it back unchanged.
 */
async function storedBankDetails(): Promise<BankDetails> {
  const { bankDetails } = await ownerApi().call('publicBankDetails');
  if (bankDetails) return bankDetails;
  const details: BankDetails = {
    bankName: 'National Commercial Bank',
    accountHolderName: 'Waterford Car Rental Ltd.',
    branch: 'Portmore Pines',
    accountNumber: '354-1027-889',
    accountType: 'Chequing',
  };
  await setBankDetails(details);
  return details;
}

describe('the bank details form', () => {
  beforeAll(() => import('./StaffRoutes'));

  it('requires all five fields', () => {
    const errors = validateBankForm(EMPTY_BANK_FORM);
    expect(BANK_FIELDS.map(({ field }) => errors[field])).toEqual([
      'Bank name is required.',
      'Account holder name is required.',
      'Branch is required.',
      'Account number is required.',
      'Account type is required.',
    ]);
  });

  it('is prefilled with the saved details, and names every field left empty without saving', async () => {
    const saved = await storedBankDetails();
    renderApp('/owner/bank-details', { token: ownerToken() });
    expect(await screen.findByLabelText('Bank name', {}, SLOW)).toHaveValue(saved.bankName);
    // The title names the company once its settings have arrived.
    await waitFor(() => expect(document.title).toMatch(/^Bank Details \|/));
    expect(screen.getByLabelText('Account holder name')).toHaveValue(saved.accountHolderName);
    expect(screen.getByLabelText('Branch')).toHaveValue(saved.branch);
    expect(screen.getByLabelText('Account number')).toHaveValue(saved.accountNumber);
    expect(screen.getByLabelText('Account type')).toHaveValue(saved.accountType);
    expect(Array.from(screen.getByLabelText('Account type').querySelectorAll('option:not([disabled])'), (o) => o.textContent)).toEqual(['Savings', 'Chequing']);
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeRequired();

    for (const label of LABELS.slice(0, 4)) await userEvent.clear(screen.getByLabelText(label));
    await userEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    for (const label of LABELS.slice(0, 4)) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(`${label} is required.`);
    }
    expect(screen.getByLabelText('Bank name')).toHaveFocus();
    expect(screen.queryByText(MESSAGES.bankDetailsSaved)).not.toBeInTheDocument();
  });

  it('saves once however often the form is sent', async () => {
    const saved = await storedBankDetails();
    renderApp('/owner/bank-details', { token: ownerToken() });
    expect(await screen.findByLabelText('Bank name', {}, SLOW)).toHaveValue(saved.bankName);

    const form = screen.getByRole('form', { name: 'Bank details' });
    // Two submissions in the same instant, before React can disable the button.
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();

    expect(await screen.findByText(MESSAGES.bankDetailsSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save bank details' })).toBeEnabled());
    expect(screen.getAllByText(MESSAGES.bankDetailsSaved)).toHaveLength(1);
  });
});

describe('the account number customers pay into', () => {
  let saved: BankDetails;
  beforeAll(async () => {
    await import('./StaffRoutes');
    saved = await storedBankDetails();
  });
  // Other test files read the company's one bank record: it ends as it began.
  afterAll(() => setBankDetails(saved));

  const accountNumber = () => screen.getByLabelText('Account number');
  const again = () => screen.getByLabelText('Account number again');
  const saveButton = () => screen.getByRole('button', { name: 'Save bank details' });

  it('the form checks the number twice typed the same, whatever spaces or dashes group it', () => {
    const form = bankFormFrom(saved);
    expect(validateBankForm(form)).toEqual({});
    expect(validateBankForm({ ...form, accountNumber: '0071-556-9012' }).accountNumberAgain).toBe(
      'The two account numbers are not the same. Please check both.',
    );
    expect(validateBankForm({ ...form, accountNumber: '0071-556-9012', accountNumberAgain: '0071 556 9012' })).toEqual({});
    expect(validateBankForm({ ...form, accountNumberAgain: '' }).accountNumberAgain).toBe('Please type the account number again.');
    expect(validateBankForm({ ...form, accountNumber: 'abc', accountNumberAgain: 'abc' })).toEqual({
      accountNumber: 'Account number may hold only digits, spaces and dashes.',
    });
  });

  it('is asked twice: a changed number not typed again the same is refused in words, and nothing is saved', async () => {
    renderApp('/owner/bank-details', { token: ownerToken() });
    expect(await screen.findByLabelText('Account number', {}, SLOW)).toHaveValue(saved.accountNumber);
    expect(again()).toHaveValue(saved.accountNumber);
    expect(accountNumber()).toHaveAccessibleDescription('Digits, with spaces or dashes between groups if you like: 5 to 20 digits.');

    await userEvent.clear(accountNumber());
    await userEvent.type(accountNumber(), '0071-556-9012');
    await userEvent.click(saveButton());
    expect(again()).toHaveAccessibleDescription('The two account numbers are not the same. Please check both.');
    expect(again()).toHaveFocus();

    await userEvent.clear(again());
    await userEvent.type(again(), '0071 556 9013');
    expect(again()).toHaveAccessibleDescription('The two account numbers are not the same. Please check both.');
    expect(screen.queryByText(MESSAGES.bankDetailsSaved)).not.toBeInTheDocument();
    expect((await publicBankDetails())?.accountNumber).toBe(saved.accountNumber);

    await userEvent.clear(again());
    await userEvent.type(again(), '0071 556 9012');
    expect(again()).not.toHaveAttribute('aria-invalid');
    await userEvent.click(saveButton());
    expect(await screen.findByText(MESSAGES.bankDetailsSaved)).toBeInTheDocument();
    expect((await publicBankDetails())?.accountNumber).toBe('0071-556-9012');
  });

  it('refuses letters, too few and too many digits under the field, and saves nothing', async () => {
    await setBankDetails(saved);
    renderApp('/owner/bank-details', { token: ownerToken() });
    expect(await screen.findByLabelText('Account number', {}, SLOW)).toHaveValue(saved.accountNumber);
    for (const [typed, message] of [
      ['abc', 'Account number may hold only digits, spaces and dashes.'],
      ['1234', 'Account number must have at least 5 digits.'],
      ['1234 5678 9012 3456 7890 1', 'Account number can have at most 20 digits.'],
    ] as const) {
      await userEvent.clear(accountNumber());
      await userEvent.type(accountNumber(), typed);
      await userEvent.clear(again());
      await userEvent.type(again(), typed);
      await userEvent.click(saveButton());
      expect(accountNumber()).toHaveAccessibleDescription(message);
      expect(accountNumber()).toHaveFocus();
    }
    expect(screen.queryByText(MESSAGES.bankDetailsSaved)).not.toBeInTheDocument();
    expect((await publicBankDetails())?.accountNumber).toBe(saved.accountNumber);
  });

  it('a number saved before the rule is shown as it is, with a request to correct it, and saved once corrected', async () => {
    const legacy = { ...saved, accountNumber: 'NCB-abc' };
    // The form alone, as the page draws it with a number no longer accepted (the API keeps only valid ones now).
    localStorage.setItem(TOKEN_STORAGE_KEY, ownerToken());
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BankForm initial={legacy} />
      </QueryClientProvider>,
    );
    expect(accountNumber()).toHaveValue('NCB-abc');
    expect(again()).toHaveValue('NCB-abc');
    expect(accountNumber()).toHaveAccessibleDescription('Account number may hold only digits, spaces and dashes.');
    expect(screen.getByText(/The saved account number is not a bank account number customers can pay into/)).toBeInTheDocument();

    await userEvent.clear(accountNumber());
    await userEvent.type(accountNumber(), '404-118-2207');
    expect(accountNumber()).not.toHaveAttribute('aria-invalid');
    expect(again()).toHaveAccessibleDescription('The two account numbers are not the same. Please check both.');
    await userEvent.clear(again());
    await userEvent.type(again(), '404-118-2207');
    await userEvent.click(saveButton());
    await waitFor(async () => expect(await publicBankDetails()).toEqual({ ...saved, accountNumber: '404-118-2207' }), SLOW);
  });

  it('shows the other accounts, adds one, names a problem in it under its own field, and removes it; the list saved is the list shown', async () => {
    const scotia = {
      bankName: 'Scotiabank',
      accountHolderName: 'Waterford Car Rental Ltd.',
      branch: 'Half Way Tree',
      accountNumber: '0071 556 9012',
      accountType: 'Savings' as const,
      currency: 'USD' as const,
    };
    const initial = { ...saved, otherAccounts: [scotia] };
    expect(bankDetailsFromForm(bankFormFrom(initial))).toEqual(initial);
    localStorage.setItem(TOKEN_STORAGE_KEY, ownerToken());
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BankForm initial={initial} />
      </QueryClientProvider>,
    );
    // The main account keeps its labels; another's are read with its name.
    expect(screen.getByLabelText('Bank name')).toHaveValue(saved.bankName);
    expect(screen.getByLabelText('Other account 1: Bank name')).toHaveValue('Scotiabank');
    expect(screen.getByLabelText('Other account 1: Account number again')).toHaveValue('0071 556 9012');
    expect(screen.getByLabelText('Other account 1: Currency')).toHaveValue('USD');

    await userEvent.click(screen.getByRole('button', { name: 'Add another account' }));
    await userEvent.type(screen.getByLabelText('Other account 2: Bank name'), 'JN Bank');
    await userEvent.click(saveButton());
    // The first box with a problem is the new account's, said under it; nothing is sent.
    expect(screen.getByLabelText('Other account 2: Account holder name')).toHaveFocus();
    expect(screen.getByLabelText('Other account 2: Account holder name')).toHaveAccessibleDescription('Account holder name is required.');
    expect(screen.getByLabelText('Other account 1: Bank name')).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Remove other account 2' }));
    expect(screen.queryByLabelText('Other account 2: Bank name')).not.toBeInTheDocument();
    expect(
      validateBankForm({ ...bankFormFrom(initial), others: [{ ...bankFormFrom(initial).others[0]!, accountNumberAgain: '0071 556 9013' }] }).others?.[0],
    ).toEqual({
      accountNumberAgain: 'The two account numbers are not the same. Please check both.',
    });
  });
});
