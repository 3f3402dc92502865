/**
 * The API description lists every failure a call may answer: a client generated from it must not
 * meet a status it was not told of. This walks the served document; the tests' setup
 * (support/documentedFailures.ts) also fails any test whose call answers a status not listed here.
 */
import { API, BOOKING_REFUSALS, ENDPOINTS, type EndpointName, type EndpointSchemas, isBookingRefusal, isStaffAccess, ROUTES } from '@rental/contract';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeDatabase, type TestApp } from './helpers';

describe(`the failures in the API description (${describeDatabase})`, () => {
  let t: TestApp;
  let doc: OpenAPIV3_1.Document;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: API.openApi })).json();
  });
  afterAll(() => t?.close());

  function operations() {
    return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item ?? {}).map(([method, operation]) => ({ path, method, operation: operation as OpenAPIV3_1.OperationObject })),
    );
  }

  it('lists for every call the 4xx it may answer: 400 with input, 401 and 403 behind a guard, 404 for a thing named in its path, and the status of each refusal code', () => {
    const missing: string[] = [];
    expect(operations().length).toBe(Object.keys(ROUTES).length);
    for (const { path, method, operation } of operations()) {
      const name = operation.operationId as EndpointName;
      const route = ROUTES[name];
      const listed = new Set(Object.keys(operation.responses ?? {}));
      const wanted = new Set<string>();
      if (operation.requestBody || operation.parameters?.length) wanted.add('400');
      if (route.access !== 'anyone') wanted.add('401');
      if (isStaffAccess(route.access)) wanted.add('403');
      if (path.includes('{')) wanted.add('404');
      const def: EndpointSchemas = ENDPOINTS[name];
      for (const code of def.codes ?? []) if (isBookingRefusal(code)) wanted.add(String(BOOKING_REFUSALS[code].statusCode));
      for (const status of wanted) if (!listed.has(status)) missing.push(`${method.toUpperCase()} ${path} (${name}): ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('describes each listed failure with the one failure body', () => {
    const described = doc.components?.responses ?? {};
    for (const { operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('4')) continue;
        const ref = (response as OpenAPIV3_1.ReferenceObject).$ref;
        expect(ref).toBe(`#/components/responses/Failure${status}`);
        expect(described[`Failure${status}`]).toBeDefined();
      }
    }
  });
});
