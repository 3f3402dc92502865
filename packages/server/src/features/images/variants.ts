import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

/**
 * The widths a page may ask for besides the stored picture: thumbnails, phone cards, and cards on
 * tablets or 2x screens. A short fixed list, so nobody can make the server resize (and cache) a
 * picture at every width from 1 to 1280.
 */
export const VARIANT_WIDTHS = [320, 640, 960] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

export const MESSAGE_BAD_WIDTH = `w must be one of ${VARIANT_WIDTHS.join(', ')} (or left out for the full picture).`;

/** Resized pictures are 10-40 KB each: 32 MB holds every car of a large fleet at every width. */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;

export function isVariantWidth(value: unknown): value is VariantWidth {
  return typeof value === 'string' && VARIANT_WIDTHS.map(String).includes(value);
}

/** The stored picture at `width`, or the stored picture itself when it is not wider (never enlarged). */
export async function resizeImage(content: Buffer, width: VariantWidth): Promise<Buffer> {
  const { width: storedWidth = 0 } = await sharp(content).metadata();
  if (storedWidth <= width) return content;
  return sharp(content).resize({ width }).webp({ quality: 80 }).toBuffer();
}

type Load = () => Promise<Buffer | undefined>;

/**
 * Resized pictures kept in memory, bounded by their total bytes. The first request for a variant
 * loads and resizes it; requests arriving meanwhile wait for that same work instead of repeating it.
 */
export function createVariantCache(maxBytes = CACHE_MAX_BYTES) {
  const cache = new LRUCache<string, Buffer, Load>({
    maxSize: maxBytes,
    sizeCalculation: (content) => content.length,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    get(id: string, width: VariantWidth, load: Load): Promise<Buffer | undefined> {
      return cache.fetch(`${id}:${width}`, { context: load });
    },
  };
}

export type VariantCache = ReturnType<typeof createVariantCache>;
