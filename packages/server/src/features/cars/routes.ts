import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { answerJson, sendEncoded, answerKeys } from '../fleetCache';
import type { Car } from '@rental/contract';
import { pageOfCars } from './carsPage';
import { findCar, listCarsForCustomers } from './service';

/**
 * The public fleet. Unavailable cars are left out of the list but still open by id (see docs/decisions).
 * Answers come from the fleet cache (decision 070): made once per fleet version and day in Jamaica.
 */
const carsRoutes: FastifyPluginAsync = async (app) => {
  const { fleetCache } = app;
  const publicUrl = app.config.publicUrl;

  addEndpoint(app, 'cars', async (request, reply) => {
    const { stamp, today } = await fleetCache.stamp();
    const answer = await fleetCache.answers.get(answerKeys.cars(stamp), async () =>
      answerJson('cars', { success: true as const, cars: await listCarsForCustomers(app.db, today) }, publicUrl),
    );
    return sendEncoded(request, reply, answer);
  });

  // The fleet as a list of cars for this stamp, kept for the pages cut from it (one read per fleet change or day).
  let kept: { stamp: string; cars: Promise<Car[]> } | undefined;
  const fleetFor = (stamp: string, today: string): Promise<Car[]> => {
    if (kept?.stamp !== stamp) {
      const cars = listCarsForCustomers(app.db, today);
      kept = { stamp, cars };
      cars.catch(() => {
        if (kept?.cars === cars) kept = undefined;
      });
    }
    return kept.cars;
  };

  addEndpoint(app, 'carsPage', async (request, reply) => {
    const { stamp, today } = await fleetCache.stamp();
    const { page, size, search, category } = request.query;
    const answer = await fleetCache.answers.get(answerKeys.carsPage(stamp, [page, size, search?.toLowerCase(), category]), async () =>
      answerJson('carsPage', pageOfCars(await fleetFor(stamp, today), request.query), publicUrl),
    );
    return sendEncoded(request, reply, answer);
  });

  addEndpoint(app, 'car', async (request, reply) => {
    const { stamp, today } = await fleetCache.stamp();
    const answer = await fleetCache.answers.get(answerKeys.car(stamp, request.params.id), async () => {
      const car = await findCar(app.db, request.params.id, today);
      if (!car) throw new HttpError(404, MESSAGES.carNotFound);
      return answerJson('car', { success: true as const, car }, publicUrl);
    });
    return sendEncoded(request, reply, answer);
  });
};

export default carsRoutes;
