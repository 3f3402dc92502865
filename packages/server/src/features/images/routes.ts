import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { isId } from '../../db/ids';
import { findImage, imageExists } from './store';
import { createVariantCache, resizeImage } from './variants';

/** An id names one picture for ever (a new upload gets a new id), so caches may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const imagesRoutes: FastifyPluginAsync = async (app) => {
  const variants = createVariantCache();

  addEndpoint(app, 'image', async (request, reply) => {
    // The URL form is /api/images/<id>; a ".webp" suffix is accepted too, for tools that want one.
    const id = request.params.id.replace(/\.webp$/i, '');
    const { w } = request.query;
    if (!isId(id)) throw new HttpError(404, MESSAGES.notFound);
    // Another origin (CORS_ORIGINS, the company's other clients) may show our pictures.
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    const etag = w === undefined ? `"${id.toLowerCase()}"` : `"${id.toLowerCase()}-w${w}"`;

    if (w === undefined) {
      const image = await findImage(app.db, id);
      if (!image) throw new HttpError(404, MESSAGES.notFound);
      reply.header('Cache-Control', IMMUTABLE).header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('Content-Type', image.mimeType).send(image.content);
    }

    // Asked even when the variant is cached: a deleted picture (a replaced profile photo) must stop being served.
    if (!(await imageExists(app.db, id))) throw new HttpError(404, MESSAGES.notFound);
    reply.header('Cache-Control', IMMUTABLE).header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const width = Number(w) as Parameters<typeof resizeImage>[1];
    const content = await variants.get(id, width, async () => {
      const image = await findImage(app.db, id);
      return image && resizeImage(image.content, width);
    });
    if (!content) throw new HttpError(404, MESSAGES.notFound);
    // Every stored picture is WebP, and so is every variant.
    return reply.header('Content-Type', 'image/webp').send(content);
  });
};

export default imagesRoutes;
