/**
 * Reading a check-out or check-in: the form's JSON (`data`) and its photos, which are re-encoded
 * (as WebP, without their metadata: no GPS position) before any transaction begins, so the
 * database waits on no picture work.
 */
import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import { COUNTER_MESSAGES, MAX_COUNTER_PHOTOS, MAX_UPLOAD_BYTES, MESSAGES, REFUSAL_CODES } from '@rental/contract';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { z } from 'zod';
import { HttpError, parseInput } from '../../http/errors';
import { processImage, MESSAGE_BAD_FORM, MESSAGE_NOT_MULTIPART } from '../images';
import { photoPositions } from './damages';

/** Photos of at most 10 MB each; the JSON carries two drawn signatures (each at most ~550 KB). */
export const counterMultipartOptions: FastifyMultipartBaseOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_COUNTER_PHOTOS, fields: 4, fieldSize: 1_500_000, parts: MAX_COUNTER_PHOTOS + 4, headerPairs: 100 },
};

export interface CounterForm<T> {
  data: T;
  /** The photos as stored, in the order sent (a damage names its photo by this position). */
  photos: Buffer[];
}

function refusal(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, MESSAGES.imageTooLarge);
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, COUNTER_MESSAGES.tooManyPhotos);
  return new HttpError(400, MESSAGE_BAD_FORM);
}

export async function readCounterForm<S extends z.ZodType>(request: FastifyRequest, schema: S): Promise<CounterForm<z.infer<S>>> {
  if (!request.isMultipart()) throw new HttpError(400, MESSAGE_NOT_MULTIPART);
  let raw: string | undefined;
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'photo') throw new HttpError(400, 'Send the photos in the field "photo".');
        if (bytes.length > 0) files.push(bytes);
      } else if (part.fieldname === 'data') {
        if (part.valueTruncated) throw new HttpError(413, 'The form is too large. Please clear the signature and sign again.');
        raw = String(part.value);
      }
    }
  } catch (err) {
    throw refusal(err);
  }
  if (raw === undefined) throw new HttpError(400, COUNTER_MESSAGES.dataMissing);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new HttpError(400, COUNTER_MESSAGES.dataNotJson);
  }
  const data = parseInput(schema, json) as z.infer<S>;
  // All at once: the picture work's own slots (images/process.ts) keep to the machine's cores.
  const photos = await Promise.all(
    files.map((file) =>
      processImage(file, 'counter').then(
        (image) => image.content,
        (err: unknown) => {
          throw err instanceof HttpError && err.statusCode < 500 ? new HttpError(400, COUNTER_MESSAGES.photoNotImage) : err;
        },
      ),
    ),
  );
  const damages = (data as { damages?: { photo?: number | null; photos?: number[] }[] }).damages ?? [];
  if (damages.some((damage) => photoPositions(damage).some((position) => position >= photos.length))) throw new HttpError(400, COUNTER_MESSAGES.photoMissing);
  return { data, photos };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Far more than a signature pad's canvas; a PNG claiming more is not a drawn signature. */
const MAX_SIGNATURE_PIXELS = 4096 * 4096;

/**
 * A drawn signature's PNG bytes, from the data URL the form sent. It is decoded whole here, before
 * any transaction: bytes that only begin like a PNG would otherwise fail when the agreement is
 * drawn, as a 500 after the booking's row was locked.
 */
export async function signatureBytes(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const unreadable = new HttpError(400, REFUSAL_CODES.signature_unreadable, 'signature_unreadable');
  if (bytes.length < 64 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw unreadable;
  try {
    await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_SIGNATURE_PIXELS }).raw().toBuffer();
  } catch {
    throw unreadable;
  }
  return bytes;
}
