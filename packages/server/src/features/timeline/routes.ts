/** The owners' fleet timeline call. */
import type { FastifyPluginAsync } from 'fastify';
import { companyToday } from '@rental/contract';
import { addEndpoint } from '../../http/endpoint';
import { DEFAULT_TIMELINE_DAYS, timeline } from './service';

const timelineRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'timeline', async (request) => {
    const today = companyToday();
    const { from, carsFrom, cars, search } = request.query;
    const days = request.query.days === undefined ? DEFAULT_TIMELINE_DAYS : Number(request.query.days);
    return timeline(app.db, from ?? today, days, today, {
      carsFrom: carsFrom === undefined ? undefined : Number(carsFrom),
      cars: cars === undefined ? undefined : Number(cars),
      search,
    });
  });
};

export default timelineRoutes;
