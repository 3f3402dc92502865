import type { BankDetails } from '@rental/contract';
import { eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import type { Database } from '../../db/types';
import { bankDetails, users } from '../../db/schema';
import { getBankDetails, getCompanySettings } from '../company';
import { bankDetailsChangedLetter, DEFAULT_MAIL_SETTINGS, type MailSettings, enqueue } from '../mail';
import { userEmail } from '../../db/userEmail';

/**
 * Saves the company's bank account and, in the same transaction, warns every owner: who changed
 * it and when, the account numbers masked to their last 4 digits (the one change a thief would make).
 */
export async function saveBankDetails(db: Database, ownerId: string, details: BankDetails, mail: MailSettings = DEFAULT_MAIL_SETTINGS): Promise<void> {
  const values = { ...details, updatedBy: ownerId, updatedAt: sql`now()` };
  await db.transaction(async (tx) => {
    await actAs(tx, ownerId);
    const before = await getBankDetails(tx, true);
    const [saved] = await tx
      .insert(bankDetails)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: bankDetails.id, set: values })
      .returning({ at: bankDetails.updatedAt });
    // Bank details are the owners': they, not every staff member, hear of a change.
    const owners = await tx.select({ id: users.id, name: users.name, email: userEmail }).from(users).where(eq(users.staffRole, 'owner'));
    const changedBy = owners.find((owner) => owner.id === ownerId) ?? { name: 'a staff member', email: 'unknown' };
    const company = await getCompanySettings(tx);
    const change = { changedBy, at: saved!.at, before, after: details };
    await enqueue(tx, owners.map((owner) => bankDetailsChangedLetter(owner, change, company, mail)));
  });
}
