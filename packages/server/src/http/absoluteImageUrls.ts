/**
 * With PUBLIC_URL set, every picture URL in every API answer is absolute, so a client served from
 * another origin (CORS_ORIGINS) can show it. Services keep writing "/api/images/<id>"; this rewrites
 * the `image` fields of an answer just before it is serialised.
 */
import type { FastifyInstance } from 'fastify';

const IMAGE_PATH = '/api/images/';

/** Also used by the fleet cache (features/fleetCache), which serialises answers itself. */
export function absolutizeImageUrls(value: unknown, base: string): void {
  rewrite(value, base);
}

function rewrite(value: unknown, base: string): void {
  if (Array.isArray(value)) {
    for (const item of value) rewrite(item, base);
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const field = record[key];
    if (key === 'image' && typeof field === 'string' && field.startsWith(IMAGE_PATH)) record[key] = base + field;
    // A car's pictures (URLs in order), so pictures[0] stays equal to image.
    else if (key === 'pictures' && Array.isArray(field))
      record[key] = field.map((url) => (typeof url === 'string' && url.startsWith(IMAGE_PATH) ? base + url : url));
    else if (field !== null && typeof field === 'object') rewrite(field, base);
  }
}

export function absoluteImageUrls(app: FastifyInstance, publicUrl: string): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.url.startsWith('/api/')) rewrite(payload, publicUrl);
    return payload;
  });
}
