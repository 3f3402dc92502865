/**
 * Every failure answers { success: false, message, code } with a fitting status (DESIGN.md "The API");
 * code is the contract's (refusalCodes.ts): the refusal's own, or what its status means.
 * Nothing ever answers with a stack trace: unexpected errors are logged and answered with a
 * general sentence.
 */
import { codeOfStatus, isZodsOwnWording, MESSAGES } from '@rental/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isOverlapViolation } from '../db/types';
import { HttpError, NOT_AN_OBJECT } from './errors';

/** Fastify's own client errors, in words a customer can read. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: NOT_AN_OBJECT,
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here. Send JSON (or multipart/form-data for images).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_REQ_FILE_TOO_LARGE: MESSAGES.imageTooLarge,
  FST_ERR_VALIDATION: 'The request is not valid.',
};

function clientMessage(err: FastifyError, statusCode: number): string {
  if (err.code && FASTIFY_MESSAGES[err.code]) return FASTIFY_MESSAGES[err.code]!;
  if (err instanceof SyntaxError) return FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
  if (statusCode === 429) return MESSAGES.tooManyAttempts;
  if (statusCode === 413) return 'The request is too large.';
  if (statusCode === 404) return MESSAGES.notFound;
  return 'The request is not valid.';
}

/**
 * The first problem the endpoint table's schema found, as one sentence: our schemas' messages name
 * their field already; zod's own (a body that is not an object) get ours.
 */
export function validationMessage(err: FastifyError): string {
  const issue = err.validation?.[0];
  if (!issue) return MESSAGES.requestNotValid;
  if (!issue.instancePath.replace(/^\//, '')) return err.validationContext === 'body' ? NOT_AN_OBJECT : MESSAGES.requestNotValid;
  const message = issue.message ?? '';
  return message && !isZodsOwnWording(message) ? message : MESSAGES.requestNotValid;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ ...err.extra, success: false, message: err.message, code: err.code ?? codeOfStatus(err.statusCode) });
    }
    if (err.validation) {
      return reply.code(400).send({ success: false, message: validationMessage(err), code: 'invalid_input' });
    }
    // A safety net: features answer overlaps themselves, but the constraint is the guarantee.
    if (isOverlapViolation(err)) {
      return reply.code(409).send({ success: false, message: MESSAGES.datesTaken, code: 'dates_taken' });
    }
    const statusCode = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ code: err.code, statusCode }, 'request refused');
      return reply.code(statusCode).send({ success: false, message: clientMessage(err, statusCode), code: codeOfStatus(statusCode) });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ success: false, message: MESSAGES.serverError, code: 'server_error' });
  });
}
