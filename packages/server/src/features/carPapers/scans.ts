/**
 * A paper's scan: kept apart from the paper's row, private as a driver's documents are (read only
 * by staff through its own call, never cached). The cleaning (a photo re-encoded without its
 * metadata, a PDF rewritten without its scripts) is the drivers feature's: app.ts hands it over
 * (CleanScan), since the drivers feature reaches the counter, which reads the papers.
 */
import { eq, sql } from 'drizzle-orm';
import { actAs } from '../../db/actor';
import { carPaperScans } from '../../db/schema';
import type { Database } from '../../db/types';

export type CleanedScan = { content: Buffer; mimeType: 'image/webp' | 'application/pdf' };
/** The drivers feature's cleanDocument: the bytes to keep, or a 400 document_unreadable. */
export type CleanScan = (bytes: Buffer, account: string) => Promise<CleanedScan>;

/** Keeps the scan of a paper, replacing the one it had. */
export async function keepScan(db: Database, staffId: string, paperId: string, scan: CleanedScan): Promise<void> {
  await db.transaction(async (tx) => {
    await actAs(tx, staffId);
    await tx
      .insert(carPaperScans)
      .values({ paperId, content: scan.content, mimeType: scan.mimeType, size: scan.content.length, uploadedBy: staffId })
      .onConflictDoUpdate({
        target: carPaperScans.paperId,
        set: { content: scan.content, mimeType: scan.mimeType, size: scan.content.length, uploadedBy: staffId, uploadedAt: sql`now()` },
      });
  });
}

export async function readScan(db: Database, paperId: string) {
  const [row] = await db
    .select({ content: carPaperScans.content, mimeType: carPaperScans.mimeType })
    .from(carPaperScans)
    .where(eq(carPaperScans.paperId, paperId));
  return row;
}
