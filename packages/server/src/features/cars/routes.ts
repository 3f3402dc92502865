import { API, type CarResponse, type CarsResponse, MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../http/errors';
import { findCar, listCarsForCustomers } from './service';

/** The public fleet. Unavailable cars are left out of the list but still open by id (see docs/decisions). */
const carsRoutes: FastifyPluginAsync = async (app) => {
  app.get(API.cars, async (): Promise<CarsResponse> => {
    return { success: true, cars: await listCarsForCustomers(app.db) };
  });

  app.get<{ Params: { id: string } }>('/api/user/car/:id', async (request): Promise<CarResponse> => {
    const car = await findCar(app.db, request.params.id);
    if (!car) throw new HttpError(404, MESSAGES.carNotFound);
    return { success: true, car };
  });
};

export default carsRoutes;
