import multipart from '@fastify/multipart';
import { MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { imageUrl } from '../../http/imageUrl';
import { expiredPapersByCar } from '../carPapers';
import { addCar, deleteCar, parseCarData, toggleCarAvailability, updateCar, findCar, findCarRow, listFleet } from '../cars';
import { processImage, multipartOptions, readUpload } from '../images';
import { getBankDetails } from '../company';
import { saveBankDetails } from './bankDetails';
import { dashboardData } from './dashboard';
import { setupStatus } from './setupChecklist';
import { setProfileImage } from './profileImage';

const backOfficeRoutes: FastifyPluginAsync = async (app) => {
  // Only parses when a handler asks, i.e. after the guard has let the caller in.
  await app.register(multipart, multipartOptions);

  // Public: customers read it before choosing to pay by cash deposit.
  addEndpoint(app, 'publicBankDetails', async () => {
    const details = await getBankDetails(app.db);
    return details ? { success: true as const, bankDetails: details } : { success: true as const, bankDetails: null, message: MESSAGES.bankDetailsMissing };
  });

  addEndpoint(app, 'bankDetails', async (request) => {
    const details = await saveBankDetails(app.db, request.user.id, request.body, app.events);
    return { success: true as const, message: MESSAGES.bankDetailsSaved, bankDetails: details };
  });

  addEndpoint(app, 'dashboard', async () => {
    const [data, setup] = await Promise.all([dashboardData(app.db), setupStatus(app)]);
    return { success: true as const, dashboardData: { ...data, setup } };
  });

  addEndpoint(app, 'ownerCars', async () => {
    const [fleet, expired] = await Promise.all([listFleet(app.db), expiredPapersByCar(app.db)]);
    return { success: true as const, cars: fleet.map((car) => ({ ...car, paperAlert: expired.get(car._id) ?? null })) };
  });

  addEndpoint(app, 'ownerCar', async (request) => {
    const car = await findCar(app.db, request.params.id, undefined, true);
    if (!car) throw new HttpError(404, MESSAGES.carNotFound);
    return { success: true as const, car };
  });

  addEndpoint(app, 'addCar', async (request) => {
    const { image, fields } = await readUpload(request);
    const carData = parseCarData(fields.carData);
    if (!image) throw new HttpError(400, MESSAGES.imageRequired);
    const car = await addCar(app.db, request.user.id, carData, await processImage(image, 'car'));
    return { success: true as const, message: MESSAGES.carAdded, car };
  });

  addEndpoint(app, 'updateCar', async (request) => {
    // Answer an unknown car before spending time on its picture (updateCar checks again, under lock).
    if (!(await findCarRow(app.db, request.params.id))) throw new HttpError(404, MESSAGES.carNotFound);
    const { image, fields } = await readUpload(request);
    const carData = parseCarData(fields.carData);
    const processed = image ? await processImage(image, 'car') : undefined;
    const car = await updateCar(app.db, request.params.id, carData, processed, request.user);
    return { success: true as const, message: MESSAGES.carUpdated, car };
  });

  addEndpoint(app, 'toggleCar', async (request) => {
    const car = await toggleCarAvailability(app.db, request.body.carId, request.user.id);
    return { success: true as const, message: MESSAGES.carAvailabilityToggled, car };
  });

  addEndpoint(app, 'deleteCar', async (request) => {
    await deleteCar(app.db, request.body.carId, request.user.id);
    return { success: true as const, message: MESSAGES.carDeleted };
  });

  addEndpoint(app, 'updateImage', async (request) => {
    const { image } = await readUpload(request);
    if (!image) throw new HttpError(400, 'Please choose an image.');
    const imageId = await setProfileImage(app.db, request.user.id, await processImage(image, 'profile'));
    return { success: true as const, message: MESSAGES.imageUpdated, image: imageUrl(imageId) };
  });
};

export default backOfficeRoutes;
