import type { BankDetails, SavedBankDetails } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import type { Database } from '../../db/types';
import { bankDetails } from '../../db/schema';
import type { EventLog } from '../../events';
import { getBankDetails } from '../company';
import { theRow } from '../../db/rows';

/**
 * Saves the company's bank accounts and, in the same transaction, records the change: every owner
 * is warned of it by e-mail (who changed it and when, the account numbers masked to their last 4
 * digits: the one change a thief would make).
 */
export async function saveBankDetails(db: Database, ownerId: string, body: BankDetails, events: EventLog): Promise<SavedBankDetails> {
  return db.transaction(async (tx) => {
    await actAs(tx, ownerId);
    const before = await getBankDetails(tx, true);
    // Without the list (the SPEC's client sends only the five fields) the other accounts stay as they are.
    const details: SavedBankDetails = { ...body, otherAccounts: body.otherAccounts ?? before?.otherAccounts ?? [] };
    const values = { ...details, updatedBy: ownerId, updatedAt: sql`now()` };
    const saved = theRow(
      await tx
        .insert(bankDetails)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: bankDetails.id, set: values })
        .returning({ at: bankDetails.updatedAt }),
      'The saved bank details',
    );
    await events.record(tx, [
      { kind: 'bank_details_changed', bookingId: null, actorId: ownerId, data: { changedBy: ownerId, at: saved.at.toISOString(), before, after: details } },
    ]);
    return details;
  });
}
