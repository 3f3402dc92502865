/**
 * Cash-deposit customers are told to pay into the company's account number: it holds only digits
 * (grouped by spaces or dashes), 5 to 20 of them. A number stored before that rule is still read
 * back, never lost, until an owner corrects it.
 */
import { API, MESSAGES, responses } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetails } from '../src/db/schema';
import { type Account, authHeader, createOwner, createTestApp, describeDatabase, type TestApp } from './helpers';
import { ownerCall } from './support/fleet';

const BANK = { bankName: 'NCB', accountHolderName: 'Waterford Rentals Ltd', branch: 'Portmore', accountNumber: '354-1027-889', accountType: 'Chequing' };

describe(`the bank account number (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Owner Bank' });
    expect((await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, BANK)).statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  const customersRead = async () => {
    const res = await t.app.inject({ method: 'GET', url: API.publicBankDetails });
    expect(res.statusCode, res.body).toBe(200);
    return responses.publicBankDetails.parse(res.json()).bankDetails;
  };

  it.each([
    ['abc', 'Account number may hold only digits, spaces and dashes.'],
    ['12AB-3456', 'Account number may hold only digits, spaces and dashes.'],
    ['1234', 'Account number must have at least 5 digits.'],
    ['123456789012345678901', 'Account number can have at most 20 digits.'],
    ['', 'Account number is required.'],
  ])('refuses %j with "%s", and customers still read the saved number', async (accountNumber, message) => {
    const res = await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, { ...BANK, accountNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message });
    expect((await customersRead())?.accountNumber).toBe(BANK.accountNumber);
  });

  it('takes digits grouped by spaces or dashes, as written on a bank slip', async () => {
    for (const accountNumber of ['0071 556 9012', '12345', '12345678901234567890', BANK.accountNumber]) {
      const res = await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, { ...BANK, accountNumber: ` ${accountNumber} ` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: MESSAGES.bankDetailsSaved, bankDetails: { accountNumber } });
      expect((await customersRead())?.accountNumber).toBe(accountNumber);
    }
  });

  it('a number stored before the rule is read back as it is, refused if sent again unchanged, and replaced once corrected', async () => {
    await t.db.update(bankDetails).set({ accountNumber: 'abc' });

    expect(await customersRead()).toEqual({ ...BANK, accountNumber: 'abc', otherAccounts: [] });
    const me = await t.app.inject({ method: 'GET', url: API.userData, headers: authHeader(owner.token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.accountNumber).toBe('abc');

    const unchanged = await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, { ...BANK, accountNumber: 'abc' });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().message).toBe('Account number may hold only digits, spaces and dashes.');
    expect((await customersRead())?.accountNumber).toBe('abc');

    expect((await ownerCall(t.app, owner.token, 'PUT', API.bankDetails, BANK)).statusCode).toBe(200);
    expect(await customersRead()).toEqual({ ...BANK, otherAccounts: [] });
  });
});
