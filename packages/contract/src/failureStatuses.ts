/**
 * The failure statuses a call may answer, as its OpenAPI description lists them: 400 when it takes
 * any input, 401 when it needs a session, 403 when it is for staff, and the ones its table entry
 * names (errors). The server checks its refusals against the same list.
 */
import { ENDPOINTS, type EndpointSchemas } from './endpoints';
import { type EndpointName, ROUTES } from './routes';
import { isStaffAccess } from './staffRoles';

export function failureStatuses(name: EndpointName): ReadonlySet<number> {
  const route = ROUTES[name];
  const def: EndpointSchemas = ENDPOINTS[name];
  const statuses = new Set<number>(def.errors ?? []);
  if (def.body || def.multipart || def.params || def.query || def.headers) statuses.add(400);
  if (route.access !== 'anyone') statuses.add(401);
  if (isStaffAccess(route.access)) statuses.add(403);
  return statuses;
}
