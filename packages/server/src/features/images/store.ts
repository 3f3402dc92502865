import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { images } from '../../db/schema';
import type { ProcessedImage } from './process';
import { theRow } from '../../db/rows';

export async function storeImage(db: Database, image: ProcessedImage): Promise<string> {
  const row = theRow(await db.insert(images).values(image).returning({ id: images.id }), 'The stored image');
  return row.id;
}

export async function findImage(db: Database, id: string) {
  const [row] = await db.select({ content: images.content, mimeType: images.mimeType }).from(images).where(eq(images.id, id));
  return row;
}

export async function imageExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.id, id));
  return row !== undefined;
}

/** Drops a replaced picture unless something still shows it (demo data may share one picture). */
export async function deleteImageIfUnused(db: Database, id: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM images
    WHERE id = ${id}
      AND NOT EXISTS (SELECT 1 FROM cars WHERE image_id = ${id})
      AND NOT EXISTS (SELECT 1 FROM car_pictures WHERE image_id = ${id})
      AND NOT EXISTS (SELECT 1 FROM users WHERE image_id = ${id})`);
}
