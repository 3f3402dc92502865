/** The owners' fleet timeline call. */
import type { FastifyPluginAsync } from 'fastify';
import { companyToday } from '@rental/contract';
import { addEndpoint } from '../../http/endpoint';
import { DEFAULT_TIMELINE_DAYS, timeline } from './service';

const timelineRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'timeline', async (request) => {
    const today = companyToday();
    const days = request.query.days === undefined ? DEFAULT_TIMELINE_DAYS : Number(request.query.days);
    return timeline(app.db, request.query.from ?? today, days, today);
  });
};

export default timelineRoutes;
