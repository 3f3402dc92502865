import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, MESSAGES } from '@rental/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';

/** Busboy's limits: one picture of at most 10 MB and a few small text fields, so a request cannot grow without end. */
export const multipartOptions: FastifyMultipartBaseOptions = {
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12, headerPairs: 100 },
};

export const MESSAGE_NOT_MULTIPART = 'Send the form as multipart/form-data.';
export const MESSAGE_ONE_FILE = 'Send one image only, in the field "image".';
export const MESSAGE_BAD_FORM = 'The form could not be read. Please try again.';
export const MESSAGE_TOO_MANY_FIELDS = 'The form has too many fields.';

/** The image file (when one was sent) and the text fields of a multipart form. */
export type Upload = { image?: Buffer; fields: Record<string, unknown> };

function multipartCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function asHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  switch (multipartCode(err)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, MESSAGES.imageTooLarge);
    case 'FST_FILES_LIMIT':
      return new HttpError(400, MESSAGE_ONE_FILE);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(400, MESSAGE_TOO_MANY_FIELDS);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, 'A form field declared as JSON is not valid JSON.');
    default:
      // Malformed multipart bodies (bad boundaries, truncated parts) are the sender's fault.
      return new HttpError(400, MESSAGE_BAD_FORM);
  }
}

/**
 * Reads a multipart form into memory. Call it in the handler, after the guards: nothing of an
 * anonymous or unauthorised upload is read, let alone stored. A file is refused (507) while the
 * server's disk is below its floor (http/uploadGate.ts).
 * A file that is not in the field `fileField` ("image" unless told), or a second file, is refused rather than silently dropped.
 */
export async function readUpload(request: FastifyRequest, fileField = 'image'): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(400, MESSAGE_NOT_MULTIPART);
  const fields: Record<string, unknown> = Object.create(null);
  let image: Buffer | undefined;
  let refusal: HttpError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read it whole either way, so the body is consumed and the size limit applies.
        const bytes = await part.toBuffer();
        if (part.fieldname !== fileField || image)
          refusal ??= new HttpError(400, fileField === 'image' ? MESSAGE_ONE_FILE : `Send one file only, in the field "${fileField}".`);
        // Browsers send an empty part for a file input left empty: that is "no new image".
        else if (bytes.length > 0) image = bytes;
      } else if (part.valueTruncated) {
        refusal ??= new HttpError(400, part.fieldname === 'carData' ? "The car's details are too long." : 'A field of the form is too long.');
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw asHttpError(err);
  }
  if (refusal) throw refusal;
  // A file to keep, while the disk is short: refused before it is decoded or stored (507). A form
  // without one (a car edit that keeps its picture) goes on.
  if (image) await request.server.uploadGate.roomOnDisk();
  return { image, fields };
}
