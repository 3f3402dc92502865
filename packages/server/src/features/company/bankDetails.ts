/**
 * The company's bank account: a company fact, read by bookings (the transfer details a batch is
 * told), auth, reminders and the back office. Saving it (an owner's change, with the letter warning
 * every owner) stays in backOffice/bankDetails.ts: it sends mail, and mail already reads the company.
 */
import type { SavedBankDetails } from '@rental/contract';
import { bankDetails } from '../../db/schema';
import type { Database } from '../../db/types';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The company's bank accounts (the main one and the others), or null until an owner has saved them. */
export async function getBankDetails(db: Database | Tx, lock = false): Promise<SavedBankDetails | null> {
  const query = db.select().from(bankDetails);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  return {
    bankName: row.bankName,
    accountHolderName: row.accountHolderName,
    branch: row.branch,
    accountNumber: row.accountNumber,
    accountType: row.accountType,
    otherAccounts: row.otherAccounts,
  };
}
