/**
 * Tolls and tickets after the return (docs/decisions/119-tolls-and-tickets-after-the-return.md).
 * This feature reads the form and the scan; the scan is cleaned by the drivers' document cleaning
 * (metadata dropped, a PDF rewritten) and the charge is written by the bookings feature, which owns
 * every folio line and the scans kept beside them.
 */
import multipart from '@fastify/multipart';
import { LATE_CHARGE_MESSAGES, lateChargeFields, type LateChargeRefusal } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { retryTransientConflicts } from '../../db/retry';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { addLateCharge, checkLateChargeWanted, idempotencyKeyOf, listLateCharges, readLateChargeScan, REPLAYED_HEADER, refuseLateCharge } from '../bookings';
import { cleanDocument } from '../drivers';
import { multipartOptions, readUpload } from '../images';

/** Which refusal a field's problem is: the kind and the amount have their own codes, the rest are plain 400s with the schema's words. */
const FIELD_CODES: Partial<Record<string, LateChargeRefusal>> = { kind: 'late_charge_kind_unknown', amount: 'late_charge_amount_not_positive' };

const lateChargeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, multipartOptions);

  addEndpoint(app, 'addLateCharge', async (request, reply) => {
    const key = idempotencyKeyOf(request);
    await checkLateChargeWanted(app.db, request.params.id);
    const { image: file, fields } = await readUpload(request, 'file').catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 413 ? refuseLateCharge('late_charge_scan_too_large') : err;
    });
    const parsed = lateChargeFields.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const code = FIELD_CODES[String(issue?.path[0])];
      throw code ? refuseLateCharge(code) : new HttpError(400, issue?.message ?? 'The form is not complete.');
    }
    if (!file) throw refuseLateCharge('late_charge_scan_needed');
    // Cleaned before the transaction (a PDF is rewritten in a thread of its own), in the staff member's turn; nothing is stored yet.
    const scan = await cleanDocument(file, request.user.id);
    const added = await retryTransientConflicts(() => addLateCharge(app.db, app.events, request.user.id, request.params.id, parsed.data, scan, key));
    if (added.replayed) reply.header(REPLAYED_HEADER, 'true');
    reply.code(201);
    return { success: true as const, message: LATE_CHARGE_MESSAGES.added, lateCharge: added.lateCharge, folio: added.folio };
  });

  addEndpoint(app, 'lateCharges', async (request) => ({
    success: true as const,
    lateCharges: await listLateCharges(app.db, request.user, request.params.id),
  }));

  addEndpoint(app, 'lateChargeScan', async (request, reply) => {
    const file = await readLateChargeScan(app.db, request.user, request.params.id);
    const extension = file.mimeType === 'application/pdf' ? 'pdf' : 'webp';
    return (
      reply
        .type(file.mimeType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${file.kind === 'toll' ? 'toll' : 'ticket'}.${extension}"`)
        // As a driver's document: a PDF opened from here runs nothing of ours and reaches nothing of the site.
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(file.content)
    );
  });
};

export default lateChargeRoutes;
