/** The owner's calls on a car's pictures: add one, remove one, put them in order. */
import multipart from '@fastify/multipart';
import { MAX_CAR_PICTURES, MESSAGES } from '@rental/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { processImage, multipartOptions, readUpload } from '../images';
import { addCarPicture, deleteCarPicture, orderCarPictures, pictureCount } from './pictures';
import { findCar } from './service';

async function carAnswer(db: Parameters<typeof findCar>[0], id: string, message: string) {
  const car = await findCar(db, id);
  if (!car) throw new HttpError(404, MESSAGES.carNotFound);
  return { success: true as const, message, car };
}

const carPictureRoutes: FastifyPluginAsync = async (app) => {
  // The same upload limits as add-car; parses only when the handler asks, after the owner guard.
  await app.register(multipart, multipartOptions);

  addEndpoint(app, 'addCarPicture', async (request) => {
    const { id } = request.params;
    // Answered before the upload is read and decoded; checked again under the car's lock.
    if ((await pictureCount(app.db, id)) >= MAX_CAR_PICTURES) throw new HttpError(409, MESSAGES.tooManyCarPictures);
    const { image } = await readUpload(request);
    if (!image) throw new HttpError(400, MESSAGES.imageRequired);
    await addCarPicture(app.db, request.user.id, id, await processImage(image, 'car'));
    return carAnswer(app.db, id, MESSAGES.carPictureAdded);
  });

  addEndpoint(app, 'orderCarPictures', async (request) => {
    await orderCarPictures(app.db, request.user.id, request.params.id, request.body.order);
    return carAnswer(app.db, request.params.id, MESSAGES.carPicturesReordered);
  });

  addEndpoint(app, 'deleteCarPicture', async (request) => {
    await deleteCarPicture(app.db, request.user.id, request.params.id, request.params.pictureId);
    return carAnswer(app.db, request.params.id, MESSAGES.carPictureRemoved);
  });
};

export default carPictureRoutes;
