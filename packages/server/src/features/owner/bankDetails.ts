import type { AccountType, BankDetails } from '@rental/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { bankDetails } from '../../db/schema';

/** The company's one bank account record, or null until an owner has saved it. */
export async function getBankDetails(db: Database): Promise<BankDetails | null> {
  const [row] = await db.select().from(bankDetails);
  if (!row) return null;
  return {
    bankName: row.bankName,
    accountHolderName: row.accountHolderName,
    branch: row.branch,
    accountNumber: row.accountNumber,
    accountType: row.accountType as AccountType,
  };
}

export async function saveBankDetails(db: Database, ownerId: string, details: BankDetails): Promise<void> {
  const values = { ...details, updatedBy: ownerId, updatedAt: sql`now()` };
  await db
    .insert(bankDetails)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: bankDetails.id, set: values });
}
