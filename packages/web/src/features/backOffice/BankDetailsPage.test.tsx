import { MESSAGES } from '@rental/contract/messages';
import type { BankDetails } from '@rental/contract/schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerApi, ownerToken, setBankDetails } from '../../test/api';
import { renderApp } from '../../test/renderApp';
import { BANK_FIELDS, EMPTY_BANK_FORM, validateBankForm } from './bankForm';

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
  beforeAll(() => import('./OwnerRoutes'));

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
    expect(document.title).toMatch(/^Bank Details \|/);
    expect(screen.getByLabelText('Account holder name')).toHaveValue(saved.accountHolderName);
    expect(screen.getByLabelText('Branch')).toHaveValue(saved.branch);
    expect(screen.getByLabelText('Account number')).toHaveValue(saved.accountNumber);
    expect(screen.getByLabelText('Account type')).toHaveValue(saved.accountType);
    expect(Array.from(screen.getByLabelText('Account type').querySelectorAll('option:not([disabled])'), (o) => o.textContent)).toEqual([
      'Savings',
      'Chequing',
    ]);
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
