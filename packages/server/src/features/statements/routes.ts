/** Bank statements: owners and managers upload them, see each line's match, and apply them (docs/decisions/113). */
import multipart from '@fastify/multipart';
import { MAX_STATEMENT_BYTES, STATEMENT_MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { MESSAGE_BAD_FORM, MESSAGE_NOT_MULTIPART } from '../images';
import { csvPreview, formatOf, guessMapping, refusal, statementText } from './read';
import { applyLines, bankAccountOf, listStatements, rememberedMapping, sentMapping, statementById, uploadStatement } from './store';

interface StatementForm {
  file: Buffer | undefined;
  fileName: string;
  fields: Record<string, string>;
}

/**
 * The form, read as it streams: the file is refused past MAX_STATEMENT_BYTES by the multipart
 * limits, so a 50 MB upload is never held whole in memory.
 */
async function readForm(request: FastifyRequest): Promise<StatementForm> {
  if (!request.isMultipart()) throw new HttpError(400, MESSAGE_NOT_MULTIPART);
  const form: StatementForm = { file: undefined, fileName: '', fields: Object.create(null) as Record<string, string> };
  let tooMany = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file' || form.file) tooMany = true;
        else {
          form.file = bytes;
          form.fileName = part.filename ?? '';
        }
      } else if (!part.valueTruncated) {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal('statement_too_large', 413);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'Send one file only, in the field "file".');
    throw new HttpError(400, MESSAGE_BAD_FORM);
  }
  if (tooMany) throw new HttpError(400, 'Send one file only, in the field "file".');
  return form;
}

const statementRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 5, fieldSize: 16 * 1024, parts: 6, headerPairs: 100 },
  });

  addEndpoint(app, 'statements', async () => ({ success: true as const, statements: await listStatements(app.db) }));

  addEndpoint(app, 'statement', async (request) => ({ success: true as const, statement: await statementById(app.db, request.params.id) }));

  addEndpoint(app, 'previewStatement', async (request) => {
    const form = await readForm(request);
    if (!form.file) throw new HttpError(422, STATEMENT_MESSAGES.fileRequired, 'statement_empty');
    const account = await bankAccountOf(app.db, form.fields.bankAccount);
    const text = statementText(form.file);
    if (formatOf(text) === 'ofx') return { success: true as const, format: 'ofx' as const, headers: [], rows: [], mapping: null, remembered: false };
    const { headers, rows } = csvPreview(text);
    const remembered = await rememberedMapping(app.db, account.number);
    return { success: true as const, format: 'csv' as const, headers, rows, mapping: remembered ?? guessMapping(headers), remembered: remembered !== null };
  });

  addEndpoint(app, 'uploadStatement', async (request, reply) => {
    const form = await readForm(request);
    if (!form.file) throw new HttpError(422, STATEMENT_MESSAGES.fileRequired, 'statement_empty');
    const account = await bankAccountOf(app.db, form.fields.bankAccount);
    const mapping = sentMapping(form.fields.mapping);
    const timings = { read: 0, match: 0, store: 0 };
    const statement = await uploadStatement(app.db, request.user.id, { text: statementText(form.file), fileName: form.fileName, account, mapping }, timings);
    // Where an upload's time goes, for staff's browser tools and the bench (bench/statement-match.mjs).
    reply.header(
      'server-timing',
      Object.entries(timings)
        .map(([step, ms]) => `${step};dur=${ms.toFixed(1)}`)
        .join(', '),
    );
    return { success: true as const, message: STATEMENT_MESSAGES.uploaded, statement };
  });

  addEndpoint(app, 'applyStatement', async (request) => {
    const applied = await applyLines(app.db, app.events, request.user.id, request.params.id, request.body);
    const statement = await statementById(app.db, request.params.id);
    return { success: true as const, message: applied > 0 ? STATEMENT_MESSAGES.applied(applied) : STATEMENT_MESSAGES.nothingApplied, applied, statement };
  });
};

export default statementRoutes;
