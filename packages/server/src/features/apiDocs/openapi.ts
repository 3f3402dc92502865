/**
 * The OpenAPI 3.1 description of the API, generated from the contract's endpoint table: every
 * call with its request and answer schemas (zod's own JSON Schema output), who may make it, and
 * the failures it may answer, all in our { success: false, message, code } shape.
 */
import {
  ACCESS_WORDS,
  ALL_FAILURE_CODES,
  type EndpointName,
  ENDPOINTS,
  type EndpointSchemas,
  failureStatuses,
  type HttpMethod,
  ROUTES,
  type Tag,
} from '@rental/contract';
import { OpenAPIV3, type OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

type Schema = OpenAPIV3_1.SchemaObject;

const METHODS = {
  GET: OpenAPIV3.HttpMethods.GET,
  POST: OpenAPIV3.HttpMethods.POST,
  PUT: OpenAPIV3.HttpMethods.PUT,
  DELETE: OpenAPIV3.HttpMethods.DELETE,
} satisfies Record<HttpMethod, OpenAPIV3.HttpMethods>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Schema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  // zod's JSON Schema and openapi-types' word 'type' differently (a lone string or a list): the one bridge.
  return rest as Schema;
}

const FAILURES: Record<number, string> = {
  400: 'The input is not valid (the message names the field).',
  401: 'Not logged in, the session has ended, or (logging in) the e-mail or password is wrong.',
  403: 'Only the company staff may make this call.',
  404: 'Not found.',
  409: 'A conflict: the dates are taken, the car has bookings, or the change would strand data.',
  413: 'The upload is too large.',
  422: 'The Idempotency-Key was already used for a different request.',
  429: 'Too many attempts; wait a few minutes.',
  503: 'The database cannot be reached.',
  507: 'The server is short of disk space: uploads are refused until there is room again (everything else goes on).',
};

const TAGS: { name: Tag; description: string }[] = [
  { name: 'Account', description: 'Register, log in, the logged-in account.' },
  { name: 'Cars', description: 'The fleet as customers see it.' },
  { name: 'Bookings', description: 'Availability, booking, and the bookings of customers and staff.' },
  { name: 'Company', description: "The company's facts and its bank account." },
  { name: 'Owner', description: 'The staff area: fleet, dashboard, profile picture.' },
  { name: 'Pictures', description: 'Stored pictures, immutable.' },
  { name: 'Service', description: 'Health and this description.' },
];

function parametersOf(def: EndpointSchemas): OpenAPIV3_1.ParameterObject[] {
  const from = (schema: z.ZodObject | undefined, where: 'path' | 'query' | 'header') => {
    if (!schema) return [];
    const json = jsonSchema(schema, 'input');
    const required = new Set(json.required ?? []);
    return Object.entries(json.properties ?? {}).map(([name, property]) => {
      const { description, ...rest } = property as Schema;
      const parameter = { name, in: where, required: where === 'path' || required.has(name), ...(description && { description }), schema: rest };
      return parameter as unknown as OpenAPIV3_1.ParameterObject;
    });
  };
  return [...from(def.params, 'path'), ...from(def.query, 'query'), ...from(def.headers, 'header')];
}

function operationOf(name: EndpointName): OpenAPIV3_1.OperationObject {
  const route = ROUTES[name];
  const def: EndpointSchemas = ENDPOINTS[name];
  const status = String(def.status ?? 200);
  const who = ACCESS_WORDS[route.access];
  const responses: OpenAPIV3_1.ResponsesObject = {
    [status]: {
      description: status === '201' ? 'Created' : 'OK',
      content:
        'binary' in def.response
          ? { [def.response.binary]: { schema: { type: 'string', contentMediaType: def.response.binary } } }
          : { 'application/json': { schema: jsonSchema(def.response, 'output') } },
    },
  };
  for (const code of [...failureStatuses(name)].sort()) responses[String(code)] = { $ref: `#/components/responses/Failure${code}` };

  const operation: OpenAPIV3_1.OperationObject = {
    operationId: name,
    summary: def.summary,
    description: [def.description, who, def.codes?.length ? `Refusal codes: ${def.codes.map((code) => `\`${code}\``).join(', ')}.` : '']
      .filter(Boolean)
      .join(' '),
    tags: [def.tag],
    responses,
  };
  const parameters = parametersOf(def);
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.access !== 'anyone') operation.security = [{ session: [] }];
  if (def.body) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(def.body, 'input') } } };
  } else if (def.multipart) {
    operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: jsonSchema(def.multipart, 'input') } } };
  }
  return operation;
}

export function openApiDocument(options: { serverUrl?: string } = {}): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const name of Object.keys(ROUTES) as EndpointName[]) {
    const route = ROUTES[name];
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const method = METHODS[route.method];
    paths[path] = { ...paths[path], [method]: operationOf(name) };
  }
  const codes = Object.keys(ALL_FAILURE_CODES);
  const failure = jsonSchema(
    z.object({
      success: z.literal(false),
      message: z.string().describe('A sentence to show the customer as it is.'),
      code: z.enum(codes).describe(
        `What a screen decides on (never the message): ${Object.entries(ALL_FAILURE_CODES)
          .map(([code, words]) => `\`${code}\`: ${words}`)
          .join(' ')}`,
      ),
    }),
    'output',
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Car rental API',
      version: '1.0.0',
      description:
        "The API of a car rental company's site in Jamaica (its name and places: `GET /api/company`). Every answer is JSON with `success`; failures also carry `message`, a sentence a customer can read, and `code`, what a program decides on. Dates are calendar dates (YYYY-MM-DD) in Jamaica time; prices are whole Jamaican dollars.",
    },
    ...(options.serverUrl && { servers: [{ url: options.serverUrl }] }),
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The token from login or register, sent as it is or as "Bearer <token>". It lasts 7 days.',
        },
      },
      schemas: { Failure: failure },
      responses: Object.fromEntries(
        Object.entries(FAILURES).map(([code, description]) => [
          `Failure${code}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
        ]),
      ),
    },
  };
}
