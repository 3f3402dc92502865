/**
 * POST /api/agreements/verify: anyone holding a copy of a signed agreement sends it and learns
 * whether it is byte for byte one the company sealed. The file is read as it streams and refused
 * past MAX_AGREEMENT_BYTES; it is hashed and forgotten: nothing of a check is stored.
 */
import multipart from '@fastify/multipart';
import { AGREEMENT_REFUSALS, type AgreementRefusal, MAX_AGREEMENT_BYTES } from '@rental/contract';
import type { FastifyContextConfig, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { sha256Hex } from './seal';
import { sealOfHash } from './store';

const refusal = (code: AgreementRefusal, status = 422) => new HttpError(status, AGREEMENT_REFUSALS[code], code);

/** A PDF starts with %PDF- within its first 1024 bytes (what readers accept). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-');
}

async function readFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw refusal('agreement_file_missing');
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && !file) file = bytes;
    }
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal('agreement_too_large', 413);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'Send one file only, in the field "file".');
    throw new HttpError(400, 'The form could not be read. Please try again.');
  }
  if (!file || file.length === 0) throw refusal('agreement_file_missing');
  if (!looksLikePdf(file)) throw refusal('agreement_not_pdf');
  return file;
}

export interface AgreementRoutesOptions {
  /** The route's rate limit (app.ts: half the login limit). */
  limited?: FastifyContextConfig;
}

const agreementRoutes: FastifyPluginAsync<AgreementRoutesOptions> = async (app, options) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_AGREEMENT_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3, headerPairs: 100 },
  });

  addEndpoint(
    app,
    'verifyAgreement',
    async (request) => {
      const file = await readFile(request);
      const seal = await sealOfHash(app.db, sha256Hex(file));
      if (!seal) return { success: true as const, valid: false, reference: null, signedAt: null, redrawn: false };
      return { success: true as const, valid: true, reference: seal.reference, signedAt: seal.signedAt.toISOString(), redrawn: seal.redraws !== null };
    },
    { config: options.limited },
  );
};

export default agreementRoutes;
