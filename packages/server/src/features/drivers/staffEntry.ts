/**
 * Staff enter a walk-in's driver details at the desk (docs/decisions/107): the licence typed off the
 * card and its photo, written through the same functions as the customer's own entry (one writer),
 * so the same checks and the same vetting follow. The customer must be a customer's live account:
 * a staff account or an erased one is not found.
 */
import {
  type CustomerDocument,
  type DocumentKind,
  type DocumentStorage,
  type DriverBody,
  DRIVER_MESSAGES,
  type VettingEntry,
  WALK_IN_MESSAGES,
} from '@rental/contract';
import { eq } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { isId } from '../../db/ids';
import { users } from '../../db/schema';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { addDocument } from './documents';
import { writeDriver } from './driverDetails';
import { vettingList } from './vetting';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** 404 unless the id is a customer's live account (staff and erased accounts have no driver details here). */
export async function requireCustomer(db: Database | Tx, customerId: string): Promise<void> {
  if (!isId(customerId)) throw new HttpError(404, DRIVER_MESSAGES.customerNotFound);
  const [row] = await db.select({ role: users.role, erasedAt: users.erasedAt }).from(users).where(eq(users.id, customerId));
  if (!row || row.role !== 'user' || row.erasedAt) throw new HttpError(404, DRIVER_MESSAGES.customerNotFound);
}

/** One customer as the driver checks page shows them. */
export async function customerDriver(db: Database, customerId: string): Promise<VettingEntry> {
  await requireCustomer(db, customerId);
  const [entry] = await vettingList(db, 'waiting', customerId);
  if (!entry) throw new HttpError(404, DRIVER_MESSAGES.customerNotFound);
  return entry;
}

/** Staff type the customer's licence and date of birth; the history names the staff member. */
export async function staffSaveDriver(
  db: Database,
  staffId: string,
  customerId: string,
  body: DriverBody,
): Promise<{ message: string; customer: VettingEntry }> {
  const written = await db.transaction(async (tx) => {
    await actAs(tx, staffId);
    await requireCustomer(tx, customerId);
    return writeDriver(tx, customerId, body);
  });
  const message = !written.changed ? WALK_IN_MESSAGES.driverUnchanged : written.decided ? WALK_IN_MESSAGES.driverSavedApproved : WALK_IN_MESSAGES.driverSaved;
  return { message, customer: await customerDriver(db, customerId) };
}

/** Staff send a photo of the customer's document (their licence), kept as the customer's own upload would be. */
export async function staffAddDocument(
  db: Database,
  staffId: string,
  customerId: string,
  kind: DocumentKind,
  file: { content: Buffer; mimeType: 'image/webp' | 'application/pdf' },
  quotaBytes: number,
): Promise<{ document: CustomerDocument; storage: DocumentStorage }> {
  await requireCustomer(db, customerId);
  return addDocument(db, customerId, kind, file, quotaBytes, staffId);
}
