/**
 * The endpoint table is the API: every route the app serves is in it (and nothing else is), the
 * OpenAPI document describes every call of it and is valid OpenAPI 3.1, and the reference page is
 * served from our own server.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { API, ENDPOINTS, type EndpointName, ROUTES } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDatabase, type TestApp } from './helpers';

/** Routes that are not calls of the API: the reference page's files, the home page and the web app's static files. */
const notCalls = (route: string) => / \/api\/docs(\/|$)/.test(route) || route === 'GET /' || route.endsWith('/*') || route.endsWith(' *');

describe(`the endpoint table (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers every call of the table, and no route outside it', () => {
    const registered = t.app.registeredRoutes.filter((route) => !route.startsWith('HEAD ') && !notCalls(route));
    const table = Object.values(ROUTES).map((route) => `${route.method} ${route.path}`);
    expect([...registered].sort()).toEqual([...table].sort());
  });

  it('answers a body the schema refuses with our shape, in words the form uses', async () => {
    const res = await t.app.inject({ method: 'POST', url: API.checkAvailability, payload: { location: 'Waterford, Portmore', pickupDate: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: expect.any(String), message: 'Please choose the pickup date.' });
    const notAnObject = await t.app.inject({ method: 'POST', url: API.checkAvailability, payload: [1, 2] });
    expect(notAnObject.json()).toEqual({ success: false, code: expect.any(String), message: 'The request body must be a JSON object.' });
  });

  describe('GET /api/openapi.json', () => {
    let doc: {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown>; requestBody?: { content: Record<string, unknown> } }>>;
    };
    beforeAll(async () => {
      const res = await t.app.inject({ method: 'GET', url: API.openApi });
      expect(res.statusCode).toBe(200);
      doc = res.json();
    });

    it('is a valid OpenAPI 3.1 document', async () => {
      expect(doc.openapi).toBe('3.1.0');
      const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    });

    it('describes every call of the table, with who may make it and the failures it answers', () => {
      for (const name of Object.keys(ROUTES) as EndpointName[]) {
        const route = ROUTES[name];
        const operation = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
        expect(operation, `${name}: ${route.method} ${route.path}`).toBeDefined();
        const codes = Object.keys(operation!.responses);
        expect(codes).toContain(String((ENDPOINTS[name] as { status?: number }).status ?? 200));
        if (route.access === 'anyone') expect(operation!.security, name).toBeUndefined();
        else {
          expect(operation!.security, name).toEqual([{ session: [] }]);
          expect(codes, name).toContain('401');
        }
        if (route.access === 'owner') expect(codes, name).toContain('403');
      }
    });

    it('gives request bodies: JSON for the forms, multipart for pictures', () => {
      expect(Object.keys(doc.paths[API.createBooking]!.post!.requestBody!.content)).toEqual(['application/json']);
      expect(Object.keys(doc.paths[API.addCar]!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
      expect(Object.keys(doc.paths['/api/owner/update-car/{id}']!.put!.requestBody!.content)).toEqual(['multipart/form-data']);
      expect(JSON.stringify(doc.paths[API.createBooking]!.post!.requestBody)).toContain('paymentMethod');
    });
  });

  it('serves a readable reference page at /api/docs from our own server, no CDN', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const scripts = [...page.body.matchAll(/src="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const url = new URL(script, 'http://localhost/api/docs/').pathname;
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('json');
  });
});
