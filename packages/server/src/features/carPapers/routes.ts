/** A car's papers: read (any staff), save new ones (owners, managers), their scans, the fleet's papers page. */
import multipart from '@fastify/multipart';
import { CAR_PAPER_MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { multipartOptions, readUpload } from '../images';
import { fleetPapers, paperOfCar, readCarPapers, saveCarPapers } from './papers';
import { type CleanScan, keepScan, readScan } from './scans';

export interface CarPaperRoutesOptions {
  /** The drivers feature's cleaning of a document (app.ts hands it over). */
  cleanScan: CleanScan;
}

const carPaperRoutes: FastifyPluginAsync<CarPaperRoutesOptions> = async (app, options) => {
  // The upload limits of the cars' pictures; the form is read only after the session is checked.
  await app.register(multipart, multipartOptions);

  addEndpoint(app, 'carPapers', async (request) => {
    return { success: true as const, papers: await readCarPapers(app.db, request.params.id) };
  });

  addEndpoint(app, 'saveCarPapers', async (request) => {
    const papers = await saveCarPapers(app.db, request.user.id, request.params.id, request.body);
    return { success: true as const, message: CAR_PAPER_MESSAGES.saved, papers };
  });

  addEndpoint(app, 'uploadCarPaperScan', async (request, reply) => {
    const paperId = await paperOfCar(app.db, request.params.id, request.params.paperId);
    if (!paperId) throw new HttpError(404, CAR_PAPER_MESSAGES.paperNotFound);
    // Before the file is read: the disk floor (507), then the files an hour (429).
    await app.uploadGate.admit(request, reply, request.user.id);
    const { image: file } = await readUpload(request, 'file');
    if (!file) throw new HttpError(400, CAR_PAPER_MESSAGES.fileRequired);
    await keepScan(app.db, request.user.id, paperId, await options.cleanScan(file, request.user.id));
    return { success: true as const, message: CAR_PAPER_MESSAGES.scanSaved, papers: await readCarPapers(app.db, request.params.id) };
  });

  addEndpoint(app, 'carPaperScan', async (request, reply) => {
    const paperId = await paperOfCar(app.db, request.params.id, request.params.paperId);
    const scan = paperId ? await readScan(app.db, paperId) : undefined;
    if (!scan) throw new HttpError(404, CAR_PAPER_MESSAGES.scanNotFound);
    const extension = scan.mimeType === 'application/pdf' ? 'pdf' : 'webp';
    return (
      reply
        .type(scan.mimeType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="car-paper.${extension}"`)
        // A PDF opened from here runs nothing of ours and reaches nothing of the site.
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(scan.content)
    );
  });

  addEndpoint(app, 'fleetPapers', async () => {
    return { success: true as const, papers: await fleetPapers(app.db) };
  });
};

export default carPaperRoutes;
