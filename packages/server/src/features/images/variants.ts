import { IMAGE_VARIANT_WIDTHS, MESSAGE_BAD_IMAGE_WIDTH } from '@rental/contract';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

/** The widths of contract's IMAGE_VARIANT_WIDTHS (the endpoint table refuses any other). */
export const VARIANT_WIDTHS = IMAGE_VARIANT_WIDTHS;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
export const MESSAGE_BAD_WIDTH = MESSAGE_BAD_IMAGE_WIDTH;

/** Resized pictures are 10-40 KB each: 32 MB holds every car of a large fleet at every width. */
const CACHE_MAX_BYTES = 32 * 1024 * 1024;

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
