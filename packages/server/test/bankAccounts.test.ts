/**
 * Several bank accounts (docs/decisions/110): the SPEC's five fields stay the main account on both
 * calls; otherAccounts lists the others. The SPEC's client, which sends only the five fields, never
 * removes them; a list sent replaces them. The history and the owners' letter keep every account
 * number as its last 4 digits; a customer's booking letter gives them all.
 */
import { API, MAX_OTHER_BANK_ACCOUNTS, responses } from '@rental/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { queryRows } from '../src/db/types';
import { type Account, bookCar, createOwner, createTestApp, describeDatabase, registerCustomer, type TestApp } from './helpers';
import { addCar, day, ownerCall } from './support/fleet';

const MAIN = { bankName: 'NCB', accountHolderName: 'Waterford Rentals Ltd', branch: 'Portmore', accountNumber: '354-1027-889', accountType: 'Chequing' };
const SCOTIA = {
  bankName: 'Scotiabank',
  accountHolderName: 'Waterford Rentals Ltd',
  branch: 'Half Way Tree',
  accountNumber: '0071 556 9012',
  accountType: 'Savings',
  currency: 'USD',
};
const JN = { bankName: 'JN Bank', accountHolderName: 'Waterford Rentals Ltd', branch: 'Spanish Town', accountNumber: '22-334455', accountType: 'Chequing' };

describe(`several bank accounts (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOwner(t.app, { name: 'Owner Accounts' });
  });
  afterAll(() => t?.close());

  const put = (body: object) => ownerCall(t.app, owner.token, 'PUT', API.bankDetails, body);
  const customersRead = async () => {
    const res = await t.app.inject({ method: 'GET', url: API.publicBankDetails });
    expect(res.statusCode, res.body).toBe(200);
    return responses.publicBankDetails.parse(res.json()).bankDetails;
  };

  it('keeps the others when the SPEC’s client saves only the five fields, replaces them when a list is sent, and removes them with an empty list', async () => {
    const first = await put({ ...MAIN, otherAccounts: [SCOTIA, JN] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().bankDetails).toEqual({ ...MAIN, otherAccounts: [SCOTIA, JN] });
    expect(await customersRead()).toEqual({ ...MAIN, otherAccounts: [SCOTIA, JN] });

    // The original client: the five fields only.
    const oldClient = await put({ ...MAIN, branch: 'Portmore Pines' });
    expect(oldClient.statusCode, oldClient.body).toBe(200);
    expect(oldClient.json().bankDetails.otherAccounts).toEqual([SCOTIA, JN]);
    expect(await customersRead()).toEqual({ ...MAIN, branch: 'Portmore Pines', otherAccounts: [SCOTIA, JN] });

    expect((await put({ ...MAIN, otherAccounts: [JN] })).statusCode).toBe(200);
    expect((await customersRead())?.otherAccounts).toEqual([JN]);
    expect((await put({ ...MAIN, otherAccounts: [] })).statusCode).toBe(200);
    expect((await customersRead())?.otherAccounts).toEqual([]);
  });

  it('refuses a bad other account, or too many, with words and changes nothing', async () => {
    expect((await put({ ...MAIN, otherAccounts: [SCOTIA] })).statusCode).toBe(200);
    const cases: [object, string][] = [
      [{ otherAccounts: [{ ...JN, accountNumber: 'abc' }] }, 'Account number may hold only digits, spaces and dashes.'],
      [{ otherAccounts: [{ ...JN, currency: 'EUR' }] }, expect.stringMatching(/currency/i) as unknown as string],
      [{ otherAccounts: Array.from({ length: MAX_OTHER_BANK_ACCOUNTS + 1 }, () => JN) }, `Please list at most ${MAX_OTHER_BANK_ACCOUNTS} other accounts.`],
      [{ otherAccounts: 'NCB' }, 'Other accounts must be a list.'],
    ];
    for (const [body, message] of cases) {
      const res = await put({ ...MAIN, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ success: false, code: 'invalid_input', message });
    }
    expect((await customersRead())?.otherAccounts).toEqual([SCOTIA]);
  });

  it('keeps every account number as its last 4 digits in the history and the owners’ letter', async () => {
    expect((await put({ ...MAIN, otherAccounts: [] })).statusCode).toBe(200);
    expect((await put({ ...MAIN, otherAccounts: [SCOTIA] })).statusCode).toBe(200);
    const history = JSON.stringify(await queryRows(t.db, sql`SELECT before, after FROM activity WHERE subject = 'bank_details'`));
    expect(history).toContain('…9012');
    expect(history).not.toContain('0071 556 9012');
    expect(history).not.toContain('00715569012');

    const [letter] = await t.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.kind, 'bank_details_changed'))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(letter!.text).toContain('Scotiabank');
    expect(letter!.text).toContain('****9012');
    expect(letter!.text).not.toContain('556 9012');
  });

  it('gives a cash-deposit customer every account in their booking letter', async () => {
    expect((await put({ ...MAIN, otherAccounts: [SCOTIA] })).statusCode).toBe(200);
    const customer = await registerCustomer(t.app);
    const car = await addCar(t.app, owner.token);
    const booked = await bookCar(t.app, customer.token, car._id, day(20), day(22), 'cash_deposit');
    const [letter] = await t.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(and(eq(outbox.bookingId, booked._id), eq(outbox.kind, 'booking_made')));
    expect(letter!.text).toContain(MAIN.accountNumber);
    expect(letter!.text).toContain('Or pay into our other account:');
    expect(letter!.text).toContain(SCOTIA.accountNumber);
    expect(letter!.text).toContain('USD');
  });
});
