/**
 * Where the agreement signed online is made final: its bytes and their SHA-256, stored as they are
 * and never changed. One function, so the sealed agreement with its signing-certificate page
 * (features/agreements, issue 33 item 2: `seal(pages, facts) -> { pdf, sha256 }`) replaces it
 * without touching the rest of online check-in: until then the PDF is kept as drawn and its hash
 * is the hash of those bytes.
 */
import { createHash } from 'node:crypto';
import type { CheckInTrailStep } from '@rental/contract';

export interface SealFacts {
  reference: string;
  signedAt: Date;
  signedFrom: { ip: string; userAgent: string };
  /** Each step with its time, for the certificate page. */
  trail: { step: CheckInTrailStep; at: string }[];
}

export type Seal = (pages: Uint8Array, facts: SealFacts) => Promise<{ pdf: Uint8Array; sha256: string }>;

/** Until the sealed agreement is wired: the pages as drawn, hashed. */
export const keepAsDrawn: Seal = async (pages) => ({ pdf: pages, sha256: createHash('sha256').update(pages).digest('hex') });
