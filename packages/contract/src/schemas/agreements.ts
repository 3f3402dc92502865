/** A copy of a signed agreement checked by anyone (agreements.ts, docs/decisions/122). */
import { z } from 'zod';

export const verifyAgreementFields = z.object({
  file: z.file().describe('The rental agreement as received (a PDF), at most 5 MB.'),
});

export const verifyAgreementResponse = z.object({
  success: z.literal(true),
  valid: z.boolean().describe('True only when the file is byte for byte an agreement the company made and sealed.'),
  reference: z.string().nullable().describe("The booking's reference when valid; null otherwise."),
  signedAt: z.string().nullable().describe('When the agreement was signed (ISO 8601) when valid; null otherwise.'),
  redrawn: z
    .boolean()
    .describe(
      'True for a copy the company made again without the renter’s personal details after they asked to be erased; false for the signed original or when not valid.',
    ),
});
