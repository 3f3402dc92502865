import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { findCar, listCarsForCustomers } from './service';

/** The public fleet. Unavailable cars are left out of the list but still open by id (see docs/decisions). */
const carsRoutes: FastifyPluginAsync = async (app) => {
  addEndpoint(app, 'cars', async () => {
    return { success: true as const, cars: await listCarsForCustomers(app.db) };
  });

  addEndpoint(app, 'car', async (request) => {
    const car = await findCar(app.db, request.params.id);
    if (!car) throw new HttpError(404, MESSAGES.carNotFound);
    return { success: true as const, car };
  });
};

export default carsRoutes;
