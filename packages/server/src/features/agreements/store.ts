/**
 * The kept hashes of sealed agreements (0046_sealed_agreements.sql): one row per PDF handed over,
 * never changed nor removed. The counter's check-out writes its row in the step's own statement
 * (sealRow's SQL beside the rental's insert), so sealing adds no round trip to the check-out.
 */
import type { AgreementKind } from '@rental/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import { sealedAgreements } from '../../db/schema';
import type { Database } from '../../db/types';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SealRecord {
  bookingId: string;
  kind: AgreementKind;
  /** Of the whole final PDF (sealAgreement's `sha256`). */
  sha256: string;
  reference: string;
  signedAt: Date;
  /** A copy made again for an erasure: the seal of the copy it replaces. */
  redraws?: string | null;
}

/** The insert of a seal, not run: the caller runs it, or puts its SQL beside its own writes. */
export function sealRow(db: Database | Tx, seal: SealRecord) {
  return db.insert(sealedAgreements).values({ ...seal, redraws: seal.redraws ?? null });
}

/** The booking's latest seal of its agreement (the copy stored now), if any: a condition appendix is not its agreement. */
export async function latestSealOf(
  db: Database | Tx,
  bookingId: string,
): Promise<{ id: string; kind: AgreementKind; sha256: string; signedAt: Date } | undefined> {
  const [row] = await db
    .select({ id: sealedAgreements.id, kind: sealedAgreements.kind, sha256: sealedAgreements.sha256, signedAt: sealedAgreements.signedAt })
    .from(sealedAgreements)
    .where(and(eq(sealedAgreements.bookingId, bookingId), ne(sealedAgreements.kind, 'condition')))
    .orderBy(desc(sealedAgreements.sealedAt), desc(sealedAgreements.id))
    .limit(1);
  return row;
}

/** What a copy's hash says: the seal it matches, nothing personal. */
export async function sealOfHash(db: Database, sha256: string) {
  const [row] = await db
    .select({ reference: sealedAgreements.reference, signedAt: sealedAgreements.signedAt, redraws: sealedAgreements.redraws })
    .from(sealedAgreements)
    .where(eq(sealedAgreements.sha256, sha256));
  return row;
}
