import { CAR_IMAGE_MAX_WIDTH, COUNTER_PHOTO_MAX_PX, MESSAGES, PROFILE_IMAGE_MAX_WIDTH } from '@rental/contract';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../../http/errors';
import { Slots } from './slots';

/**
 * Refused above this many pixels: a small compressed file can claim a huge canvas (a decompression
 * bomb), and each megapixel decoded costs memory. A phone photo is 12-24 MP; a web page shows at
 * most 1280 px wide.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/** Pictures decoded at once; further uploads wait their turn (docs/decisions/021-upload-checks.md). */
export const DECODE_SLOTS = 2;
const decodeSlots = new Slots(DECODE_SLOTS);

/** What the decoder is doing, read by tests and diagnostics: pictures being decoded now and the most at once. */
export const decoding = {
  now: 0,
  peak: 0,
  /** Uploads waiting for a slot now, and the most that ever waited at once. */
  get waiting(): number {
    return decodeSlots.waiting;
  },
  peakWaiting: 0,
};

/**
 * document: a photo of a licence or passport, kept large enough to read its small print. counter: a
 * photo of a car's damage at the lot, taken by the dozen while a customer waits: WebP's faster effort
 * (about half the time of the default, a few % larger).
 */
export type ImagePurpose = 'car' | 'profile' | 'document' | 'counter';
export const DOCUMENT_IMAGE_MAX_WIDTH = 2000;

export type ProcessedImage = { content: Buffer; mimeType: 'image/webp'; width: number; height: number };

const MAX_WIDTH: Record<ImagePurpose, number> = {
  car: CAR_IMAGE_MAX_WIDTH,
  profile: PROFILE_IMAGE_MAX_WIDTH,
  document: DOCUMENT_IMAGE_MAX_WIDTH,
  counter: COUNTER_PHOTO_MAX_PX,
};
const WEBP: Record<ImagePurpose, { quality: number; effort?: number }> = {
  car: { quality: 82 },
  profile: { quality: 82 },
  document: { quality: 82 },
  counter: { quality: 80, effort: 2 },
};

/** Raster formats a browser shows; SVG (scripts, external references) and TIFF are refused. */
function isAcceptedFormat(meta: Metadata): boolean {
  if (meta.format === 'heif') return meta.compression === 'av1';
  return meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif';
}

function refusal(err: unknown): HttpError {
  if (err instanceof Error && /pixel limit/i.test(err.message)) return new HttpError(400, MESSAGES.imageTooManyPixels);
  return new HttpError(400, MESSAGES.imageInvalid);
}

/**
 * Turns uploaded bytes into the picture we store: it must really decode as an image (a text file
 * named .png is refused), upright by its EXIF orientation, at most `purpose`'s width, WebP, with
 * every metadata block (EXIF with GPS position, camera serials...) dropped — sharp keeps none
 * unless asked to.
 */
export async function processImage(bytes: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw refusal(err);
  }
  if (!isAcceptedFormat(meta)) throw new HttpError(400, MESSAGES.imageInvalid);
  // Checked on the header before any pixel is decoded.
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new HttpError(400, MESSAGES.imageTooManyPixels);

  const queued = decodeSlots.run(async () => {
    decoding.now += 1;
    decoding.peak = Math.max(decoding.peak, decoding.now);
    try {
      return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient()
        .resize({ width: MAX_WIDTH[purpose], withoutEnlargement: true })
        .webp(WEBP[purpose])
        .toBuffer({ resolveWithObject: true });
    } finally {
      decoding.now -= 1;
    }
  });
  decoding.peakWaiting = Math.max(decoding.peakWaiting, decodeSlots.waiting);
  try {
    const { data, info } = await queued;
    return { content: data, mimeType: 'image/webp', width: info.width, height: info.height };
  } catch (err) {
    throw refusal(err);
  }
}
