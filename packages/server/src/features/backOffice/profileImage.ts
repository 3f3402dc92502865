import { eq } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { users } from '../../db/schema';
import { type ProcessedImage, deleteImageIfUnused, storeImage } from '../images';

/** Replaces the user's profile picture; the previous one is dropped, nothing else shows it. */
export async function setProfileImage(db: Database, userId: string, image: ProcessedImage): Promise<string> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ imageId: users.imageId }).from(users).where(eq(users.id, userId)).for('update');
    const imageId = await storeImage(tx, image);
    await tx.update(users).set({ imageId }).where(eq(users.id, userId));
    if (current?.imageId) await deleteImageIfUnused(tx, current.imageId);
    return imageId;
  });
}
