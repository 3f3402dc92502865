import type { Entry } from '../support/permissionMatrix';

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. */
export const staffEntries: Record<string, Entry> = {};
