/**
 * Serves the web app built by Vite (packages/web/dist): hashed assets cached for a year,
 * index.html always revalidated, precompressed .br/.gz files when present, and index.html for
 * the client's routes (/car-details/x ...). API paths never fall back to the page.
 * The public pages that show the fleet (/, /cars, a car's page) are drawn on the server with
 * their data when the build has its server bundle (decision 075, prerenderer.ts).
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@rental/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendEncoded } from '../fleetCache';
import { loadPrerenderer } from './prerenderer';

/** The server's package folder: the nearest one up with a package.json, from the source (src/features/publicPages) or the bundle (dist). */
function serverPackage(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}
export const DEFAULT_WEB_DIST = join(serverPackage(dirname(fileURLToPath(import.meta.url))), '..', 'web', 'dist');

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app is not built yet</h1>
<p>The API is running. Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing) to serve the site.</p>
</body></html>`;

function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      cacheControl: false,
      // "/" is a page like the others: drawn on the server when it can be (below), not the bare index.html.
      index: false,
      setHeaders(reply, filePath) {
        const file = relative(webDist, filePath);
        if (file.startsWith(`assets${sep}`)) reply.header('cache-control', IMMUTABLE);
        else if (file.startsWith('index.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const prerenderer = built ? await loadPrerenderer(app, webDist) : undefined;

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const page = await prerenderer
      ?.get()
      .then((current) => current?.page(request.url))
      .catch((err: unknown) => {
        // A page that cannot be drawn here is still served: the browser draws it, as before.
        request.log.error({ err }, 'server rendering failed; sending the page for the browser to draw');
        return undefined;
      });
    // Drawn from the current data each time it changes: revalidated on every visit (no-cache, its
    // ETag), as index.html is; sent as compressed when drawn.
    if (page !== undefined) return sendEncoded(request, reply, page, 'text/html; charset=utf-8');
    if (built) return reply.sendFile('index.html');
    return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
  }

  // The home page, whatever the client accepts (as the static index.html was served before).
  if (built) app.get('/', (request, reply) => sendPage(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request)) return sendPage(request, reply);
    return reply.code(404).send({ success: false, message: MESSAGES.notFound, code: 'not_found' });
  });
}
