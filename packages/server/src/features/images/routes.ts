import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../http/errors';
import { isId } from '../cars/ids';
import { findImage } from './store';

/** An id names one picture for ever (a new upload gets a new id), so caches may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const imagesRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>('/api/images/:id', async (request, reply) => {
    // The URL form is /api/images/<id>; a ".webp" suffix is accepted too, for tools that want one.
    const id = request.params.id.replace(/\.webp$/i, '');
    if (!isId(id)) throw new HttpError(404, MESSAGES.notFound);
    const image = await findImage(app.db, id);
    if (!image) throw new HttpError(404, MESSAGES.notFound);
    const etag = `"${id.toLowerCase()}"`;
    reply.header('Cache-Control', IMMUTABLE).header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .header('Content-Type', image.mimeType)
      .send(image.content);
  });
};

export default imagesRoutes;
