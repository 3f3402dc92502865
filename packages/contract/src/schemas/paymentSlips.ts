/** A bank deposit's slips on its booking (paymentSlips.ts, docs/decisions/110). */
import { z } from 'zod';
import { documentStorage } from './drivers';

export const paymentSlip = z.object({
  _id: z.string().describe('The document id: its file is GET /api/documents/{id}, to its customer and staff only.'),
  uploadedAt: z.string(),
  /** image/webp for a photo or screenshot (re-encoded without its metadata), application/pdf for a PDF. */
  mimeType: z.string(),
  size: z.number(),
  /** The customer may still remove it: no payment was recorded on the booking since it was sent. */
  removable: z.boolean(),
});
export type PaymentSlip = z.infer<typeof paymentSlip>;

export const paymentSlipParams = z.object({ id: z.string().describe("The booking's id (a UUID).") });
export const paymentSlipItemParams = paymentSlipParams.extend({ slipId: z.string().describe("The slip's id (a UUID).") });

export const paymentSlipUploadFields = z.object({
  file: z.file().describe('A JPEG, PNG or WebP photo or screenshot, or a PDF, at most 10 MB.'),
});

const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape });

export const paymentSlipResponses = {
  slips: ok({ slips: z.array(paymentSlip) }),
  slipSent: ok({ message: z.string(), slip: paymentSlip, storage: documentStorage }),
} as const;
export type PaymentSlipsResponse = z.infer<typeof paymentSlipResponses.slips>;
