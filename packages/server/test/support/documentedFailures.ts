/**
 * Every test file of the server runs with this (vitest.config.ts setupFiles): a call that answers a
 * 4xx its OpenAPI description does not list fails the test that made it (http/documentedFailures.ts).
 */
import { afterEach } from 'vitest';
import { type UndocumentedFailure, watchUndocumentedFailures } from '../../src/http/documentedFailures';

const seen: UndocumentedFailure[] = [];
watchUndocumentedFailures((failure) => seen.push(failure));

afterEach(() => {
  const found = seen.splice(0);
  if (found.length > 0) {
    const list = [...new Set(found.map((f) => `${f.endpoint} (${f.method} ${f.url}) answered ${f.statusCode}`))].join('\n');
    throw new Error(`A failure the API description does not list (add it to the endpoint's errors in the contract):\n${list}`);
  }
});
