/** The driver's calls (details, documents, other drivers, erasure) and staff's (vetting, do not rent). */
import multipart from '@fastify/multipart';
import { DOCUMENT_KINDS, type DocumentKind, DRIVER_MESSAGES, formatMoney, WALK_IN_MESSAGES } from '@rental/contract';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { multipartOptions, readUpload } from '../images';
import { setBookingDrivers } from './bookingDrivers';
import { saveDriver } from './driverDetails';
import { addDocument, checkRoomFor, cleanDocument, deleteDocument, documentStorage, listDocuments, readDocumentFile } from './documents';
import { eraseAccount } from './erasure';
import { decideVetting, setDoNotRent, vettingList } from './vetting';
import { customerDriver, requireCustomer, staffAddDocument, staffSaveDriver } from './staffEntry';

export interface DriverRoutesOptions {
  /** Limits guesses of the password when erasing an account, like login; undefined: no limit. */
  limited?: FastifyContextConfig;
}

const isDocumentKind = (value: unknown): value is DocumentKind => typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);
const MESSAGE_CHOOSE_KIND = 'Please say which document this is: the licence (front or back), the passport, the work ID or the proof of address.';

const driverRoutes: FastifyPluginAsync<DriverRoutesOptions> = async (app, options) => {
  // The upload limits of the cars' pictures; the form is read only after the session is checked.
  await app.register(multipart, multipartOptions);

  addEndpoint(app, 'saveDriver', async (request) => {
    const saved = await saveDriver(app.db, request.user.id, request.body);
    return { success: true as const, ...saved };
  });

  // An account's documents together fit in this (DOCUMENT_QUOTA_MB).
  const quotaBytes = app.config.documentQuotaMb * 1024 * 1024;

  addEndpoint(app, 'userDocuments', async (request) => {
    const [documents, storage] = await Promise.all([listDocuments(app.db, request.user.id), documentStorage(app.db, request.user.id, quotaBytes)]);
    return { success: true as const, documents, storage };
  });

  addEndpoint(app, 'uploadDocument', async (request, reply) => {
    // Before the file is read: the disk floor (507), then the files an hour (429).
    await app.uploadGate.admit(request, reply, request.user.id);
    const { image: file, fields } = await readUpload(request, 'file');
    if (!isDocumentKind(fields.kind)) throw new HttpError(400, MESSAGE_CHOOSE_KIND);
    if (!file) throw new HttpError(400, DRIVER_MESSAGES.documentFileRequired);
    // A full account is told before its file is cleaned; whether the cleaned file fits is checked as it is kept.
    const before = await documentStorage(app.db, request.user.id, quotaBytes);
    if (before.used >= before.limit) checkRoomFor(before, file.length);
    const { document, storage } = await addDocument(app.db, request.user.id, fields.kind, await cleanDocument(file, request.user.id), quotaBytes);
    return { success: true as const, message: DRIVER_MESSAGES.documentUploaded, document, storage };
  });

  addEndpoint(app, 'deleteDocument', async (request) => {
    const { id } = request.params;
    if (!isId(id) || !(await deleteDocument(app.db, request.user.id, id))) throw new HttpError(404, DRIVER_MESSAGES.documentNotFound);
    return { success: true as const, message: DRIVER_MESSAGES.documentRemoved };
  });

  addEndpoint(app, 'document', async (request, reply) => {
    const { id } = request.params;
    const file = isId(id) ? await readDocumentFile(app.db, request.user, id) : undefined;
    // Someone else's document is "not found", as one that does not exist: nothing tells them it does.
    if (!file) throw new HttpError(404, DRIVER_MESSAGES.documentNotFound);
    const extension = file.mimeType === 'application/pdf' ? 'pdf' : 'webp';
    return (
      reply
        .type(file.mimeType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${file.kind}.${extension}"`)
        // A PDF opened from here runs nothing of ours and reaches nothing of the site.
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(file.content)
    );
  });

  addEndpoint(
    app,
    'deleteAccount',
    async (request) => {
      await eraseAccount(app.db, request.user.id, request.body.password, app.config.publicUrl);
      return { success: true as const, message: DRIVER_MESSAGES.accountDeleted };
    },
    { config: options.limited },
  );

  addEndpoint(app, 'bookingDrivers', async (request) => {
    const { booking, difference, confirmAgain } = await setBookingDrivers(app.db, request.user.id, request.params.id, request.body.drivers, {
      expectedTotal: request.body.expectedTotal,
      holdMinutes: app.config.holdMinutes,
      events: app.events,
    });
    const currency = booking.quote?.currency;
    // The new total said at once, when the drivers changed it.
    const message =
      difference === 0
        ? DRIVER_MESSAGES.driversSaved
        : `${DRIVER_MESSAGES.driversSaved}. The total is now ${formatMoney(booking.price, currency)} (${formatMoney(Math.abs(difference), currency)} ${difference > 0 ? 'more' : 'less'}).${confirmAgain ? ` ${DRIVER_MESSAGES.driversToConfirm}` : ''}`;
    return { success: true as const, message, booking, difference, confirmAgain };
  });

  // Walk-ins at the desk (docs/decisions/107): staff type the licence, send its photo, name other drivers at the counter.
  addEndpoint(app, 'customerDriver', async (request) => {
    return { success: true as const, customer: await customerDriver(app.db, request.params.id) };
  });

  addEndpoint(app, 'saveCustomerDriver', async (request) => {
    return { success: true as const, ...(await staffSaveDriver(app.db, request.user.id, request.params.id, request.body)) };
  });

  addEndpoint(app, 'uploadCustomerDocument', async (request, reply) => {
    // Nothing of the upload is read for a customer who is not there.
    await requireCustomer(app.db, request.params.id);
    // The customer's files, wherever they are sent from: their quota and their count an hour.
    await app.uploadGate.admit(request, reply, request.params.id);
    const { image: file, fields } = await readUpload(request, 'file');
    if (!isDocumentKind(fields.kind)) throw new HttpError(400, MESSAGE_CHOOSE_KIND);
    if (!file) throw new HttpError(400, DRIVER_MESSAGES.documentFileRequired);
    const cleaned = await cleanDocument(file, request.params.id);
    const { document, storage } = await staffAddDocument(app.db, request.user.id, request.params.id, fields.kind, cleaned, quotaBytes);
    return { success: true as const, message: WALK_IN_MESSAGES.photoSaved, document, storage };
  });

  addEndpoint(app, 'counterDrivers', async (request) => {
    const { booking, difference } = await setBookingDrivers(app.db, request.user.id, request.params.id, request.body.drivers, {
      expectedTotal: request.body.expectedTotal,
      holdMinutes: app.config.holdMinutes,
      events: app.events,
      byStaff: true,
    });
    const currency = booking.quote?.currency;
    const message =
      difference === 0
        ? WALK_IN_MESSAGES.counterDriversSaved
        : `${WALK_IN_MESSAGES.counterDriversSaved} The total is now ${formatMoney(booking.price, currency)} (${formatMoney(Math.abs(difference), currency)} ${difference > 0 ? 'more, to be paid with the keys' : 'less'}).`;
    return { success: true as const, message, booking, difference };
  });

  addEndpoint(app, 'vetting', async (request) => {
    return { success: true as const, customers: await vettingList(app.db, request.query.status ?? 'waiting') };
  });

  addEndpoint(app, 'decideVetting', async (request) => {
    const decided = await decideVetting(app.db, request.user.id, request.body, app.events);
    return { success: true as const, ...decided };
  });

  addEndpoint(app, 'markDoNotRent', async (request) => {
    return { success: true as const, message: await setDoNotRent(app.db, request.user.id, request.params.id, request.body.reason) };
  });

  addEndpoint(app, 'clearDoNotRent', async (request) => {
    return { success: true as const, message: await setDoNotRent(app.db, request.user.id, request.params.id, null) };
  });
};

export default driverRoutes;
