/**
 * GET /api/openapi.json (the endpoint table as OpenAPI 3.1) and a readable reference at /api/docs,
 * Swagger UI served from its npm package (no CDN).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import { addEndpoint } from '../../http/endpoint';
import { openApiDocument } from './openapi';

export const DOCS_PREFIX = '/api/docs';

const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  const document = openApiDocument({ serverUrl: app.config.publicUrl });
  // @fastify/swagger's types know OpenAPI 3.0 documents only; it serves a 3.1 one as it is.
  await app.register(swagger, { mode: 'static', specification: { document: document as unknown as OpenAPIV3.Document } });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: 'Car rental API' },
    // The page's own policy: every asset is ours ('self'), nothing from a CDN; Swagger UI sets
    // inline styles as it draws.
    staticCSP:
      "default-src 'self'; base-uri 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "font-src 'self' data:; connect-src 'self'; object-src 'none'; frame-ancestors 'self'",
  });

  addEndpoint(app, 'openApi', async () => document);
};

export default apiDocsRoutes;
