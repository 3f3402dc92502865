/** Services that fall due: plans, services and their receipts, the fleet's due list, a service block. */
import multipart from '@fastify/multipart';
import { MAINTENANCE_MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { retryTransientConflicts } from '../../db/retry';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { cleanDocument } from '../drivers';
import { multipartOptions, readUpload } from '../images';
import { blockForService, dueList } from './due';
import { readPlan, savePlan } from './plan';
import { listServices, logService, parseService, readReceipt, serviceProblem } from './services';

const maintenanceRoutes: FastifyPluginAsync = async (app) => {
  // The upload limits of every document; the form is read only after the session is checked.
  await app.register(multipart, multipartOptions);

  addEndpoint(app, 'maintenancePlan', async (request) => {
    return { success: true as const, plan: await readPlan(app.db, request.params.id) };
  });

  addEndpoint(app, 'saveMaintenancePlan', async (request) => {
    const saved = await savePlan(app.db, app.events, request.user.id, request.params.id, request.body);
    return { success: true as const, ...saved };
  });

  addEndpoint(app, 'carServices', async (request) => {
    return { success: true as const, services: await listServices(app.db, request.params.id) };
  });

  addEndpoint(app, 'logCarService', async (request) => {
    const { image: file, fields } = await readUpload(request, 'receipt');
    const service = parseService(fields.service);
    // What needs no database is refused before the scan is cleaned.
    serviceProblem(service);
    const receipt = file ? await cleanDocument(file, request.user.id) : undefined;
    const logged = await logService(app.db, app.events, request.user.id, request.params.id, service, receipt);
    return { success: true as const, message: MAINTENANCE_MESSAGES.serviceLogged, service: logged, plan: await readPlan(app.db, request.params.id) };
  });

  addEndpoint(app, 'carServiceReceipt', async (request, reply) => {
    const receipt = await readReceipt(app.db, request.params.id, request.params.serviceId);
    if (!receipt) throw new HttpError(404, MAINTENANCE_MESSAGES.receiptNotFound);
    const extension = receipt.mimeType === 'application/pdf' ? 'pdf' : 'webp';
    return (
      reply
        .type(receipt.mimeType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="service-receipt.${extension}"`)
        // A PDF opened from here runs nothing of ours and reaches nothing of the site.
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(receipt.content)
    );
  });

  addEndpoint(app, 'maintenanceDue', async () => {
    return { success: true as const, ...(await dueList(app.db)) };
  });

  addEndpoint(app, 'serviceBlock', async (request) => {
    // As the blocks' own call: a deadlock with a re-opened booking is tried again, then meets its days (409).
    const block = await retryTransientConflicts(() => blockForService(app.db, request.user.id, request.body));
    return { success: true as const, message: MAINTENANCE_MESSAGES.blockAdded, block };
  });
};

export default maintenanceRoutes;
