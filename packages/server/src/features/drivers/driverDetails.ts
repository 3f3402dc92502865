/** A customer's own driver details (licence, date of birth) and where the company's check of them stands. */
import { DRIVER_MESSAGES, type Driver, type DriverBody, type Vetting, type VettingStatus } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { driverDetails, users } from '../../db/schema';
import type { Database } from '../../db/types';
import { driverColumns } from '../../db/driverColumns';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

type DriverRow = Omit<Driver, 'updatedAt'> & { updatedAt: Date };

export function toDriver(row: DriverRow): Driver {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

export function toVetting(status: VettingStatus, reason: string | null): Vetting {
  return status === 'rejected' && reason ? { status, reason } : { status };
}

export async function readDriver(db: Database | Tx, userId: string): Promise<Driver | null> {
  const [row] = await db.select(driverColumns).from(driverDetails).where(eq(driverDetails.userId, userId));
  return row ? toDriver(row) : null;
}

export async function readVetting(db: Database | Tx, userId: string): Promise<Vetting> {
  const [row] = await db.select({ status: users.vettingStatus, reason: users.vettingReason }).from(users).where(eq(users.id, userId));
  return toVetting(row?.status ?? 'not_submitted', row?.reason ?? null);
}

const SAME_FIELDS = ['licenceNumber', 'licenceCountry', 'licenceIssued', 'licenceExpires', 'dateOfBirth'] as const;

/** What one save did: the details and vetting now, whether they changed, and whether the company had decided before. */
export interface DriverWritten {
  driver: Driver;
  vetting: Vetting;
  changed: boolean;
  /** Approved or not approved before this save. */
  decided: boolean;
}

/**
 * Writes the details inside the caller's transaction: the one writer of a customer's driver details,
 * whether the customer types them or staff do at the desk (docs/decisions/107). Given for the first
 * time, or changed after the company decided: the customer is to be checked (again); saved
 * unchanged, nothing moves. The user's row is locked first, so a staff decision made meanwhile is
 * either seen or waits for this save.
 */
export async function writeDriver(tx: Tx, userId: string, body: DriverBody): Promise<DriverWritten> {
  const [account] = await tx.select({ status: users.vettingStatus }).from(users).where(eq(users.id, userId)).for('update');
  const before = await readDriver(tx, userId);
  const changed = !before || SAME_FIELDS.some((field) => before[field] !== body[field]);
  if (changed) {
    await tx
      .insert(driverDetails)
      .values({ userId, ...body })
      .onConflictDoUpdate({ target: driverDetails.userId, set: { ...body, updatedAt: new Date() } });
  }
  const decided = account?.status === 'approved' || account?.status === 'rejected';
  // Approved, then changed: to be checked again. Not approved stays so (their bookings still refused)
  // until staff look again: the waiting list shows them, their details being newer than the decision.
  if (changed && (account?.status === 'not_submitted' || account?.status === 'approved')) {
    await tx.update(users).set({ vettingStatus: 'waiting', vettingReason: null, vettedAt: null }).where(eq(users.id, userId));
  }
  const driver = (await readDriver(tx, userId))!;
  const vetting = await readVetting(tx, userId);
  return { driver, vetting, changed, decided };
}

/** The customer's own save (PUT /api/user/driver). */
export async function saveDriver(db: Database, userId: string, body: DriverBody): Promise<{ driver: Driver; vetting: Vetting; message: string }> {
  return db.transaction(async (tx) => {
    await actAs(tx, userId);
    const { driver, vetting, changed, decided } = await writeDriver(tx, userId, body);
    return { driver, vetting, message: changed && decided ? DRIVER_MESSAGES.driverSavedCheckAgain : DRIVER_MESSAGES.driverSaved };
  });
}
