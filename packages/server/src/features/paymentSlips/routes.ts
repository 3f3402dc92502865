/** A bank deposit's slips: the customer sends and removes them on their booking's page; the customer and staff list them. */
import multipart from '@fastify/multipart';
import { SLIP_MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { addDocument, checkRoomFor, cleanDocument, documentStorage } from '../drivers';
import { multipartOptions, readUpload } from '../images';
import { checkSlipWanted, listSlips, removeSlip, slipKeeping } from './slips';

const paymentSlipRoutes: FastifyPluginAsync = async (app) => {
  // The upload limits of every document; the form is read only after the session and the booking are checked.
  await app.register(multipart, multipartOptions);
  // A customer's slips count in the quota of their documents (DOCUMENT_QUOTA_MB).
  const quotaBytes = app.config.documentQuotaMb * 1024 * 1024;

  addEndpoint(app, 'paymentSlips', async (request) => {
    return { success: true as const, slips: await listSlips(app.db, request.user, request.params.id) };
  });

  addEndpoint(app, 'sendPaymentSlip', async (request, reply) => {
    const customerId = request.user.id;
    const bookingId = request.params.id;
    // Nothing of the file is read for a booking that is not theirs or wants no slip.
    await checkSlipWanted(app.db, customerId, bookingId);
    // Then as every document: the disk floor (507), the files an hour (429), a full account told before its file is cleaned.
    await app.uploadGate.admit(request, reply, customerId);
    const { image: file } = await readUpload(request, 'file');
    if (!file) throw new HttpError(400, SLIP_MESSAGES.fileRequired);
    const before = await documentStorage(app.db, customerId, quotaBytes);
    if (before.used >= before.limit) checkRoomFor(before, file.length);
    const cleaned = await cleanDocument(file, customerId);
    const { document, storage } = await addDocument(
      app.db,
      customerId,
      'payment_slip',
      cleaned,
      quotaBytes,
      customerId,
      slipKeeping(customerId, bookingId, app.events),
    );
    const slip = { _id: document._id, uploadedAt: document.uploadedAt, mimeType: document.mimeType, size: document.size, removable: true };
    return { success: true as const, message: SLIP_MESSAGES.sent, slip, storage };
  });

  addEndpoint(app, 'removePaymentSlip', async (request) => {
    await removeSlip(app.db, request.user.id, request.params.id, request.params.slipId, app.events);
    return { success: true as const, message: SLIP_MESSAGES.removed };
  });
};

export default paymentSlipRoutes;
