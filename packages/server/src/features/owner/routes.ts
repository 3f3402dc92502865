import multipart from '@fastify/multipart';
import {
  API,
  bankDetails,
  type CarResponse,
  type CarSavedResponse,
  type CarsResponse,
  carIdBody,
  type DashboardResponse,
  type MessageResponse,
  MESSAGES,
  type PublicBankDetailsResponse,
} from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, parseInput } from '../../http/errors';
import { imageUrl } from '../../http/imageUrl';
import { requireOwner } from '../auth/guards';
import { addCar, deleteCar, parseCarData, toggleCarAvailability, updateCar } from '../cars/fleet';
import { findCar, findCarRow, listFleet } from '../cars/service';
import { processImage } from '../images/process';
import { multipartOptions, readUpload } from '../images/upload';
import { getBankDetails, saveBankDetails } from './bankDetails';
import { dashboardData } from './dashboard';
import { setProfileImage } from './profileImage';

const ownerRoutes: FastifyPluginAsync = async (app) => {
  // Only parses when a handler asks, i.e. after the guard has let the caller in.
  await app.register(multipart, multipartOptions);

  // Public: customers read it before choosing to pay by cash deposit.
  app.get(API.publicBankDetails, async (): Promise<PublicBankDetailsResponse> => {
    const details = await getBankDetails(app.db);
    return details ? { success: true, bankDetails: details } : { success: true, bankDetails: null, message: MESSAGES.bankDetailsMissing };
  });

  app.put(API.bankDetails, { preHandler: requireOwner }, async (request): Promise<MessageResponse & PublicBankDetailsResponse> => {
    const details = parseInput(bankDetails, request.body);
    await saveBankDetails(app.db, request.user.id, details);
    return { success: true, message: MESSAGES.bankDetailsSaved, bankDetails: details };
  });

  app.get(API.dashboard, { preHandler: requireOwner }, async (): Promise<DashboardResponse> => {
    return { success: true, dashboardData: await dashboardData(app.db) };
  });

  app.get(API.ownerCars, { preHandler: requireOwner }, async (): Promise<CarsResponse> => {
    return { success: true, cars: await listFleet(app.db) };
  });

  app.get<{ Params: { id: string } }>('/api/owner/car/:id', { preHandler: requireOwner }, async (request): Promise<CarResponse> => {
    const car = await findCar(app.db, request.params.id);
    if (!car) throw new HttpError(404, MESSAGES.carNotFound);
    return { success: true, car };
  });

  app.post(API.addCar, { preHandler: requireOwner }, async (request, reply): Promise<CarSavedResponse> => {
    const { image, fields } = await readUpload(request);
    const carData = parseCarData(fields.carData);
    if (!image) throw new HttpError(400, MESSAGES.imageRequired);
    const car = await addCar(app.db, request.user.id, carData, await processImage(image, 'car'));
    reply.code(201);
    return { success: true, message: MESSAGES.carAdded, car };
  });

  app.put<{ Params: { id: string } }>('/api/owner/update-car/:id', { preHandler: requireOwner }, async (request): Promise<CarSavedResponse> => {
    // Answer an unknown car before spending time on its picture (updateCar checks again, under lock).
    if (!(await findCarRow(app.db, request.params.id))) throw new HttpError(404, MESSAGES.carNotFound);
    const { image, fields } = await readUpload(request);
    const carData = parseCarData(fields.carData);
    const processed = image ? await processImage(image, 'car') : undefined;
    const car = await updateCar(app.db, request.params.id, carData, processed);
    return { success: true, message: MESSAGES.carUpdated, car };
  });

  app.post(API.toggleCar, { preHandler: requireOwner }, async (request): Promise<CarSavedResponse> => {
    const { carId } = parseInput(carIdBody, request.body);
    const car = await toggleCarAvailability(app.db, carId);
    return { success: true, message: MESSAGES.carAvailabilityToggled, car };
  });

  app.post(API.deleteCar, { preHandler: requireOwner }, async (request): Promise<MessageResponse> => {
    const { carId } = parseInput(carIdBody, request.body);
    await deleteCar(app.db, carId);
    return { success: true, message: MESSAGES.carDeleted };
  });

  app.post(API.updateImage, { preHandler: requireOwner }, async (request): Promise<MessageResponse & { image: string }> => {
    const { image } = await readUpload(request);
    if (!image) throw new HttpError(400, 'Please choose an image.');
    const imageId = await setProfileImage(app.db, request.user.id, await processImage(image, 'profile'));
    return { success: true, message: MESSAGES.imageUpdated, image: imageUrl(imageId) };
  });
};

export default ownerRoutes;
