import { firstIssueMessage } from '@rental/contract';
import type { z } from 'zod';

/**
 * A failure the caller should read: its status, a sentence a customer understands, and, where a
 * screen must act on it, a code from the contract's REFUSAL_CODES (screens decide on codes, never
 * on the words). extra travels in the body beside them (the new quote of a price_changed).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/** Parses a request body (or part of one) with a contract schema; bad input becomes a 400 naming the field. */
export function parseInput<T>(schema: z.ZodType<T>, data: unknown): T {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new HttpError(400, NOT_AN_OBJECT);
  const result = schema.safeParse(data);
  if (!result.success) throw new HttpError(400, firstIssueMessage(result.error));
  return result.data;
}
