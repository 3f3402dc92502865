/** The owners' history call. Read-only: no call of the API changes the history. */
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { listActivity } from './read';

const activityRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'ownerActivity', async (request) => {
    const { limit, cursor, kind } = request.query;
    return { success: true as const, ...(await listActivity(app.db, { limit, cursor, kind })) };
  });
};

export default activityRoutes;
