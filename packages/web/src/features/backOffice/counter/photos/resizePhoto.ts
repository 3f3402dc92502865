/**
 * A counter photo made small in the browser before it is sent: a phone's camera gives 4000 px and
 * several MB; at the counter, on a poor connection, 1600 px on the longer side is plenty to see a
 * scratch, and a JPEG of that is a few hundred KB.
 */
import { COUNTER_PHOTO_MAX_PX } from '@rental/contract/counter';

export const COUNTER_PHOTO_QUALITY = 0.85;

/** The size to draw a picture at: its own when it fits, else scaled down so its longer side is maxPx. */
export function fittedSize(width: number, height: number, maxPx = COUNTER_PHOTO_MAX_PX): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxPx || longer <= 0) return { width, height };
  const scale = maxPx / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** "IMG_0042.HEIC" → "IMG_0042.jpg": the file sent is a JPEG whatever the camera made. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

async function decode(file: Blob): Promise<{ image: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    // from-image: a phone's portrait photo is stored sideways with an orientation tag.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { image: img, width: img.naturalWidth, height: img.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The photo as a JPEG at most COUNTER_PHOTO_MAX_PX on its longer side. When the browser cannot
 * read or draw it (an old browser, a format it does not know), the file is sent as it is: the
 * server makes its own copy and refuses what is not a picture, in words.
 */
export async function resizePhoto(file: File, maxPx = COUNTER_PHOTO_MAX_PX, quality = COUNTER_PHOTO_QUALITY): Promise<File> {
  try {
    const source = await decode(file);
    try {
      const size = fittedSize(source.width, source.height, maxPx);
      if (size.width <= 0 || size.height <= 0) return file;
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) return file;
      context.drawImage(source.image, 0, 0, size.width, size.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (!blob) return file;
      // Already small and JPEG: re-encoding would only lose detail for no gain.
      if (file.type === 'image/jpeg' && size.width === source.width && blob.size >= file.size) return file;
      return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
    } finally {
      source.close();
    }
  } catch {
    return file;
  }
}
